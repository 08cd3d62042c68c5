// A facility's stock is read once, under that facility, and holds that facility's records only:
// a profile that names its facilities by code reads each once, by the mirrored facility's id; an
// answer that holds every facility's stock (a server that ignores the request form) is not filed
// under one, and its request form is not learned.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { getMeta } from '../../electron/core/db/read/meta.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';
import { LISTS, startFixtureServer, type FixtureServer } from '../sync/fixture-server.ts';

let db: WriteDb;
let server: FixtureServer;
type Ref = { id: string; code: string; name: string };

eachTestMirror((opened) => {
  db = opened;
}, path.join('mirrors', 'm.sqlite'));
beforeEach(async () => {
  server = await startFixtureServer();
  server.set(`${LISTS}/accounts/query`, [{ id: 'acc-1', accountid: 'ACME', name: 'Acme' }]);
  server.set(`${LISTS}/facilities/query`, [
    { id: 'fac-1', code: 'MAIN', name: 'Main DC' },
    { id: 'fac-2', code: 'EAST', name: 'East DC' },
  ]);
  server.set('inv/query:fac-1', stockOf('fac-1', 3));
  server.set('inv/query:fac-2', stockOf('fac-2', 2));
});
afterEach(() => server.close());

function stockOf(facilityId: string, count: number) {
  return Array.from({ length: count }, (_, n) => ({ id: `${facilityId}-inv-${n}`, facility_id: facilityId, item_id: `it-${n}`, sku: `WID-${n}`, location_code: `A-${n}`, qty_on_hand: 5 }));
}

function round(userFacilities: Ref[]) {
  return runRound(db, {
    baseUrl: server.url,
    accessToken: async () => 't1',
    refreshAfterUnauthorized: async () => 't1',
    plan: { offlineLists: ['inventory'], offlineFacilities: [], userFacilities, historyDays: 0 },
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
  });
}

const stockRows = () => db.prepare('SELECT facility_id AS facility, count(*) AS n FROM inventory GROUP BY facility_id ORDER BY facility_id').all();
const stockAsked = () => server.requests.filter((q) => q.path.startsWith('inv/query')).map((q) => q.path);

describe('stock per facility', () => {
  it('is read once per facility whatever names it: a profile that names facilities by code reads each by its id', async () => {
    // a server that answers a facility's code as it does its id
    server.set('inv/query:MAIN', stockOf('fac-1', 3));
    server.set('inv/query:EAST', stockOf('fac-2', 2));
    const result = await round([
      { id: 'MAIN', code: 'MAIN', name: '' },
      { id: 'fac-1', code: 'MAIN', name: 'Main DC' },
      { id: 'east', code: '', name: '' },
    ]);
    expect(result.datasets.filter((d) => d.key.startsWith('inventory')).map((d) => `${d.key} ${d.outcome}`)).toEqual(['inventory@facility:fac-1 applied', 'inventory@facility:fac-2 applied']);
    expect(stockAsked()).toEqual(['inv/query:fac-1', 'inv/query:fac-2']);
    expect(stockRows()).toEqual([
      { facility: 'fac-1', n: 3 },
      { facility: 'fac-2', n: 2 },
    ]);
  });

  it("is not filed under one facility when the answer holds every facility's stock, and that request form is not learned", async () => {
    const main = [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }];
    expect((await round(main)).datasets.find((d) => d.key === 'inventory@facility:fac-1')!.outcome).toBe('applied');
    expect(getMeta(db, 'request_form:/v1/api/pub/inv/query')).toBe('facilityId');

    // the server now refuses the facility by that name, and answers a body without it with all its stock
    server.fault('inv/query:fac-1', 'bad_request', 10);
    server.set('inv/query:', [...stockOf('fac-1', 3).map((r) => ({ ...r, qty_on_hand: 99 })), ...stockOf('fac-2', 2)]);
    const result = await round(main);
    const stock = result.datasets.find((d) => d.key === 'inventory@facility:fac-1')!;
    expect(stock.outcome).toBe('error');
    expect(stock.error!.message).toBe(
      "Inventory of Main DC: the server's answer holds records of another facility (`fac-2` in the field `facility_id`): it did not filter by facility in the request Aisle sent, so nothing of it was applied and the offline data keeps what it had.",
    );
    expect(stockRows()).toEqual([{ facility: 'fac-1', n: 3 }]);
    expect(db.prepare('SELECT DISTINCT qty_on_hand FROM inventory').pluck().all()).toEqual([5]);
    expect(getMeta(db, 'request_form:/v1/api/pub/inv/query')).toBeNull();
  });

  it('answered only to a request that does not name the facility, is applied only when each record names it', async () => {
    const main = [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }];
    // the server refuses the facility under every name Aisle knows; a body without it gets records that name none
    server.fault('inv/query:fac-1', 'bad_request', 10);
    server.fault('inv/query:', 'bad_request', 4);
    server.set('inv/query:', stockOf('fac-1', 3).map(({ facility_id: _, ...rest }) => rest));
    const stock = (await round(main)).datasets.find((d) => d.key === 'inventory@facility:fac-1')!;
    expect(stock.outcome).toBe('error');
    expect(stock.error!.message).toMatch(/^Inventory of Main DC: the server answered only a request that does not name the facility, and its records do not name one/);
    expect(stockRows()).toEqual([]);
    expect(getMeta(db, 'request_form:/v1/api/pub/inv/query')).toBeNull();

    // records that each name the facility prove it
    server.fault('inv/query:fac-1', 'bad_request', 10);
    server.fault('inv/query:', 'bad_request', 4);
    server.set('inv/query:', stockOf('fac-1', 3));
    expect((await round(main)).datasets.find((d) => d.key === 'inventory@facility:fac-1')!.outcome).toBe('applied');
    expect(stockRows()).toEqual([{ facility: 'fac-1', n: 3 }]);
    expect(getMeta(db, 'request_form:/v1/api/pub/inv/query')).toBe('no-facility');
  });
});
