// Entrance: the workstation's kiosk policy file, which IT writes (`aisle kiosk`) and the Electron
// host reads once at start.
export { readKioskPolicy, removeKioskPolicy, writeKioskPolicy } from '../session/kiosk-policy.ts';
