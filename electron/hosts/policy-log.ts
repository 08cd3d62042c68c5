// The machine policy as every host logs it at start: in force, or why not and what is in force instead.
import type { Logger, MachinePolicy } from '../core/index.ts';

/** What IT reads in the log about the machine policy at each start: in force, or why not. */
export function logPolicy(log: Logger, policy: MachinePolicy): void {
  if (policy.problem) log.error('policy: the machine policy is not in force as written', { file: policy.file, problem: policy.problem, inForce: policy.source });
  else if (policy.source === 'file') log.info('policy: in force', { file: policy.file, locked: policy.locked, allowedServers: policy.allowedServers, demoAllowed: policy.demoAllowed, updateFeed: policy.updateFeed, caBundleFile: policy.caBundleFile, kiosk: policy.kiosk !== null });
}
