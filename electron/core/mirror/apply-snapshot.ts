// A dataset's answer applied to the mirror: the list's plan (snapshot-plan.ts) handed to the data
// layer's apply (db/write/snapshot/apply-snapshot.ts), which knows tables and rows but no list.
import type { WriteDb } from '../db/handles.ts';
import { beginSnapshotOf, type SnapshotApplier, type SnapshotPart, type SnapshotScope } from '../db/write/snapshot/apply-snapshot.ts';
import { DEFAULT_CAPS, type DatasetCaps } from './dataset-caps.ts';
import { snapshotPlan } from './snapshot-plan.ts';

/**
 * Begins one complete answer of a dataset, in one write transaction. `appendOnly`: the answer adds
 * rows and replaces some, and deletes none (a log's newer events); `part`: the answer is complete
 * for some of the table's values only (stock of some items).
 */
export function beginSnapshot(
  db: WriteDb,
  datasetId: number,
  scope: SnapshotScope,
  part: SnapshotPart | null = null,
  { appendOnly = false, caps = DEFAULT_CAPS }: { appendOnly?: boolean; caps?: DatasetCaps } = {},
): SnapshotApplier {
  return beginSnapshotOf(db, datasetId, scope, snapshotPlan(scope, caps), part, { appendOnly });
}
