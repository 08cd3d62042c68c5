// Migration 14: each item's stock in one small row, for the search hits that show it (hit-stock.ts):
// on hand across every stock row held, and the location holding most (a row without a facility
// first, as the lookup without a home facility ranks it). A page of hits then costs one probe of a
// narrow table per item instead of the stock rows of each. The stock rows' triggers name the items
// whose stock changed in item_stock_stale; the transaction that changed them computes those items
// again before it commits (db/write/item-stock.ts), so a reader never sees the two disagree.
// Only rows with something on hand count, so a row without any neither marks nor changes an item.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 14,
  sql: `
  CREATE TABLE item_stock (item_id TEXT PRIMARY KEY, on_hand REAL NOT NULL, location_code TEXT, facility_id TEXT) WITHOUT ROWID;
  CREATE TABLE item_stock_stale (item_id TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TRIGGER inventory_stock_added AFTER INSERT ON inventory WHEN new.item_id IS NOT NULL AND new.qty_on_hand > 0
    BEGIN INSERT OR IGNORE INTO item_stock_stale (item_id) VALUES (new.item_id); END;
  CREATE TRIGGER inventory_stock_removed AFTER DELETE ON inventory WHEN old.item_id IS NOT NULL AND old.qty_on_hand > 0
    BEGIN INSERT OR IGNORE INTO item_stock_stale (item_id) VALUES (old.item_id); END;
  CREATE TRIGGER inventory_stock_changed AFTER UPDATE OF item_id, qty_on_hand, location_code, facility_id ON inventory
    WHEN (new.item_id IS NOT NULL AND new.qty_on_hand > 0) OR (old.item_id IS NOT NULL AND old.qty_on_hand > 0)
    BEGIN
      INSERT OR IGNORE INTO item_stock_stale (item_id) SELECT new.item_id WHERE new.item_id IS NOT NULL AND new.qty_on_hand > 0;
      INSERT OR IGNORE INTO item_stock_stale (item_id) SELECT old.item_id WHERE old.item_id IS NOT NULL AND old.qty_on_hand > 0;
    END;
  INSERT INTO item_stock (item_id, on_hand, location_code, facility_id)
    SELECT item_id, on_hand, location_code, facility_id FROM (
      SELECT item_id, total(qty_on_hand) AS on_hand, location_code, facility_id, max((facility_id IS NULL) * 1e15 + coalesce(qty_on_hand, 0))
      FROM inventory WHERE item_id IS NOT NULL AND qty_on_hand > 0 GROUP BY item_id);
  `,
};
