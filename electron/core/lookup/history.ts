// Inventory history of an item or a location: who, when, what type, quantities before and after,
// from and to; newest first, filtered by type and time.
import type { HistoryAnswer } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import { utcInstant } from '../shared/instant.ts';
import { combinedAge, datasetsOf, readDatasets, readFacts } from './data-age.ts';
import type { QueryOptions } from './lists.ts';
import { historyEvents, oldestEvent, type HistoryRow } from '../db/read/history.ts';

export interface HistoryArgs {
  itemId?: string;
  locationId?: string;
  types?: string[];
  from?: string;
  to?: string;
  limit?: number;
}

export function historyQuery(db: ReadDb, args: HistoryArgs, options: QueryOptions): HistoryAnswer {
  const rows = historyEvents(
    db,
    {
      itemId: args.itemId,
      locationId: args.locationId,
      types: args.types,
      // times are kept in UTC in one form (instant.ts): a time asked for with a zone is compared in it
      from: args.from ? utcInstant(args.from) : undefined,
      // A day without a time means the whole day.
      to: args.to ? (/^\d{4}-\d{2}-\d{2}$/.test(args.to) ? args.to + '\uffff' : utcInstant(args.to)) : undefined,
    },
    args.limit ?? 500,
  );
  const facilities = new Set(rows.map((row) => row.facilityId));
  const { facilityNames } = readFacts(db);
  const sets = datasetsOf(readDatasets(db), 'history').filter((d) => rows.length === 0 || facilities.has(d.scopeId));
  return {
    // a location code can be in several facilities: each event names its facility (never by id)
    events: rows.map(({ facilityId, otherEnd, ...event }) => ({
      ...(otherEnd ? atItsOtherEnd(event, otherEnd) : event),
      facility: facilityId === null ? null : (facilityNames.get(facilityId) ?? null),
    })),
    age: combinedAge(sets, 'history', options.staleAfter, options.now ?? new Date()),
    since: keptSince(db, sets.map((d) => d.datasetId)),
  };
}

/**
 * A move seen from its end it is not filed under: the location it left (stock went out by its size)
 * or the one it reached (in by its size). The quantities before and after are the other end's, not
 * this location's, so they are not shown here.
 */
function atItsOtherEnd(event: Omit<HistoryRow, 'facilityId' | 'otherEnd'>, end: 'source' | 'destination'): Omit<HistoryRow, 'facilityId' | 'otherEnd'> {
  const size = event.qty !== null ? Math.abs(event.qty) : event.qtyBefore !== null && event.qtyAfter !== null ? Math.abs(event.qtyAfter - event.qtyBefore) : null;
  return { ...event, locationCode: end === 'source' ? event.fromLocationCode : event.toLocationCode, qty: size, qtyBefore: null, qtyAfter: null };
}

/** The latest of the datasets' oldest events: before it, some facility's events are not kept (one index probe each). */
function keptSince(db: ReadDb, datasetIds: number[]): string | null {
  let since: string | null = null;
  for (const id of datasetIds) {
    const first = oldestEvent(db, id);
    if (first !== null && (since === null || first > since)) since = first;
  }
  return since;
}
