// Stock and history records whose item and location are objects of their own (`item: {id, sku}`,
// `location: {id, code}`), synced over real HTTP: they are placed on their item and location, and
// found by the item's and the location's lookups.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDecision } from '../../electron/core/lists/field-map-state.ts';
import { historyQuery } from '../../electron/core/lookup/history.ts';
import { inventoryByItem, inventoryByLocation } from '../../electron/core/lookup/inventory.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';
import { LISTS, serveOneAccountAndFacility, startFixtureServer, type FixtureServer } from '../sync/fixture-server.ts';

let db: WriteDb;
let server: FixtureServer;
const N = 12;
const sku = (n: number) => `WID-${String(n).padStart(3, '0')}`;
const code = (n: number) => `A-01-${String(n).padStart(2, '0')}`;

eachTestMirror((opened) => {
  db = opened;
}, path.join('mirrors', 'm.sqlite'));
beforeEach(async () => {
  server = await startFixtureServer();
  serveOneAccountAndFacility(server);
  server.set(`${LISTS}/accounts/acc-1/items/query`, Array.from({ length: N }, (_, n) => ({ id: `it-${n}`, sku: sku(n), description: `Widget ${n}` })));
  server.set(`${LISTS}/facilities/fac-1/locations/query`, Array.from({ length: N }, (_, n) => ({ id: `loc-${n}`, code: code(n), facilityId: 'fac-1' })));
  server.set(
    'inv/query:fac-1',
    Array.from({ length: N }, (_, n) => ({
      id: `inv-${n}`,
      facility: { id: 'fac-1', code: 'MAIN' },
      item: { id: `it-${n}`, sku: sku(n) },
      location: { id: `loc-${n}`, code: code(n) },
      qtyOnHand: 10 + n,
    })),
  );
  server.set(
    'inv/history:fac-1',
    Array.from({ length: N }, (_, n) => ({
      id: `h-${n}`,
      item: { id: `it-${n}`, sku: sku(n) },
      location: { id: `loc-${n}`, code: code(n) },
      type: 'PICK',
      quantity: 1,
      createdOn: new Date(Date.now() - (n + 1) * 3_600_000).toISOString(),
    })),
  );
});
afterEach(() => server.close());

const options = { staleAfter: {} };

describe('nested references in stock and history', () => {
  it('are placed on their item and location, and found by both lookups', async () => {
    const result = await runRound(db, {
      baseUrl: server.url,
      accessToken: async () => 't1',
      refreshAfterUnauthorized: async () => 't1',
      plan: { offlineLists: [], offlineFacilities: [], userFacilities: [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }], historyDays: 30 },
      retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    });
    expect(result.datasets.filter((d) => d.outcome !== 'applied')).toEqual([]);
    expect(readDecision(db, 'inventory')!.fields).toMatchObject({ item_id: 'item.id', sku: 'item.sku', location_id: 'location.id', location_code: 'location.code', facility_id: 'facility.id' });

    const byItem = inventoryByItem(db, { itemId: 'it-7' }, options).rows;
    expect(byItem.map((r) => ({ sku: r.sku, locationCode: r.locationCode, onHand: r.onHand }))).toEqual([{ sku: sku(7), locationCode: code(7), onHand: 17 }]);
    expect(inventoryByLocation(db, { locationId: 'loc-3' }, options).rows.map((r) => r.itemId)).toEqual(['it-3']);
    expect(historyQuery(db, { itemId: 'it-5' }, options).events.map((e) => e.id)).toEqual(['h-5']);
    expect(historyQuery(db, { locationId: 'loc-5' }, options).events.map((e) => e.id)).toEqual(['h-5']);
  });
});
