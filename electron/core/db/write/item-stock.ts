// Each item's stock summary (item_stock, migration 14) made equal again to the stock rows, for the
// items whose rows the current transaction changed (the triggers named them in item_stock_stale).
// Called before every commit that writes stock rows: a snapshot of stock, a dataset dropped, the
// stock rows' columns extracted again.
import type { WriteDb } from '../handles.ts';
import { stmt } from '../statements.ts';

// The same sum and the same top row as the stock of a page of hits read from the rows themselves
// (read/inventory.ts): a bare column of max() is read from the row that gave the max.
const SETTLE = [
  'DELETE FROM item_stock WHERE item_id IN (SELECT item_id FROM item_stock_stale)',
  `INSERT INTO item_stock (item_id, on_hand, location_code, facility_id)
    SELECT item_id, on_hand, location_code, facility_id FROM (
      SELECT item_id, total(qty_on_hand) AS on_hand, location_code, facility_id, max((facility_id IS NULL) * 1e15 + coalesce(qty_on_hand, 0))
      FROM inventory WHERE item_id IN (SELECT item_id FROM item_stock_stale) AND qty_on_hand > 0 GROUP BY item_id)`,
  'DELETE FROM item_stock_stale',
];

/** Computes again the summary of every item whose stock rows changed in this transaction. Call inside it. */
export function settleItemStock(db: WriteDb): void {
  if (stmt(db, 'SELECT 1 FROM item_stock_stale LIMIT 1').get() === undefined) return;
  for (const sql of SETTLE) stmt(db, sql).run();
}
