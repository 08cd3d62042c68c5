// The inventory and history queries as generators over record indices: nothing is built that the
// answer does not contain.
import { locationZone } from './facilities.ts';
import { eventTimes, eventsOfRecord, type HistoryEvent } from './history.ts';
import { historyOrder } from './history-order.ts';
import { inventoryRecord, type InventoryRecord } from './inventory.ts';
import { itemTraits } from './items.ts';
import type { World } from './world.ts';

export interface InventoryFilter {
  facility: number | null;
  account: number | null;
  /** item indices; null = any */
  items: number[] | null;
  lot: string | null;
  includeZero: boolean;
}

function* recordsOfFacility(w: World, f: number, locations?: Iterable<number>): Generator<number> {
  const all = locations ?? rangeOf(w.firstLocationOf(f), w.firstLocationOf(f + 1));
  for (const l of all) yield* w.recordsAtLocation(l);
}

function* rangeOf(from: number, to: number): Generator<number> {
  for (let n = from; n < to; n++) yield n;
}

/** Candidate record indices, in answer order (by location, or by item when items are given). */
function* candidates(w: World, filter: Pick<InventoryFilter, 'facility' | 'account' | 'items'>): Generator<number> {
  if (filter.items) {
    for (const i of filter.items) yield* [2 * i, 2 * i + 1];
  } else if (filter.facility !== null) {
    yield* recordsOfFacility(w, filter.facility);
  } else if (filter.account !== null) {
    for (const i of w.itemIndicesOfAccount(filter.account)) yield* [2 * i, 2 * i + 1];
  } else {
    for (let f = 0; f < w.facilities; f++) yield* recordsOfFacility(w, f);
  }
}

function keep(w: World, j: number, filter: Pick<InventoryFilter, 'facility' | 'account'>): boolean {
  if (!w.itemExists(j >> 1)) return false;
  if (filter.account !== null && w.accountOfItem(j >> 1) !== filter.account) return false;
  return filter.facility === null || w.facilityOfLocation(w.locationOfRecord(j)) === filter.facility;
}

export function* queryInventory(w: World, filter: InventoryFilter): Generator<InventoryRecord> {
  for (const j of candidates(w, filter)) {
    if (!keep(w, j, filter)) continue;
    const record = inventoryRecord(w, j, itemTraits(w, j >> 1));
    if (!filter.includeZero && record.qty_on_hand === 0) continue;
    if (filter.lot !== null && record.lot !== filter.lot) continue;
    yield record;
  }
}

export interface LocationFilter {
  facility: number;
  /** location indices in the facility; null = all */
  locations: number[] | null;
  zone: string | null;
  includeZero: boolean;
}

export function* queryInventoryAtLocations(w: World, filter: LocationFilter): Generator<InventoryRecord> {
  const first = w.firstLocationOf(filter.facility);
  const locations = filter.locations ?? rangeOf(first, w.firstLocationOf(filter.facility + 1));
  for (const l of locations) {
    if (filter.zone !== null && locationZone(l - first) !== filter.zone) continue;
    for (const j of w.recordsAtLocation(l)) {
      if (!w.itemExists(j >> 1)) continue;
      const record = inventoryRecord(w, j);
      if (filter.includeZero || record.qty_on_hand > 0) yield record;
    }
  }
}

export interface HistoryFilter {
  facility: number | null;
  item: number | null;
  location: number | null;
  from: number | null;
  to: number | null;
  types: Set<string> | null;
  limit: number;
}

interface Pick_ {
  time: number;
  j: number;
  slot: number;
  event?: HistoryEvent;
}

/**
 * A facility's records, those with revision events first, then the others by their newest event,
 * until that is older than `oldestWanted()` (read as they go: it rises as events are picked).
 */
function* newestFirstRecords(w: World, facility: number, oldestWanted: () => number): Generator<number> {
  const revised = new Set<number>();
  for (const j of w.revisedRecords()) if (!revised.has(j) && w.facilityOfLocation(w.locationOfRecord(j)) === facility) revised.add(j);
  yield* revised;
  const order = historyOrder(w, facility);
  for (let k = 0; k < order.records.length; k++) {
    if (order.newest[k] < oldestWanted()) return;
    if (!revised.has(order.records[k])) yield order.records[k];
  }
}

/** Newest first; ties by record then slot, so the order is total and stable. */
const newestFirst = (a: Pick_, b: Pick_) => b.time - a.time || a.j - b.j || b.slot - a.slot;

export function queryHistory(w: World, filter: HistoryFilter): HistoryEvent[] {
  let picks: Pick_[] = [];
  /** Once `limit` events are picked: the time of the oldest of them (older ones cannot make it). */
  let cutoff = -Infinity;
  let records: Iterable<number>;
  if (filter.item !== null) records = [2 * filter.item, 2 * filter.item + 1];
  else if (filter.location !== null) records = w.recordsAtLocation(filter.location);
  else if (filter.facility !== null) records = newestFirstRecords(w, filter.facility, () => Math.max(cutoff, filter.from ?? -Infinity));
  else records = candidates(w, { facility: null, account: null, items: null });
  const trim = () => {
    picks.sort(newestFirst);
    picks = picks.slice(0, filter.limit);
    if (picks.length === filter.limit) cutoff = picks[picks.length - 1].time;
  };
  const inWindow = (time: number) => time >= cutoff && (filter.from === null || time >= filter.from) && (filter.to === null || time <= filter.to);
  for (const j of records) {
    if (!keep(w, j, { facility: filter.facility, account: null })) continue;
    if (filter.location !== null && w.locationOfRecord(j) !== filter.location) continue;
    if (filter.types) {
      const times = eventTimes(w, j);
      eventsOfRecord(w, j).forEach((event, n) => {
        const { time, slot } = times[n];
        if (filter.types?.has(event.type) && inWindow(time)) picks.push({ time, j, slot, event });
      });
    } else {
      for (const { time, slot } of eventTimes(w, j)) if (inWindow(time)) picks.push({ time, j, slot });
    }
    if (picks.length >= 2 * filter.limit + 64) trim();
  }
  trim();
  // build the chosen events one record at a time (a record's chain is computed once)
  const wanted = new Map<number, Set<number>>();
  for (const p of picks) if (!p.event) (wanted.get(p.j) ?? wanted.set(p.j, new Set()).get(p.j)!).add(p.slot);
  const built = new Map<string, HistoryEvent>();
  for (const [j, slots] of wanted) {
    const times = eventTimes(w, j).filter((t) => slots.has(t.slot));
    eventsOfRecord(w, j, slots).forEach((event, n) => built.set(`${j}:${times[n].slot}`, event));
  }
  return picks.map((p) => p.event ?? built.get(`${p.j}:${p.slot}`)!);
}
