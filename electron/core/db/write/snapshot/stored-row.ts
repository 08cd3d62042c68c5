// The questions the steps ask about a stored row during a snapshot apply: met yet, the same content, found by its id.
import { SEEN } from './flags.ts';
import type { SnapshotState } from './state.ts';
import type { StoredRow } from './types.ts';

/** The row is met in the snapshot (counted once, when it is this dataset's). */
export function markSeen(s: SnapshotState, row: StoredRow): void {
  if (row.rid > s.maxRid || s.flags[row.rid] & SEEN) return;
  s.flags[row.rid] |= SEEN;
  if (row.dataset_id === undefined || row.dataset_id === s.datasetId) s.seenOwn++;
}

/** The stored row holds exactly this content, for this dataset. */
export function isSame(s: SnapshotState, row: StoredRow, hash: number): boolean {
  return row.hash === hash && (row.dataset_id === undefined || row.dataset_id === s.datasetId);
}

/** The stored row of an id, by its index. */
export function lookup(s: SnapshotState, id: string): StoredRow | undefined {
  s.lookups++;
  return (s.table.name === 'records' ? s.statements.find.get(s.datasetId, id) : s.statements.find.get(id)) as StoredRow | undefined;
}
