// Every reference in the demo's generated data names a record that exists: each `…_id` of every
// list, of the stock and of the history names a record of the list it belongs to, a user's
// facilities are facilities, and the codes that go with an id (a stock row's SKU and location code,
// an event's SKU) are that record's, and the user an event names is a user. A reference field this test does not know fails it, so that a
// new one is looked at too.
import { describe, expect, it } from 'vitest';
import { eventsOfRecord } from '../../electron/demo/data/history.ts';
import { queryInventory } from '../../electron/demo/data/queries.ts';
import { World } from '../../electron/demo/data/world.ts';
import { LISTS } from '../../electron/demo/routes/list-routes.ts';

type Row = Record<string, unknown>;

/** The list each reference field names, by the list holding it (`*` for any list). */
const TARGETS: Record<string, Record<string, string>> = {
  '*': { account_id: 'accounts', facility_id: 'facilities', origin_facility_id: 'facilities', hazmat_id: 'hazmat', transit_lane_id: 'transitLanes', item_id: 'items', location_id: 'locations' },
  items: { template_id: 'itemTemplates' },
  locations: { template_id: 'locationTemplates' },
};

describe("the demo data's references", () => {
  for (const [items, facilities, accounts] of [[3000, 2, 4], [400, 3, 2]] as const) {
    it(`name records that exist, with ${items} items in ${facilities} facilities and ${accounts} accounts`, () => {
      const w = new World({ seed: 7, items, facilities, accounts, anchorMs: Date.UTC(2026, 10, 1), historyDays: 30, revision: 2, massDeleteAccount: null });
      const lists = new Map<string, Row[]>();
      for (const def of LISTS) {
        const scopes = def.scope === 'global' ? 1 : def.scope === 'account' ? w.accounts : w.facilities;
        const rows: Row[] = [];
        for (let s = 0; s < scopes; s++) rows.push(...(Array.from(def.records(w, s)) as Row[]));
        lists.set(def.name, rows);
      }
      const byId = new Map<string, Map<string, Row>>([...lists].map(([name, rows]) => [name, new Map(rows.map((r) => [String(r.id), r]))]));
      const stock: Row[] = [];
      for (let f = 0; f < w.facilities; f++) stock.push(...(Array.from(queryInventory(w, { facility: f, account: null, items: null, lot: null, includeZero: true })) as unknown as Row[]));
      const history: Row[] = [];
      for (let j = 0; j < 2 * w.itemBound; j++) if (w.itemExists(j >> 1)) history.push(...(eventsOfRecord(w, j) as unknown as Row[]));
      expect(stock.length).toBeGreaterThan(0);
      expect(history.length).toBeGreaterThan(0);

      const problems: string[] = [];
      const check = (list: string, row: Row) => {
        for (const [field, value] of Object.entries(row)) {
          if (!field.endsWith('_id') || value === null || value === undefined) continue;
          const target = TARGETS[list]?.[field] ?? TARGETS['*']![field];
          if (!target) problems.push(`${list} ${String(row.id)}: ${field} names a list this test does not know`);
          else if (!byId.get(target)!.has(String(value))) problems.push(`${list} ${String(row.id)}: ${field} ${String(value)} is no record of ${target}`);
        }
      };
      for (const [name, rows] of lists) for (const row of rows) check(name, row);
      for (const row of stock) check('inventory', row);
      for (const row of history) check('history', row);

      for (const user of lists.get('users')!) {
        for (const facility of (user.facilities as Row[] | undefined) ?? []) {
          if (!byId.get('facilities')!.has(String(facility.id))) problems.push(`user ${String(user.email)}: facility ${String(facility.id)} does not exist`);
        }
      }
      // the codes beside an id are that record's own
      const items_ = byId.get('items')!;
      const locations = byId.get('locations')!;
      for (const row of stock) {
        if (items_.get(String(row.item_id))?.sku !== row.sku) problems.push(`stock ${String(row.id)}: SKU ${String(row.sku)} is not item ${String(row.item_id)}'s`);
        if (locations.get(String(row.location_id))?.code !== row.location_code) problems.push(`stock ${String(row.id)}: location ${String(row.location_code)} is not ${String(row.location_id)}'s code`);
      }
      const emails = new Set(lists.get('users')!.map((user) => String(user.email)));
      for (const event of history) {
        if (event.user_email !== null && !emails.has(String(event.user_email))) problems.push(`event ${String(event.id)}: user ${String(event.user_email)} is no user`);
        if (items_.get(String(event.item_id))?.sku !== event.sku) problems.push(`event ${String(event.id)}: SKU ${String(event.sku)} is not item ${String(event.item_id)}'s`);
        const location = locations.get(String(event.location_id));
        if (event.location_id !== undefined && location?.code !== event.location_code) problems.push(`event ${String(event.id)}: location ${String(event.location_code)} is not ${String(event.location_id)}'s code`);
      }
      expect(problems.slice(0, 20), `${problems.length} references name nothing`).toEqual([]);
    });
  }
});
