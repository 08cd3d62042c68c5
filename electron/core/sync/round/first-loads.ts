// Whether another first load of a table follows in this round: then the load applying now leaves the
// table's indexes dropped for that one to build (db/write/deferred-indexes.ts). A first sync loads
// every account's items, and every facility's stock, into tables that held none of them.
import { datasetByKey } from '../../db/read/datasets.ts';
import type { DatasetSpec } from '../../mirror/dataset-state.ts';
import type { RoundState } from './round-state.ts';

/** True when a dataset of `spec`'s table, other than it, is still to be read this round and holds no rows yet. */
export function firstLoadFollows(r: RoundState, spec: DatasetSpec): boolean {
  if (r.signal?.aborted) return false;
  const ended = new Set(r.results.map((x) => x.key));
  const only = r.options.only;
  return r.scoped.some((other) => {
    if (other.table !== spec.table || other.key === spec.key || ended.has(other.key)) return false;
    if (only && !only.includes(other.key)) return false;
    const row = datasetByKey(r.db, other.key);
    return !row || row.rows === 0;
  });
}
