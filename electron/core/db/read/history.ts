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

const SELECT = `SELECT id, type, created_on AS createdon, user_email AS userEmail, item_id AS itemId, sku,
  location_code AS locationCode, from_location_code AS fromLocationCode, to_location_code AS toLocationCode,
  qty, qty_before AS qtyBefore, qty_after AS qtyAfter, lot, reference, facility_id AS facilityId FROM history`;

/** Up to `limit` events, newest first, each with its facility. */
export function historyEvents(db: ReadDb, filter: HistoryFilter, limit: number): (Omit<HistoryEvent, 'facility'> & { facilityId: string | null })[] {
  const where = new Conditions();
  if (filter.itemId) where.add('item_id = ?', filter.itemId);
  if (filter.locationId) where.add('location_id = ?', filter.locationId);
  if (filter.types && filter.types.length > 0) where.add(`type IN (${placeholders(filter.types.length)})`, ...filter.types);
  if (filter.from) where.add('created_on >= ?', filter.from);
  if (filter.to) where.add('created_on <= ?', filter.to);
  const sql = `${SELECT}${where.sql ? ` WHERE ${where.sql}` : ''} ORDER BY created_on DESC LIMIT ?`;
  return stmt(db, sql).all(...where.params, limit) as (Omit<HistoryEvent, 'facility'> & { facilityId: string | null })[];
}

/** The oldest event a history dataset keeps; null when it keeps none (one index probe). */
export function oldestEvent(db: ReadDb, datasetId: number): string | null {
  return stmt(db, 'SELECT min(created_on) FROM history WHERE dataset_id = ?').pluck().get(datasetId) as string | null;
}
