// The stored rows a snapshot no longer keeps: those a complete answer no longer holds, and a log's
// outside its window. Deleted when the snapshot finishes (finish.ts).
import type { SnapshotState } from './state.ts';
import { ID_PART, type LogKeep, type SnapshotPart } from './types.ts';
import { SEEN, WALKED } from './flags.ts';
import { LOG_NEWEST_FIRST } from '../../log-order.ts';

/**
 * Stored rows of this dataset the snapshot did not hold: the walk read to its end, then the rows
 * it flagged and the ranges it jumped over (rarely any: only out of order) not seen.
 */
export function notSeen(s: SnapshotState): number[] {
  const { stored, flags, maxRid } = s;
  while (stored.take());
  const gone: number[] = [];
  for (let rid = 1; rid <= maxRid; rid++) if (flags[rid] === WALKED) gone.push(rid);
  const { unread } = stored.batches;
  if (unread.length === 0) return gone;
  const range = s.db.prepare(`SELECT rid FROM ${s.table.name} WHERE dataset_id = ? AND rid > ? AND rid < ? AND rid <= ?`).pluck();
  for (let i = 0; i < unread.length; i += 2) {
    for (const rid of range.all(s.datasetId, unread[i], unread[i + 1], maxRid) as number[]) if (!(flags[rid] & SEEN)) gone.push(rid);
  }
  return gone.sort((a, b) => a - b);
}

/** Stored rows of this dataset (before this snapshot) in the part's answer that it did not hold. */
export function partNotSeen(s: SnapshotState, { column, values }: SnapshotPart): number[] {
  // by the column's index (`+`: never by reading the whole dataset for each value); ids by the
  // table's unique index of them (records': of the dataset and id)
  const dataset = column === ID_PART ? 'dataset_id' : '+dataset_id';
  const rowsOf = s.db.prepare(`SELECT rid FROM ${s.table.name} WHERE ${column} = ? AND ${dataset} = ? AND +rid <= ?`).pluck();
  const gone: number[] = [];
  for (const value of new Set(values)) for (const rid of rowsOf.all(value, s.datasetId, s.maxRid) as number[]) if (!(s.flags[rid] & SEEN)) gone.push(rid);
  // deleted in the table's order: each deletion then touches pages near the last one's
  return gone.sort((a, b) => a - b);
}

/** A log's rows before its window or beyond its newest `maxRows`, removed; their rids. */
export function cutToWindow(s: SnapshotState, log: LogKeep): number[] {
  const outside = s.db.prepare(logOutsideSql(s.table.name)).pluck().all(s.datasetId, log.from, s.datasetId, log.maxRows) as number[];
  removeRows(s, outside);
  return outside;
}

/**
 * A log's rows before the window or beyond its newest `maxRows`, in the order a site relay cuts its
 * generation by (log-order.ts): never by rid, the order rows arrived in this one mirror.
 */
function logOutsideSql(t: string): string {
  return `SELECT rid FROM ${t} WHERE dataset_id = ? AND created_on < ?
    UNION SELECT rid FROM (SELECT rid FROM ${t} WHERE dataset_id = ? ORDER BY ${LOG_NEWEST_FIRST} LIMIT -1 OFFSET ?)`;
}

/** Deletes rows and their full-text entries. */
export function removeRows(s: SnapshotState, rids: number[]): void {
  const remove = s.db.prepare(`DELETE FROM ${s.table.name} WHERE rid = ?`);
  for (const rid of rids) {
    remove.run(rid);
    s.statements.ftsDelete?.run(rid);
  }
}
