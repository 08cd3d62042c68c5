// How old an answer is: the last successful sync of the datasets behind it, and whether that is
// past the list's staleness threshold (settings `staleAfterMinutes`, per list or `default`).
import type { DataAge } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import { datasetInfos, fileStamp, type DatasetInfo } from '../db/read/datasets.ts';
import { facilityNameRows } from '../db/read/scopes.ts';

/** Thresholds per list name, with `default` for the rest (minutes). */
export type StaleThresholds = Record<string, number>;

const FALLBACK_MINUTES = 24 * 60;

export function staleAfter(thresholds: StaleThresholds, list: string): number {
  return thresholds[list] ?? thresholds.default ?? FALLBACK_MINUTES;
}

/** Small facts about the whole mirror that answers name per row: read once, not once per row. */
export interface MirrorFacts {
  /** The datasets, by dataset_id. */
  datasets: Map<number, DatasetInfo>;
  /** Each facility's name (else its code), by id. */
  facilityNames: Map<string, string | null>;
}

const cache = new WeakMap<ReadDb, { stamp: string; facts: MirrorFacts }>();

/** Read once per change of the file (fileStamp). Callers must not modify the maps. */
export function readFacts(db: ReadDb): MirrorFacts {
  const stamp = fileStamp(db);
  const cached = cache.get(db);
  if (cached?.stamp === stamp) return cached.facts;
  const facts = { datasets: new Map(datasetInfos(db).map((row) => [row.datasetId, row])), facilityNames: new Map(facilityNameRows(db)) };
  cache.set(db, { stamp, facts });
  return facts;
}

/** The datasets of the mirror, by dataset_id (readFacts). */
export function readDatasets(db: ReadDb): Map<number, DatasetInfo> {
  return readFacts(db).datasets;
}

/** The age of one dataset's data. A dataset never synced has no time and is stale. */
export function datasetAge(dataset: Pick<DatasetInfo, 'list' | 'lastSuccessAt'> | undefined, list: string, thresholds: StaleThresholds, now: Date): DataAge {
  const minutes = staleAfter(thresholds, dataset?.list ?? list);
  const syncedAt = dataset?.lastSuccessAt ?? null;
  const stale = syncedAt === null || now.getTime() - Date.parse(syncedAt) > minutes * 60_000;
  return { syncedAt, stale, staleAfterMinutes: minutes };
}

/**
 * The age of an answer built from several datasets: the oldest sync wins, stale if any is stale.
 * With no dataset at all (nothing of that list was ever synced) the answer is stale with no time.
 */
export function combinedAge(datasets: readonly (Pick<DatasetInfo, 'list' | 'lastSuccessAt'> | undefined)[], list: string, thresholds: StaleThresholds, now: Date): DataAge {
  if (datasets.length === 0) return datasetAge(undefined, list, thresholds, now);
  const ages = datasets.map((dataset) => datasetAge(dataset, list, thresholds, now));
  let oldest = ages[0];
  for (const age of ages) {
    if (age.syncedAt === null || (oldest.syncedAt !== null && age.syncedAt < oldest.syncedAt)) oldest = age;
  }
  return {
    syncedAt: oldest.syncedAt,
    stale: ages.some((age) => age.stale),
    staleAfterMinutes: Math.min(...ages.map((age) => age.staleAfterMinutes)),
  };
}

/** The datasets of one list, optionally of one scope. */
export function datasetsOf(datasets: Map<number, DatasetInfo>, list: string, scopeId?: string | null): DatasetInfo[] {
  return [...datasets.values()].filter((d) => d.list === list && (scopeId == null || d.scopeId === scopeId));
}
