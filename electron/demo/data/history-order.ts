// What a real server's index on (facility, event time) gives, for the demo's generated history: a
// facility's base records ordered by their newest base event, newest first, so that "the newest
// events before T" reads records from the top until their newest event is older than the events
// already picked, instead of computing every record's events (far too slow a request at the bench's sizes).
// Base events never change, so the order is built once per world and facility (8 + 4 bytes a
// record); records with revision events (changed, added) are few and are read whole beside it.
import { eventTimes, REVISION_EVENT_BASE } from './history.ts';
import type { World } from './world.ts';

export interface HistoryOrder {
  /** Base record indices j, by their newest base event, newest first. */
  records: Int32Array;
  /** That event's time (ms), for each entry of `records`. */
  newest: Float64Array;
}

const orders = new WeakMap<World, Map<number, HistoryOrder>>();

export function historyOrder(w: World, facility: number): HistoryOrder {
  let byFacility = orders.get(w);
  if (!byFacility) orders.set(w, (byFacility = new Map()));
  let order = byFacility.get(facility);
  if (!order) byFacility.set(facility, (order = buildOrder(w, facility)));
  return order;
}

function buildOrder(w: World, facility: number): HistoryOrder {
  const js: number[] = [];
  const times: number[] = [];
  const baseBound = 2 * w.baseItems;
  for (let l = w.firstLocationOf(facility); l < w.firstLocationOf(facility + 1); l++) {
    for (const j of w.recordsAtLocation(l)) {
      if (j >= baseBound) break; // ascending: the rest are records of items added by revisions
      let newest = -Infinity;
      for (const { time, slot } of eventTimes(w, j)) if (slot < REVISION_EVENT_BASE && time > newest) newest = time;
      js.push(j);
      times.push(newest);
    }
  }
  const order = Uint32Array.from(js.keys()).sort((a, b) => times[b] - times[a] || js[a] - js[b]);
  return { records: Int32Array.from(order, (k) => js[k]), newest: Float64Array.from(order, (k) => times[k]) };
}
