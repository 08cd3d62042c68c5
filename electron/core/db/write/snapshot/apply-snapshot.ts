// Applies one complete snapshot of a dataset in ONE write transaction: readers on other connections
// (WAL) see the old dataset until COMMIT, then the new one, never a mix. Rows whose content hash is
// unchanged are not rewritten; rows absent from the snapshot are deleted at the end; a snapshot that
// would delete most of a dataset, or empty it, is rolled back and reported as held (mass-delete-guard.ts).
// A log (history) keeps what it has and the events received, within its window (LogKeep). A part
// (db/stock-refresh/) is the complete answer for some items only: the rows of those items it does not
// hold are deleted, every other row stays; a part by id is a set of changes (a site relay's generation).
//
// The steps, one file each, share one state (state.ts): begin.ts opens the transaction; each element
// goes through add-element.ts (the walk of the stored rows, walk.ts, finds it unchanged, or
// store-record.ts writes it; a large first load switches to bulk-load.ts); finish.ts deletes what
// is gone (gone.ts) and commits, or rolls back.
import type { WriteDb } from '../../handles.ts';
import { addElement, addKeptBytes } from './add-element.ts';
import { begin } from './begin.ts';
import { finish, rollback } from './finish.ts';
import type { Json, SnapshotPlan } from './plan.ts';
import type { SnapshotApplier, SnapshotPart, SnapshotScope } from './types.ts';

export type { ApplyResult, LogKeep, SnapshotApplier, SnapshotPart, SnapshotScope } from './types.ts';
export type { SnapshotPlan } from './plan.ts';
export { ID_PART } from './types.ts';

/**
 * `appendOnly`: the answer adds rows and replaces some, and deletes none (a log's newer events, kept
 * with the stored ones: LogKeep.append, which finish must then be given). The stored rows are not
 * walked: the walk only serves to find the rows an answer no longer holds, and a log sends its
 * events newest first, against the walk's order, so each is looked for by its id anyway.
 */
export function beginSnapshotOf(
  db: WriteDb,
  datasetId: number,
  scope: SnapshotScope,
  plan: SnapshotPlan,
  part: SnapshotPart | null,
  { appendOnly = false }: { appendOnly?: boolean } = {},
): SnapshotApplier {
  const s = begin(db, datasetId, scope, plan, part, appendOnly);
  return {
    get received() {
      return s.received;
    },
    get lookups() {
      return s.lookups;
    },
    get walked() {
      return s.stored.batches.walked;
    },
    add: (element) => addElement(s, element),
    addKept: (bytes) => addKeptBytes(s, bytes),
    // what the records seen so far weigh, without the envelopes kept beside them
    announced: (total, name) => s.limits.announced(total, s.elements, s.elementBytes - s.keptBytes, name),
    finish: (options) => finish(s, options),
    abort: () => rollback(s),
    valueOf(element, column) {
      const record = JSON.parse(element.toString('utf8')) as Json;
      const field = s.fields ? s.fields.map[column] : s.fieldMap.fieldByNames(record, column);
      return field ? plan.fieldValue(record, field) : undefined;
    },
  };
}
