// The end of a round: the datasets that left the plan settled, what was learnt saved, large
// full-text indexes merged, the WAL cut back (wal.ts).
import type { Notice } from '../../../contract/types.ts';
import { checkpointAfterRound } from '../../db/wal.ts';
import type { WriteDb } from '../../db/handles.ts';
import { tableLastRid, tableRowCount } from '../../db/read/list-rows.ts';
import { inOneWrite } from '../../db/write/in-one-write.ts';
import { buildDeferredIndexes } from '../../db/write/deferred-indexes.ts';
import { TABLES, type TableName } from '../../mirror/record-tables.ts';
import { compactSearchIndexes } from '../../db/write/search-index.ts';
import { SEARCH_INDEXES, type SearchIndex, worthCompacting } from '../../mirror/search-index.ts';
import { keepSearchWords } from '../../db/search-words/keep.ts';
import { pruneAccountedItems } from '../../db/stock-refresh/write.ts';
import { settleUnplanned } from '../unplanned-datasets.ts';
import type { Planned } from './plan.ts';
import type { RoundState } from './round-state.ts';
import type { RoundResult } from './types.ts';

export function finishRound(r: RoundState, planned: Planned): RoundResult {
  const { db, options, results } = r;
  clearTimeout(r.roundTimer);
  // Only a complete round settles the datasets it did not plan: every scope list read (a held or
  // failed one plans from what the mirror had), no `only`, not cancelled (unplanned-datasets.ts).
  const scopesRead = ['accounts', 'facilities'].every((k) => ['applied', 'unchanged'].includes(results.find((x) => x.key === k)?.outcome ?? ''));
  let dropped = 0;
  const notices: Notice[] = [];
  if (!options.only && scopesRead && !options.signal?.aborted) {
    const settled = settleUnplanned(db, new Set(planned.specs.map((s) => s.key)), options.plan, planned.names, r.startedAt);
    dropped = settled.dropped;
    notices.push(...settled.notices);
  }
  r.forms.save();
  // a first load meant to build them failed or was not read: the table gets its indexes now
  buildDeferredIndexes(db);
  pruneAccountedItems(db);
  compactAfter(db, r.written);
  checkpointAfterRound(db, dropped > 0 || results.some((x) => x.outcome === 'applied'));
  return { startedAt: r.startedAt, finishedAt: new Date().toISOString(), datasets: results, notices };
}

/**
 * Merges the full-text index of each table this round wrote a large part of (a first sync), or wrote
 * at all when it is small (mirror/search-index.ts), one transaction each; then keeps the indexes' words for the search box's spelling help (db/search-words/).
 */
function compactAfter(db: WriteDb, written: Map<TableName, number>): void {
  const changed: SearchIndex[] = [];
  let afresh = false;
  for (const [table, count] of written) {
    const index = SEARCH_INDEXES[table];
    if (!index || count === 0) continue;
    changed.push(index);
    // the table is counted only for a round that wrote enough rows to be worth it
    if (worthCompacting(count, () => tableRowCount(db, TABLES[table].name), () => tableLastRid(db, TABLES[table].name))) {
      inOneWrite(db, () => compactSearchIndexes(db, [index]));
      afresh = true;
    }
  }
  if (changed.length > 0) keepSearchWords(db, changed, { afresh });
}
