// The contract's field map method: the signed-in mirror's decisions, and IT's file as it is now.
import type { MirrorManager } from '../mirror/mirror-manager.ts';
import type { FieldMapReport } from '../../contract/types.ts';
import type { MachinePolicy } from '../settings/machine-policy.ts';
import { fieldMapReport } from './field-map-report.ts';

export function createFieldMapHandlers(dataDir: string, mirrors: MirrorManager, policy?: MachinePolicy): { 'fields.map': () => FieldMapReport } {
  return { 'fields.map': () => fieldMapReport(mirrors.current()?.db ?? null, dataDir, policy) };
}
