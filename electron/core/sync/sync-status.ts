// The status of every dataset, read from the mirror's `datasets` table: what `sync.status`, the
// status bar and `aisle status` show.
import type { DatasetStatus, Settings } from '../../contract/types.ts';
import { toDatasetStatus } from '../mirror/dataset-state.ts';
import { allDatasets } from '../db/read/datasets.ts';
import { scopeNamesById } from '../db/read/scopes.ts';
import type { ReadDb } from '../db/connection.ts';
import { listLabel } from '../lists/registry.ts';


export function readDatasetStatuses(db: ReadDb, settings: Pick<Settings, 'staleAfterMinutes'>, syncing: ReadonlySet<string> = new Set(), now = Date.now()): DatasetStatus[] {
  const names = scopeNamesById(db, false);
  return allDatasets(db).map((row) =>
    toDatasetStatus(row, { label: listLabel(row.list), scopeName: row.scope_id ? (names.get(row.scope_id) ?? null) : null }, settings, syncing.has(row.key), now),
  );
}
