// The demo's history of a facility is read from its records ordered by their newest event (what a
// server's index on facility and time gives), stopping once older records cannot make the answer:
// the answer is exactly what reading every record of the facility gives, at any revision.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventTimes, eventsOfRecord, type HistoryEvent } from '../../electron/demo/data/history.ts';
import { queryHistory, type HistoryFilter } from '../../electron/demo/data/queries.ts';
import { REVISION_INTERVAL_MS, World } from '../../electron/demo/data/world.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';

const DAY = 86_400_000;
const anchorMs = Date.UTC(2026, 10, 1);

/** Every event of every record of the facility, filtered and sorted newest first, then cut to the limit. */
function everyRecord(w: World, filter: HistoryFilter): HistoryEvent[] {
  const all: { time: number; j: number; slot: number; event: HistoryEvent }[] = [];
  for (let j = 0; j < 2 * w.itemBound; j++) {
    if (!w.itemExists(j >> 1) || w.facilityOfLocation(w.locationOfRecord(j)) !== filter.facility) continue;
    const times = eventTimes(w, j);
    eventsOfRecord(w, j).forEach((event, n) => all.push({ ...times[n], j, event }));
  }
  return all
    .filter(({ time, event }) => (filter.from === null || time >= filter.from) && (filter.to === null || time <= filter.to) && (!filter.types || filter.types.has(event.type)))
    .sort((a, b) => b.time - a.time || a.j - b.j || b.slot - a.slot)
    .slice(0, filter.limit)
    .map((x) => x.event);
}

describe('the demo history of a facility', () => {
  it('is what reading every record gives, whatever the window, types, limit, revision or mass deletion', () => {
    const w = new World({ seed: 31, items: 3000, facilities: 2, accounts: 2, anchorMs, historyDays: 30, revision: 0, massDeleteAccount: null });
    const time = fc.integer({ min: anchorMs - 31 * DAY, max: anchorMs + 10 * 60_000 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1 }),
        fc.option(time, { nil: null }),
        fc.option(time, { nil: null }),
        fc.option(fc.subarray(['RECEIVE', 'PUTAWAY', 'PICK', 'MOVE', 'ADJUST', 'COUNT', 'SHIP'], { minLength: 1 }), { nil: null }),
        fc.integer({ min: 1, max: 3000 }),
        (revision, mass, facility, from, to, types, limit) => {
          w.setState(revision, mass ? 1 : null);
          const filter: HistoryFilter = { facility, item: null, location: null, from, to, types: types && new Set(types), limit };
          expect(queryHistory(w, filter).map((e) => e.id)).toEqual(everyRecord(w, filter).map((e) => e.id));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the demo clock', () => {
  it("puts revisions one sync interval apart, each revision's events spread over its interval", () => {
    // a round after each revision then sees what a round every syncIntervalMinutes sees
    expect(REVISION_INTERVAL_MS).toBe(DEFAULT_SETTINGS.syncIntervalMinutes * 60_000);
    const w = new World({ seed: 31, items: 3000, facilities: 2, accounts: 2, anchorMs, historyDays: 30, revision: 3, massDeleteAccount: null });
    const seconds = new Set<number>();
    for (let j = 0; j < 6000; j++) {
      for (const { time, slot } of eventTimes(w, j)) {
        if (slot < 8) continue; // base events
        const k = slot - 8;
        expect(time).toBeGreaterThanOrEqual(w.revisionTime(k));
        expect(time).toBeLessThan(w.revisionTime(k + 1));
        seconds.add(Math.floor((time - w.revisionTime(k)) / 1000));
      }
    }
    // across the whole interval, not its first minute
    expect(Math.max(...seconds)).toBeGreaterThan(0.9 * (REVISION_INTERVAL_MS / 1000));
    expect(seconds.size).toBeGreaterThan(60);
  });
});
