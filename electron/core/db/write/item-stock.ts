// Each item's stock summary (item_stock, migration 14) made equal again to the stock rows, for the
// items a write of stock rows changed: those of the rows it added (their rid after the table's
// largest before it) and the items it names (rows it changed or deleted, before and after). Called
// before every commit that writes stock rows: a snapshot of stock, a dataset dropped, the stock
// rows' columns extracted again.
import type { WriteDb } from '../handles.ts';
import { stmt } from '../statements.ts';

const ITEMS = `SELECT item_id FROM inventory WHERE rid > ? UNION SELECT value FROM json_each(?)`;

/**
 * The summary of the items whose stock rows `which` picks, from those rows: the same sum and the same
 * top row as the stock of a page of hits read from the rows themselves (read/inventory.ts); a bare
 * column of max() is read from the row that gave the max.
 */
const summaryOf = (which: string) => `INSERT INTO item_stock (item_id, on_hand, location_code, facility_id)
    SELECT item_id, on_hand, location_code, facility_id FROM (
      SELECT item_id, total(qty_on_hand) AS on_hand, location_code, facility_id, max((facility_id IS NULL) * 1e15 + coalesce(qty_on_hand, 0))
      FROM inventory WHERE ${which} AND qty_on_hand > 0 GROUP BY item_id)`;

const SETTLE = [`DELETE FROM item_stock WHERE item_id IN (${ITEMS})`, summaryOf(`item_id IN (${ITEMS})`)];

// A load into a stock table that held no rows (every row is its own), or one large enough to build
// the table's indexes again (it touched most items): the summary is read from all the rows in one
// pass, the item index whole in item order when it is there (migration 19), without looking each
// row's item up among those the load touched.
const SETTLE_ALL = [`DELETE FROM item_stock`, summaryOf('item_id IS NOT NULL')];

/** Computes the summary of every item again from all the stock rows: for a load into an empty stock table, or one that built its indexes again. */
export function settleAllItemStock(db: WriteDb): void {
  for (const sql of SETTLE_ALL) stmt(db, sql).run();
}

/**
 * Computes again the summary of the items of the stock rows added after `afterRid`, and of `items`.
 * Call inside the transaction that wrote them.
 */
export function settleItemStock(db: WriteDb, afterRid: number, items: Iterable<string | null>): void {
  const named = JSON.stringify([...new Set(items)].filter((item) => item !== null));
  for (const sql of SETTLE) stmt(db, sql).run(afterRid, named);
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
