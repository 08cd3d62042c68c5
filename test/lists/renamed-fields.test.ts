// A server that names its fields its own way (camelCase, `itemNumber`, `qtyOnHand`, epoch-ms
// times), synced over real HTTP: the field map finds its fields, the lookups answer as for the
// demo's names, and IT's field-map.json re-extracts the columns without a download.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyFieldMapFile, fieldMapFilePath } from '../../electron/core/lists/field-map-file.ts';
import { readDecision } from '../../electron/core/lists/field-map-state.ts';
import { readRejected } from '../../electron/core/db/read/datasets.ts';
import { inventoryByItem, inventoryByLocation } from '../../electron/core/lookup/inventory.ts';
import { searchAll } from '../../electron/core/lookup/search.ts';
import { gs1CheckDigit } from '../../electron/core/shared/gs1/gs1.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import type { FieldMapReport } from '../../electron/contract/types.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';
import { LISTS, startFixtureServer, type FixtureServer } from '../sync/fixture-server.ts';

let dataDir: string;
let db: WriteDb;
let server: FixtureServer;

const DAY = 86_400_000;
const ean = (n: number) => {
  const body = String(400638133393 + n);
  return body + gs1CheckDigit(body);
};
const N = 30;

function springItems(extra: (n: number) => object = () => ({})) {
  return Array.from({ length: N }, (_, n) => ({ itemId: `it-${n}`, itemNumber: `WID-${String(n).padStart(3, '0')}`, ean: ean(n), itemDescription: `Widget ${n}`, accountId: 'acc-1', ...extra(n) }));
}

function seed() {
  server.set(`${LISTS}/accounts/query`, [{ uuid: 'acc-1', accountCode: 'ACME', accountName: 'Acme Corp' }]);
  server.set(`${LISTS}/facilities/query`, [{ id: 'fac-1', ncode: 7, code: 'MAIN', name: 'Main DC', zoneIdStr: 'Z1' }]);
  server.set(`${LISTS}/accounts/acc-1/items/query`, springItems());
  server.set(
    `${LISTS}/facilities/fac-1/locations/query`,
    Array.from({ length: N }, (_, n) => ({ locationId: `loc-${n}`, locationCode: `A-01-${String(n).padStart(2, '0')}`, facilityId: 'fac-1', zoneIdStr: 'A' })),
  );
  server.set(
    'inv/query:fac-1',
    Array.from({ length: N }, (_, n) => ({
      id: `inv-${n}`,
      facilityId: 'fac-1',
      itemNumber: `WID-${String(n).padStart(3, '0')}`,
      locationCode: `A-01-${String(n).padStart(2, '0')}`,
      qtyOnHand: String(10 + n),
      qtyAllocated: 2,
      qtyAvailable: 8 + n,
      lotNumber: `L${n}`,
      expirationDate: '2030-01-31T00:00:00',
      status: 'AVAILABLE',
    })),
  );
  const now = Date.now();
  server.set(
    'inv/history:fac-1',
    Array.from({ length: N }, (_, n) => ({ id: `h-${n}`, facilityId: 'fac-1', itemNumber: `WID-${String(n).padStart(3, '0')}`, locationCode: `A-01-${String(n).padStart(2, '0')}`, type: 'PICK', quantity: 1, createdOn: now - (n + 1) * 3_600_000 })),
  );
}

function round(userFacilities = [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }]) {
  return runRound(db, {
    baseUrl: server.url,
    accessToken: async () => 't1',
    refreshAfterUnauthorized: async () => 't1',
    plan: { offlineLists: [], offlineFacilities: [], userFacilities, historyDays: 30 },
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
  });
}

const options = { staleAfter: {} };
const exact = (query: string) => searchAll(db, query, options).hits.filter((h) => h.match === 'exact').map((h) => `${h.kind} ${h.id}`);

// the mirror where the CLI finds it in the data folder
eachTestMirror((opened, folder) => {
  db = opened;
  dataDir = folder;
}, path.join('mirrors', 'm.sqlite'));
beforeEach(async () => {
  server = await startFixtureServer();
  seed();
});
afterEach(() => server.close());

describe('a server with its own field names', () => {
  it('is synced and looked up as the demo is: item by SKU and UPC, location by code, stock by location', async () => {
    const result = await round();
    expect(result.datasets.filter((d) => d.outcome !== 'applied')).toEqual([]);
    expect(exact('WID-007')).toEqual(['item it-7']);
    expect(exact(ean(7))).toEqual(['item it-7']);
    expect(exact('A-01-07')).toEqual(['location loc-7']);
    expect(exact('ACME')).toEqual(['account acc-1']);

    const stock = inventoryByLocation(db, { locationId: 'loc-7' }, options);
    expect(stock.rows.map((r) => ({ sku: r.sku, itemId: r.itemId, onHand: r.onHand, allocated: r.allocated, available: r.available, lot: r.lot, expiry: r.expiry }))).toEqual([
      { sku: 'WID-007', itemId: 'it-7', onHand: 17, allocated: 2, available: 15, lot: 'L7', expiry: '2030-01-31T00:00:00.000Z' },
    ]);
    expect(inventoryByItem(db, { itemId: 'it-3' }, options).rows.map((r) => r.locationCode)).toEqual(['A-01-03']);

    const decision = readDecision(db, 'items')!;
    expect(decision.fields).toMatchObject({ id: 'itemId', sku: 'itemNumber', upc: 'ean', description: 'itemDescription', account_id: 'accountId' });
    expect(decision.evidence.upc).toBe(`alias; ${N}/${N} values pass the GS1 check digit`);
    expect(decision.evidence.account_id).toBe(`alias; ${N}/${N} values are ids of accounts`);
    expect(readDecision(db, 'inventory')!.evidence.item_id).toMatch(/found through the item's SKU \(`itemNumber`\)/);

    // `aisle fields` shows the same, offline, from the data folder
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: () => {}, env: {}, promptPassword: () => Promise.reject(new Error('no')) };
    expect(await main(['fields', '--json', '--data', dataDir], io)).toBe(0);
    const report = JSON.parse(out.join('\n')) as FieldMapReport;
    expect(report.file).toMatchObject({ state: 'absent', warning: null });
    expect(report.lists.find((l) => l.list === 'items')!.fields.find((f) => f.column === 'upc')).toEqual({
      column: 'upc',
      label: 'UPC',
      field: 'ean',
      source: 'decided',
      evidence: `alias; ${N}/${N} values pass the GS1 check digit`,
    });
    out.length = 0;
    expect(await main(['fields', '--data', dataDir], io)).toBe(0);
    expect(out).toContain(`  qty_on_hand          qtyOnHand              alias; in ${N}/${N} records`);
  });

  it('keeps history whose times are epoch milliseconds, as instants, through a sync round', async () => {
    await round();
    const rows = db.prepare('SELECT id, created_on, item_id, location_id, qty FROM history ORDER BY created_on DESC').all() as { id: string; created_on: string; item_id: string; location_id: string; qty: number }[];
    expect(rows).toHaveLength(N);
    expect(rows[0]).toMatchObject({ id: 'h-0', item_id: 'it-0', location_id: 'loc-0', qty: 1 });
    for (const row of rows) expect(row.created_on).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(rows[0].created_on)).toBeGreaterThan(Date.now() - 2 * 3_600_000);
    // the next round keeps them too: none is older than the window
    await round();
    expect(db.prepare('SELECT count(*) FROM history').pluck().get()).toBe(N);
    expect(Date.now() - DAY * 30).toBeLessThan(Date.parse(rows[N - 1].created_on));
  });

  it('re-extracts from the records kept when IT names a field in field-map.json: no download', async () => {
    // the SKU in a field no alias names; a unique code-like field before it takes the code
    server.set(`${LISTS}/accounts/acc-1/items/query`, springItems((n) => ({ internalRef: `R${n}`, articleRef: `ART-${n}` })).map(({ itemNumber: _, ...rest }) => rest));
    await round();
    expect(exact('ART-5')).toEqual([]);
    expect(readDecision(db, 'items')!.fields.sku).toBe('internalRef');

    const asked = server.requests.length;
    writeFileSync(fieldMapFilePath(dataDir), JSON.stringify({ items: { sku: 'articleRef' } }));
    expect(applyFieldMapFile(db, fieldMapFilePath(dataDir))).toEqual({ reextracted: ['items'], warning: null });
    expect(exact('ART-5')).toEqual(['item it-5']);
    expect(searchAll(db, 'ART', options).hits.map((h) => h.id)).toContain('it-5');
    expect(server.requests.length).toBe(asked);
    // applied again as it is, as every round applies it: nothing re-extracted, no row written
    const changes = () => db.prepare('SELECT total_changes()').pluck().get();
    const unchanged = changes();
    expect(applyFieldMapFile(db, fieldMapFilePath(dataDir))).toEqual({ reextracted: [], warning: null });
    expect(changes()).toBe(unchanged);

    // the file wins over what the next round decides, and a bad file falls back to the defaults
    await round();
    expect(exact('ART-5')).toEqual(['item it-5']);
    writeFileSync(fieldMapFilePath(dataDir), '{ "items": { "sku": ');
    const bad = applyFieldMapFile(db, fieldMapFilePath(dataDir));
    expect(bad.warning).toMatch(/field-map\.json is not valid JSON .*the default field map applies/);
    expect(exact('ART-5')).toEqual([]);
    expect(exact('R5')).toEqual(['item it-5']);
    // the same bad file again: its warning kept and given again, nothing written
    const warned = changes();
    expect(applyFieldMapFile(db, fieldMapFilePath(dataDir))).toEqual({ reextracted: [], warning: bad.warning });
    expect(changes()).toBe(warned);
  });

  it('keeps the records that have an id when some have none, and says why the others were not kept', async () => {
    server.set(`${LISTS}/accounts/acc-1/items/query`, [...springItems(), { itemNumber: 'NO-ID', itemDescription: 'Lost' }]);
    const result = await round();
    expect(result.datasets.find((d) => d.key === 'items@account:acc-1')).toMatchObject({ outcome: 'applied', rows: N });
    const [note] = [...readRejected(db).values()];
    expect(note).toEqual({ count: 1, reason: expect.stringMatching(/^Record 31 of items \(acc-1\) has no id \(the field map's id field is `itemId`\): it was not kept\.$/) });
  });

  it("finds a stock or history row's location by its code in the row's own facility when two facilities use the code", async () => {
    // the second facility repeats the first one's codes; its stock names its facility, its history
    // does not (the dataset's facility stands in)
    server.set(`${LISTS}/facilities/query`, [
      { id: 'fac-1', ncode: 7, code: 'MAIN', name: 'Main DC' },
      { id: 'fac-2', ncode: 8, code: 'EAST', name: 'East DC' },
    ]);
    server.set(`${LISTS}/facilities/fac-2/locations/query`, Array.from({ length: N }, (_, n) => ({ locationId: `east-${n}`, locationCode: `A-01-${String(n).padStart(2, '0')}`, facilityId: 'fac-2' })));
    server.set('inv/query:fac-2', [{ id: 'inv-east', facilityId: 'fac-2', itemNumber: 'WID-007', locationCode: 'A-01-07', qtyOnHand: 5, status: 'AVAILABLE' }]);
    server.set('inv/history:fac-2', [{ id: 'h-east', itemNumber: 'WID-007', locationCode: 'A-01-07', type: 'PICK', quantity: 1, createdOn: Date.now() - 3_600_000 }]);
    server.set('inv/history:fac-1', [{ id: 'h-main', itemNumber: 'WID-007', locationCode: 'A-01-07', type: 'PICK', quantity: 2, createdOn: Date.now() - 3_600_000 }]);
    const result = await round([
      { id: 'fac-1', code: 'MAIN', name: 'Main DC' },
      { id: 'fac-2', code: 'EAST', name: 'East DC' },
    ]);
    expect(result.datasets.filter((d) => d.outcome !== 'applied')).toEqual([]);
    const placeOf = (table: 'inventory' | 'history', id: string) => db.prepare(`SELECT facility_id, location_id FROM ${table} WHERE id = ?`).get(id);
    expect(placeOf('inventory', 'inv-7')).toEqual({ facility_id: 'fac-1', location_id: 'loc-7' });
    expect(placeOf('inventory', 'inv-east')).toEqual({ facility_id: 'fac-2', location_id: 'east-7' });
    expect(placeOf('history', 'h-main')).toEqual({ facility_id: 'fac-1', location_id: 'loc-7' });
    expect(placeOf('history', 'h-east')).toEqual({ facility_id: 'fac-2', location_id: 'east-7' });
    expect(inventoryByLocation(db, { locationId: 'east-7' }, options).rows.map((r) => r.onHand)).toEqual([5]);
  });
});
