// Inventory history of an item or a location: who, when, what type, quantities before and after,
// from and to; newest first, filtered by type and time.
import type { HistoryAnswer, HistoryEvent } from '../../contract/types.ts';
import type { ReadDb } from '../db/connection.ts';
import { utcInstant } from '../mirror/instant.ts';
import { combinedAge, datasetsOf, readDatasets } from './data-age.ts';
import type { QueryOptions } from './lists.ts';
import { placeholders, stmt } from '../db/statements.ts';

export interface HistoryArgs {
  itemId?: string;
  locationId?: string;
  types?: string[];
  from?: string;
  to?: string;
  limit?: number;
}

const SELECT = `SELECT id, type, created_on AS createdon, user_email AS userEmail, item_id AS itemId, sku,
  location_code AS locationCode, from_location_code AS fromLocationCode, to_location_code AS toLocationCode,
  qty, qty_before AS qtyBefore, qty_after AS qtyAfter, lot, reference, facility_id AS facilityId FROM history`;

export function historyQuery(db: ReadDb, args: HistoryArgs, options: QueryOptions): HistoryAnswer {
  const where: string[] = [];
  const params: unknown[] = [];
  if (args.itemId) {
    where.push('item_id = ?');
    params.push(args.itemId);
  }
  if (args.locationId) {
    where.push('location_id = ?');
    params.push(args.locationId);
  }
  if (args.types && args.types.length > 0) {
    where.push(`type IN (${placeholders(args.types.length)})`);
    params.push(...args.types);
  }
  // times are kept in UTC in one form (instant.ts): a time asked for with a zone is compared in it
  if (args.from) {
    where.push('created_on >= ?');
    params.push(utcInstant(args.from));
  }
  if (args.to) {
    where.push('created_on <= ?');
    // A day without a time means the whole day.
    params.push(/^\d{4}-\d{2}-\d{2}$/.test(args.to) ? args.to + '\uffff' : utcInstant(args.to));
  }
  const sql = `${SELECT}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY created_on DESC LIMIT ?`;
  const rows = stmt(db, sql).all(...params, args.limit ?? 500) as (HistoryEvent & { facilityId: string | null })[];
  const facilities = new Set(rows.map((row) => row.facilityId));
  const sets = datasetsOf(readDatasets(db), 'history').filter((d) => rows.length === 0 || facilities.has(d.scopeId));
  return {
    events: rows.map(({ facilityId: _facilityId, ...event }) => event),
    age: combinedAge(sets, 'history', options.staleAfter, options.now ?? new Date()),
    since: keptSince(db, sets.map((d) => d.datasetId)),
  };
}

/** The latest of the datasets' oldest events: before it, some facility's events are not kept (one index probe each). */
function keptSince(db: ReadDb, datasetIds: number[]): string | null {
  let since: string | null = null;
  const oldest = stmt(db, 'SELECT min(created_on) FROM history WHERE dataset_id = ?').pluck();
  for (const id of datasetIds) {
    const first = oldest.get(id) as string | null;
    if (first !== null && (since === null || first > since)) since = first;
  }
  return since;
}
