// Every location a demo history event names is a location of the event's facility: a move's source
// too (it once named codes past the facility's last location), and never the location it moved into.
import { describe, expect, it } from 'vitest';
import { eventsOfRecord } from '../../electron/demo/data/history.ts';
import { locationCode } from '../../electron/demo/data/facilities.ts';
import { facilityId } from '../../electron/demo/data/ids.ts';
import { World } from '../../electron/demo/data/world.ts';

const anchorMs = Date.UTC(2026, 10, 1);

describe("the demo history's references", () => {
  for (const [items, facilities] of [[3000, 2], [400, 3], [20_000, 1]] as const) {
    it(`name locations that exist, with ${items} items in ${facilities} facilities`, () => {
      const w = new World({ seed: 7, items, facilities, accounts: 2, anchorMs, historyDays: 30, revision: 2, massDeleteAccount: null });
      const codes = new Map<string, Set<string>>();
      for (let f = 0; f < facilities; f++) {
        const count = w.firstLocationOf(f + 1) - w.firstLocationOf(f);
        codes.set(facilityId(w, f), new Set(Array.from({ length: count }, (_, k) => locationCode(k))));
      }
      let moves = 0;
      for (let j = 0; j < 2 * w.itemBound; j++) {
        if (!w.itemExists(j >> 1)) continue;
        for (const e of eventsOfRecord(w, j)) {
          const here = codes.get(e.facility_id)!;
          expect(here.has(e.location_code), `${e.type} ${e.id} at ${e.location_code}`).toBe(true);
          for (const named of [e.from_location_code, e.to_location_code]) {
            if (named !== null) expect(here.has(named), `${e.type} ${e.id} names ${named}`).toBe(true);
          }
          if (e.type === 'MOVE') {
            moves++;
            expect(e.from_location_code).not.toBe(e.location_code);
          }
        }
      }
      expect(moves).toBeGreaterThan(0);
    });
  }
});
