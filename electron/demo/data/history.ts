// Inventory history: each inventory record has a chain of events whose quantities add up
// (qty_after of one event is qty_before of the next, ending at today's on-hand), plus one
// ADJUST or COUNT per revision that changed it. Event times come first so a query can pick the
// newest events without building the others.
import { facilityId, itemId, locationId } from './ids.ts';
import { locationCode } from './facilities.ts';
import { onHandAt, lotOf } from './inventory.ts';
import { facilityStaff } from './people.ts';
import { itemTraits, type ItemTraits } from './items.ts';
import { KIND, Rng, uuidFor } from './random.ts';
import { isoAtOffset } from './time.ts';
import { REVISION_INTERVAL_MS, type World } from './world.ts';

export const HISTORY_TYPES = ['RECEIVE', 'PUTAWAY', 'PICK', 'MOVE', 'ADJUST', 'COUNT', 'SHIP'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** Revision events of a record get sub-indices from here on (base chains have at most 6 events). */
export const REVISION_EVENT_BASE = 8;
const EVENTS_PER_RECORD = 1024;

export interface EventTime {
  time: number;
  /** position in the record's chain: 0.. base events, REVISION_EVENT_BASE + k for revision k */
  slot: number;
}

/** The times of record j's events, oldest first, without building them. */
export function eventTimes(w: World, j: number): EventTime[] {
  const out: EventTime[] = [];
  const added = w.addedAt(j >> 1);
  if (added === 0) {
    const rng = new Rng(w.seed, KIND.history, j);
    const count = rng.int(2, 6);
    const { received } = lotOf(w, j, itemTraits(w, j >> 1));
    const end = w.anchorMs - 3_600_000;
    const times = [received];
    for (let e = 1; e < count; e++) times.push(received + Math.floor(rng.next() * (end - received)));
    times.sort((a, b) => a - b);
    times.forEach((time, slot) => out.push({ time, slot }));
  } else {
    out.push({ time: w.revisionTime(added) + spread(j), slot: 0 });
  }
  for (const k of w.recordChanges(j)) out.push({ time: w.revisionTime(k) + spread(j) + 500, slot: REVISION_EVENT_BASE + k });
  return out;
}

/** A record's events of a revision, at whole seconds across the revision's interval. */
function spread(j: number): number {
  return (j % (REVISION_INTERVAL_MS / 1000)) * 1000;
}

interface Step {
  type: HistoryType;
  before: number;
  after: number;
}

/** Base chain of record j, built backwards from the on-hand quantity at its first version. */
function baseChain(w: World, j: number, count: number, traits: ItemTraits): Step[] {
  const rng = new Rng(w.seed, KIND.history, j, 1);
  let current = onHandAt(w, j, w.addedAt(j >> 1), traits);
  const steps: Step[] = [];
  for (let e = count - 1; e >= 1; e--) {
    const roll = rng.next();
    // the oldest step must start above zero: a receipt of nothing makes no sense
    const floor = e === 1 ? 1 : 0;
    let step: Step;
    if (current === 0 || roll < 0.35) {
      const qty = traits.serialTracked ? 1 : rng.int(1, 24);
      step = { type: rng.chance(0.8) ? 'PICK' : 'SHIP', before: current + qty, after: current };
    } else if (roll < 0.55 && current > 1) {
      const qty = rng.int(1, current - 1);
      step = { type: rng.chance(0.5) ? 'MOVE' : 'PUTAWAY', before: current - qty, after: current };
    } else if (roll < 0.8) {
      step = { type: 'COUNT', before: Math.max(floor, current + rng.int(-3, 3)), after: current };
    } else {
      step = { type: 'ADJUST', before: Math.max(floor, current + rng.int(-5, 5)), after: current };
    }
    steps.unshift(step);
    current = step.before;
  }
  steps.unshift({ type: 'RECEIVE', before: 0, after: current });
  return steps;
}

/** All events of record j (optionally only those slots), oldest first. */
export function eventsOfRecord(w: World, j: number, only?: Set<number>) {
  const i = j >> 1;
  const traits = itemTraits(w, i);
  const times = eventTimes(w, j);
  const l = w.locationOfRecord(j);
  const f = w.facilityOfLocation(l);
  const own = l - w.firstLocationOf(f);
  const code = locationCode(own);
  const locations = w.firstLocationOf(f + 1) - w.firstLocationOf(f);
  const dock = locationCode(0);
  const { lot } = lotOf(w, j, traits);
  const added = w.addedAt(i);
  const baseCount = times.filter((t) => t.slot < REVISION_EVENT_BASE).length;
  const steps: Step[] = added === 0 ? baseChain(w, j, baseCount, traits) : [{ type: 'RECEIVE', before: 0, after: onHandAt(w, j, added, traits) }];
  let previous = onHandAt(w, j, added, traits);
  for (const k of w.recordChanges(j)) {
    const after = onHandAt(w, j, k, traits);
    steps.push({ type: new Rng(w.seed, KIND.history, j, 2 + k).chance(0.5) ? 'COUNT' : 'ADJUST', before: previous, after });
    previous = after;
  }
  const events = [];
  for (let n = 0; n < times.length; n++) {
    const { time, slot } = times[n];
    if (only && !only.has(slot)) continue;
    const step = steps[n];
    const rng = new Rng(w.seed, KIND.history, j, 10_000 + slot);
    const inbound = step.type === 'RECEIVE' || step.type === 'PUTAWAY' || step.type === 'MOVE';
    const outbound = step.type === 'PICK' || step.type === 'SHIP';
    events.push({
      id: uuidFor(w.seed, KIND.history, j * EVENTS_PER_RECORD + slot),
      facility_id: facilityId(w, f),
      item_id: itemId(w, i),
      sku: traits.sku,
      location_id: locationId(w, l),
      location_code: code,
      from_location_code: step.type === 'PUTAWAY' || step.type === 'MOVE' ? (step.type === 'MOVE' ? locationCode(moveSource(rng, locations, own)) : dock) : outbound ? code : null,
      to_location_code: inbound ? code : outbound ? locationCode(4 + rng.int(0, 3)) : null,
      type: step.type,
      qty: Math.abs(step.after - step.before),
      qty_before: step.before,
      qty_after: step.after,
      lot,
      user_email: rng.pick(facilityStaff(w, f)),
      reference: `${step.type.slice(0, 3)}-${rng.digits(7)}`,
      createdon: isoAtOffset(time, w.historyOffsetMinutes),
    });
  }
  return events;
}

/**
 * Where a move into location `own` came from: another storage location of the same facility (past
 * its docks and staging, the first eight), one that exists there, never the location itself.
 */
function moveSource(rng: Rng, locations: number, own: number): number {
  const k = 8 + rng.int(0, locations - 10);
  return own >= 8 && k >= own ? k + 1 : k;
}

export type HistoryEvent = ReturnType<typeof eventsOfRecord>[number];
