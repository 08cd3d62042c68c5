// Migration 21: each item's stock summary again, kept beside the item's row (by its rid), for the
// pages of search hits. A page of items reads the items' rids from its index for free; finding a
// summary by rid is an integer probe, about half as dear as a probe by the item's server id, and a
// page makes one per hit (docs/decisions/0031-item-stock-by-row.md).
//
// A copy, never the truth: item_stock stays the summary every other reader and every write uses.
// A row here counts only for the item that holds its rid under the id it names (a reader checks
// both); for any other item, and for an item without a row here, the reader probes item_stock by
// id. So that a row it accepts is never out of date:
// - every write of item_stock writes the rows here of the items it touched, in its transaction
//   (db/write/item-stock.ts), or deletes them;
// - a row here goes when its item's row does, or when that row's id or rid changes (the triggers
//   below: the only writes of items they cost anything are deletes and those changes; an insert
//   costs nothing, so a first sync's loads are as fast as before).
// Otherwise a row left behind could be taken by an item that later came back under the same id and
// rid, while its stock changed in between.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 21,
  sql: `
  CREATE TABLE item_stock_by_rid (rid INTEGER PRIMARY KEY, item_id TEXT NOT NULL, on_hand REAL, location_code TEXT, facility_id TEXT);
  CREATE TRIGGER item_stock_by_rid_item_gone AFTER DELETE ON items
    BEGIN DELETE FROM item_stock_by_rid WHERE rid = old.rid; END;
  CREATE TRIGGER item_stock_by_rid_item_moved AFTER UPDATE OF rid, id ON items WHEN old.rid IS NOT new.rid OR old.id IS NOT new.id
    BEGIN DELETE FROM item_stock_by_rid WHERE rid = old.rid; END;
  INSERT INTO item_stock_by_rid (rid, item_id, on_hand, location_code, facility_id)
    SELECT x.rid, x.id, s.on_hand, s.location_code, s.facility_id FROM items x LEFT JOIN item_stock s ON s.item_id = x.id;
  `,
};
