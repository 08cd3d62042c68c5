// Reads of inventory history: events of an item or a location, newest first, and how far back a
// dataset's events go.
import type { HistoryEvent } from '../../../contract/types.ts';
import type { ReadDb } from '../handles.ts';
import { Conditions, placeholders, stmt } from '../statements.ts';

/** Which events: all given conditions hold. Times as stored (UTC, instant.ts); `to` may be a day's upper bound. */
export interface HistoryFilter {
  itemId?: string;
  locationId?: string;
  types?: string[];
  from?: string;
  to?: string;
}

/**
 * An event's signed change of stock at the location it is filed under: after minus before when it
 * has both, else its size by its type's direction (a receipt in, a pick out); null when neither
 * tells (the interface's `qty` is a size, never signed).
 */
export const HISTORY_CHANGE_SQL = `CASE WHEN qty_before IS NOT NULL AND qty_after IS NOT NULL THEN qty_after - qty_before
  WHEN type IN ('RECEIVE', 'PUTAWAY') THEN abs(qty) WHEN type IN ('PICK', 'SHIP') THEN -abs(qty) END`;

const SELECT = `SELECT id, type, created_on AS createdon, user_email AS userEmail, item_id AS itemId, sku,
  location_code AS locationCode, from_location_code AS fromLocationCode, to_location_code AS toLocationCode,
  qty, qty_before AS qtyBefore, qty_after AS qtyAfter, lot, reference, facility_id AS facilityId`;

/**
 * An event as read, with its facility, and the end of a move it is read at when that is not the
 * location it is filed under: 'source' or 'destination' (null for an event read where it is filed).
 */
export type HistoryRow = Omit<HistoryEvent, 'facility'> & { facilityId: string | null; otherEnd: 'source' | 'destination' | null };

/**
 * Up to `limit` events, newest first, each with its facility. A location's events are those filed
 * under it and the moves filed under their other end: a move names both its ends by code, so a
 * move from or to this location's code, in this location's facility, is its too.
 */
export function historyEvents(db: ReadDb, filter: HistoryFilter, limit: number): HistoryRow[] {
  const shared = new Conditions();
  if (filter.itemId) shared.add('item_id = ?', filter.itemId);
  if (filter.types && filter.types.length > 0) shared.add(`type IN (${placeholders(filter.types.length)})`, ...filter.types);
  if (filter.from) shared.add('created_on >= ?', filter.from);
  if (filter.to) shared.add('created_on <= ?', filter.to);
  if (!filter.locationId) {
    const sql = `${SELECT}, NULL AS otherEnd FROM history${shared.sql ? ` WHERE ${shared.sql}` : ''} ORDER BY created_on DESC LIMIT ?`;
    return stmt(db, sql).all(...shared.params, limit) as HistoryRow[];
  }
  const also = shared.sql ? ` AND ${shared.sql}` : '';
  const id = filter.locationId;
  const here = stmt(db, `${SELECT}, NULL AS otherEnd FROM history WHERE location_id = ?${also} ORDER BY created_on DESC LIMIT ?`).all(id, ...shared.params, limit) as HistoryRow[];
  const ends = (column: 'from_location_code' | 'to_location_code', end: 'source' | 'destination') =>
    stmt(
      db,
      `${SELECT}, '${end}' AS otherEnd FROM history WHERE ${column} = (SELECT code FROM locations WHERE id = ?) AND type = 'MOVE'
        AND facility_id IS (SELECT facility_id FROM locations WHERE id = ?) AND location_id IS NOT ?${also} ORDER BY created_on DESC LIMIT ?`,
    ).all(id, id, id, ...shared.params, limit) as HistoryRow[];
  const moved = [...ends('from_location_code', 'source'), ...ends('to_location_code', 'destination')];
  if (moved.length === 0) return here;
  // each read is newest first on its index; together, newest first, cut to the limit
  return [...here, ...moved].sort((a, b) => (a.createdon < b.createdon ? 1 : a.createdon > b.createdon ? -1 : 0)).slice(0, limit);
}

/** The oldest event a history dataset keeps; null when it keeps none (one index probe). */
export function oldestEvent(db: ReadDb, datasetId: number): string | null {
  return stmt(db, 'SELECT min(created_on) FROM history WHERE dataset_id = ?').pluck().get(datasetId) as string | null;
}
