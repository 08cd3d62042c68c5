// Migration 14: each item's stock in one small row, for the search hits that show it (hit-stock.ts):
// on hand across every stock row held, and the location holding most (a row without a facility
// first, as the lookup without a home facility ranks it). A page of hits then reads one narrow row
// per item, with the hits, instead of the stock rows of each. Kept by every write of stock rows, in
// its transaction, for the items it changed (db/write/item-stock.ts): a reader never sees the two
// disagree. (Not triggers on the stock rows: a trigger made each row's insert several times dearer.)
// Only rows with something on hand count.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 14,
  sql: `
  CREATE TABLE item_stock (item_id TEXT PRIMARY KEY, on_hand REAL NOT NULL, location_code TEXT, facility_id TEXT) WITHOUT ROWID;
  INSERT INTO item_stock (item_id, on_hand, location_code, facility_id)
    SELECT item_id, on_hand, location_code, facility_id FROM (
      SELECT item_id, total(qty_on_hand) AS on_hand, location_code, facility_id, max((facility_id IS NULL) * 1e15 + coalesce(qty_on_hand, 0))
      FROM inventory WHERE item_id IS NOT NULL AND qty_on_hand > 0 GROUP BY item_id);
  `,
};
