// Reads of stock rows: by item, location, facility, lot or serial, with the item's description.
import { cached, Conditions, stmt } from '../statements.ts';
import type { ReadDb } from '../handles.ts';

/** Which stock rows: all given conditions hold. */
export interface StockFilter {
  itemId?: string;
  locationId?: string;
  facilityId?: string;
  lot?: string;
  serial?: string;
  /** Only rows with something on hand. */
  onHandOnly?: boolean;
}

// One statement per answer: the item's description comes with each row (a subquery run per row
// found; a join would cost every call a cursor). Read as arrays (.raw()), in the order of StockRow:
// no object with named keys is built per row.
const SELECT = `SELECT inv.id, inv.facility_id, inv.location_id, inv.location_code, inv.item_id, inv.sku,
  (SELECT i.description FROM items i WHERE i.id = inv.item_id), inv.lot, inv.serial, inv.expiry, inv.uom,
  inv.qty_on_hand, inv.qty_allocated, inv.qty_available, inv.status, inv.dataset_id
  FROM inventory inv`;

type Text = string | null;
type Quantity = number | null;
export type StockRow = [id: string, facilityId: Text, locationId: string, locationCode: Text, itemId: string, sku: Text, description: Text, lot: Text, serial: Text, expiry: Text, uom: Text, onHand: Quantity, allocated: Quantity, available: Quantity, status: Text, datasetId: number];

export function stockRows(db: ReadDb, filter: StockFilter): StockRow[] {
  const where = new Conditions();
  if (filter.itemId !== undefined) where.add('inv.item_id = ?', filter.itemId);
  if (filter.locationId !== undefined) where.add('inv.location_id = ?', filter.locationId);
  if (filter.facilityId) where.add('inv.facility_id = ?', filter.facilityId);
  if (filter.lot) where.add('inv.lot = ?', filter.lot);
  if (filter.serial) where.add('inv.serial = ?', filter.serial);
  if (filter.onHandOnly) where.add('inv.qty_on_hand != 0');
  const clause = where.sql;
  return stmt(db, cached(`inventory ${clause}`, () => `${SELECT} WHERE ${clause}`)).raw().all(...where.params) as StockRow[];
}

// Per item: its stock summed, and the location of the largest quantity, a home-facility location
// outranking any other (the flag is worth more than any quantity: a bare column of max() is read
// from the row that gave the max). Through the stock's item index. A search hit reads its item's
// summary (item_stock, with the hit: read/search-hits.ts), whose top is ranked without a home
// facility; this is for the items whose summary names a top outside the home facility.
const STOCK_AT_HOME = `SELECT item_id, total(qty_on_hand), location_code, facility_id,
    max((facility_id IS ?) * 1e15 + coalesce(qty_on_hand, 0))
  FROM inventory WHERE item_id IN (SELECT value FROM json_each(?)) AND qty_on_hand > 0 GROUP BY item_id`;

export type ItemStockRow = [itemId: string, onHand: number, code: string | null, facilityId: string | null];

/** For each of these items that has stock on hand: the total and its top location, `home`'s first. */
export function stockOfItemsAt(db: ReadDb, itemIds: readonly string[], home: string): ItemStockRow[] {
  return stmt(db, STOCK_AT_HOME).raw().all(home, JSON.stringify(itemIds)) as ItemStockRow[];
}
