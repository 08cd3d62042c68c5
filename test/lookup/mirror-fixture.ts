// Fills a mirror through the mirror's own apply (ensureDataset + beginSnapshot), exactly as a sync
// would, with a chosen "last synced" time. Used by the lookup tests and the lookup benchmark.
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { tableOf } from '../../electron/core/lists/registry.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { SEARCH_INDEXES } from '../../electron/core/mirror/search-index.ts';
import { keepSearchWords } from '../../electron/core/db/search-words/keep.ts';

export interface DatasetLoad {
  list: string;
  scopeKind?: 'global' | 'account' | 'facility';
  scopeId?: string | null;
  /** Time of the "last successful sync"; null: never synced (rows kept, as after a failed first round). */
  syncedAt: string | null;
}

export function datasetKey(load: DatasetLoad): string {
  const scopeKind = load.scopeKind ?? 'global';
  return scopeKind === 'global' ? load.list : `${load.list}@${scopeKind}:${load.scopeId}`;
}

/** Applies one complete snapshot of a dataset; resolves to its dataset_id. */
export function loadDataset(db: WriteDb, load: DatasetLoad, records: Iterable<Record<string, unknown>>): number {
  const scopeKind = load.scopeKind ?? 'global';
  const scopeId = load.scopeId ?? null;
  const key = datasetKey(load);
  const table = tableOf(load.list);
  const datasetId = ensureDataset(db, { key, list: load.list, scopeKind, scopeId, path: `/${key}` });
  // a generated warehouse is as large as asked (the bench's million items), under the default caps
  // a sync keeps: a first load is bounded by the room on the disk, a later one by what it held
  const applier = beginSnapshot(db, datasetId, { table, list: load.list, scopeId });
  for (const record of records) applier.add(JSON.stringify(record));
  const result = applier.finish({ etag: null, at: load.syncedAt ?? new Date(0).toISOString(), allowMassDelete: true });
  if (result.kind !== 'applied') throw new Error(`fixture snapshot of ${key} was held`);
  if (load.syncedAt === null) db.prepare('UPDATE datasets SET last_success_at = NULL WHERE dataset_id = ?').run(datasetId);
  // the words the sync keeps after a round that wrote an indexed table
  const index = SEARCH_INDEXES[table];
  if (index) keepSearchWords(db, [index]);
  return datasetId;
}
