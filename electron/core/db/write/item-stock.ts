// Each item's stock summary (item_stock, migration 14) made equal again to the stock rows, for the
// items a write of stock rows changed: those of the rows it added (their rid after the table's
// largest before it) and the items it names (rows it changed or deleted, before and after). Called
// before every commit that writes stock rows: a snapshot of stock, a dataset dropped, the stock
// rows' columns extracted again. The copy of the summary by the item's row (item_stock_by_rid,
// migration 21) is written with it, for the same items: this file is the only writer of both.
import type { WriteDb } from '../handles.ts';
import { stmt } from '../statements.ts';

// UNION ALL: an IN list needs no repeats taken out, and to take them out by merging, the planner
// read the whole item index of the stock in order instead of the rows added, by rid.
const ITEMS = `SELECT item_id FROM inventory WHERE rid > ? UNION ALL SELECT value FROM json_each(?)`;

/**
 * The summary of the items whose stock rows `which` picks, from those rows: the same sum and the same
 * top row as the stock of a page of hits read from the rows themselves (read/inventory.ts); a bare
 * column of max() is read from the row that gave the max.
 */
const summaryOf = (which: string) => `INSERT INTO item_stock (item_id, on_hand, location_code, facility_id)
    SELECT item_id, on_hand, location_code, facility_id FROM (
      SELECT item_id, total(qty_on_hand) AS on_hand, location_code, facility_id, max((facility_id IS NULL) * 1e15 + coalesce(qty_on_hand, 0))
      FROM inventory WHERE ${which} AND qty_on_hand > 0 GROUP BY item_id)`;

/**
 * The copy by row of the summary of the items `which` picks (every row of theirs: a file whose item
 * ids are not yet unique, as a stopped first sync leaves it, may hold one twice), written in rid
 * order: written in id order, the rows would land all over the table. The items are read from their
 * id index, in the summaries' own order, and sorted by rid (`+x.rid`: ordered by the bare rid, the
 * planner reads the whole items table in rid order instead, each item's summary then probed at
 * random, about twice as slow for every item; decision 0031).
 */
const byRidOf = (which: string) => `INSERT OR REPLACE INTO item_stock_by_rid (rid, item_id, on_hand, location_code, facility_id)
    SELECT x.rid, x.id, s.on_hand, s.location_code, s.facility_id FROM items x LEFT JOIN item_stock s ON s.item_id = x.id WHERE ${which} ORDER BY +x.rid`;

/**
 * No copy at all, until a later write makes them again: a page of hits then reads each summary by
 * id. For a first sync's stock loads before its last, whose summaries the last makes again whole.
 */
const NO_COPIES = `DELETE FROM item_stock_by_rid`;

const SETTLE = [`DELETE FROM item_stock WHERE item_id IN (${ITEMS})`, summaryOf(`item_id IN (${ITEMS})`)];
const SETTLE_COPIES = byRidOf(`x.id IN (${ITEMS})`);

// A load into a stock table that held no rows (every row is its own), or one large enough to build
// the table's indexes again (it touched most items): the summary is read from all the rows in one
// pass, the item index whole in item order when it is there (migration 19), without looking each
// row's item up among those the load touched.
const SETTLE_ALL = [`DELETE FROM item_stock`, summaryOf('item_id IS NOT NULL')];

/**
 * Whether a settle writes the copies by row of the summaries it makes (`copies`), or deletes them
 * all (`later`: a first sync's stock load that another follows, which settles every item again).
 */
export type StockCopies = 'copies' | 'later';

/** Computes the summary of every item again from all the stock rows: for a load into an empty stock table, or one that built its indexes again. */
export function settleAllItemStock(db: WriteDb, copies: StockCopies = 'copies'): void {
  for (const sql of SETTLE_ALL) stmt(db, sql).run();
  stmt(db, NO_COPIES).run();
  if (copies === 'copies') stmt(db, byRidOf('1')).run();
}

/**
 * Computes again the summary of the items of the stock rows added after `afterRid`, and of `items`.
 * Call inside the transaction that wrote them.
 */
export function settleItemStock(db: WriteDb, afterRid: number, items: Iterable<string | null>, copies: StockCopies = 'copies'): void {
  const named = JSON.stringify([...new Set(items)].filter((item) => item !== null));
  for (const sql of SETTLE) stmt(db, sql).run(afterRid, named);
  if (copies === 'copies') stmt(db, SETTLE_COPIES).run(afterRid, named);
  else stmt(db, NO_COPIES).run();
}

/** The items of these stock rows (before they are changed or deleted). */
export function itemsOfStockRows(db: WriteDb, rids: readonly number[]): (string | null)[] {
  if (rids.length === 0) return [];
  return stmt(db, 'SELECT item_id FROM inventory WHERE rid IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(rids)) as (string | null)[];
}

/** The largest rid of the stock rows: a write's own rows come after it. */
export function lastStockRid(db: WriteDb): number {
  return stmt(db, 'SELECT coalesce(max(rid), 0) FROM inventory').pluck().get() as number;
}

/** The items of a dataset's stock rows (before the dataset is dropped). */
export function itemsOfStockDataset(db: WriteDb, datasetId: number): (string | null)[] {
  return stmt(db, 'SELECT DISTINCT item_id FROM inventory WHERE dataset_id = ?').pluck().all(datasetId) as (string | null)[];
}
