// Upkeep of the full-text indexes, called by the sync at the end of a round (the lookup side only
// reads them).
//
// FTS5 writes every batch of an apply as a new segment and merges segments only now and then, so
// after a first sync an index is dozens of segments, and every word of every query looks into each
// of them. A bulk load leaves the merge to this step, after its commit: the data is searchable
// sooner, and the merge runs in its own transaction. Merged into one, a word search costs about half
// as much and a search that finds nothing a quarter. Merging rewrites the whole index, which takes
// seconds for a large mirror, so it is worth it after
// a round that wrote a large part of a table (a first sync), not after a round of small changes;
// a small table's index (the small lists' records) is merged after every round that wrote it, in
// milliseconds: written a list at a time, it would otherwise keep a segment per list, each looked
// into by every word of every search.
import type { SearchIndex, TableName } from '../db/tables.ts';

export type { SearchIndex } from '../db/tables.ts';

/** The full-text index of each table that has one. */
export const SEARCH_INDEXES: Partial<Record<TableName, SearchIndex>> = {
  items: 'items_fts',
  locations: 'locations_fts',
  records: 'records_fts',
};

/** A table of at most this many rows has its index merged after every round that wrote it, which takes milliseconds (decision 0024). */
export const SMALL_TABLE_ROWS = 20_000;

/**
 * True when a round that wrote `written` rows of a table should compact its index: it wrote a large
 * part of it (`rows`, counted only when needed), or the table is small (`lastRid`, its largest
 * rowid: no fewer than its rows, and read in one probe where a count reads the whole table).
 */
export function worthCompacting(written: number, rows: () => number, lastRid: () => number): boolean {
  if (written === 0) return false;
  return (written >= 10_000 && written >= rows() / 10) || lastRid() <= SMALL_TABLE_ROWS;
}
