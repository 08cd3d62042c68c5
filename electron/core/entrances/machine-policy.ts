// Entrance: the machine policy IT deploys (every host reads it at start and applies it to its settings).
export { LAST_GOOD_POLICY_FILE, machinePolicyPath, NO_POLICY, POLICY_FILE_ENV, readMachinePolicy, settingsUnderPolicy, type MachinePolicy } from '../settings/machine-policy.ts';
