// Upkeep of the full-text indexes, called by the sync at the end of a round (the lookup side only
// reads them).
//
// FTS5 writes every batch of an apply as a new segment and merges segments only now and then, so
// after a first sync an index is dozens of segments, and every word of every query looks into each
// of them. A bulk load leaves the merge to this step, after its commit: the data is searchable
// sooner, and the merge runs in its own transaction. Merged into one, a word search costs about half
// as much and a search that finds nothing a quarter. Merging rewrites the whole index, which takes
// seconds for a large mirror, so it is worth it after
// a round that wrote a large part of a table (a first sync), not after a round of small changes.
import type { SearchIndex, TableName } from '../db/tables.ts';

export type { SearchIndex } from '../db/tables.ts';

/** The full-text index of each table that has one. */
export const SEARCH_INDEXES: Partial<Record<TableName, SearchIndex>> = {
  items: 'items_fts',
  locations: 'locations_fts',
  records: 'records_fts',
};

/** True when a round wrote enough of a table (`written` of its `rows`, counted only when needed) for its index to be worth compacting. */
export function worthCompacting(written: number, rows: () => number): boolean {
  return written >= 10_000 && written >= rows() / 10;
}
