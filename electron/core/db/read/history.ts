// Reads of inventory history: events of an item or a location, newest first, and how far back a
// dataset's events go.
import type { HistoryEvent } from '../../../contract/types.ts';
import type { ReadDb } from '../handles.ts';
import { placeholders, stmt } from '../statements.ts';

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
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.itemId) {
    where.push('item_id = ?');
    params.push(filter.itemId);
  }
  if (filter.locationId) {
    where.push('location_id = ?');
    params.push(filter.locationId);
  }
  if (filter.types && filter.types.length > 0) {
    where.push(`type IN (${placeholders(filter.types.length)})`);
    params.push(...filter.types);
  }
  if (filter.from) {
    where.push('created_on >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    where.push('created_on <= ?');
    params.push(filter.to);
  }
  const sql = `${SELECT}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY created_on DESC LIMIT ?`;
  return stmt(db, sql).all(...params, limit) as (Omit<HistoryEvent, 'facility'> & { facilityId: string | null })[];
}

/** The oldest event a history dataset keeps; null when it keeps none (one index probe). */
export function oldestEvent(db: ReadDb, datasetId: number): string | null {
  return stmt(db, 'SELECT min(created_on) FROM history WHERE dataset_id = ?').pluck().get(datasetId) as string | null;
}
