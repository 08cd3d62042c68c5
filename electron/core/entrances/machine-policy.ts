// Entrance: the machine policy IT deploys (every host reads it at start and applies it to its settings).
export { readMachinePolicy, settingsUnderPolicy, type MachinePolicy } from '../settings/machine-policy.ts';
