// A dataset the relay's mirror drops leaves the relay's catalog and the seats' mirrors, as it leaves
// a workstation syncing directly; one that merely failed this round, or is kept while its scope is
// missing once, stays; a mirror that never read its plan whole removes nothing. Real PostgreSQL
// (a private one), the relay's real HTTP side on loopback, real SQLite files for the relay's mirror
// and a seat's. The relay's mirror is filled by the mirror's own applier and settled by the round's
// own settle step (sync/unplanned-datasets.ts), as the core's round does it.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import { metaEntries } from '../../electron/core/db/read/meta.ts';
import { relayCatalog } from '../../electron/core/db/relay-pg/reads.ts';
import { ensureRelaySchema } from '../../electron/core/db/relay-pg/schema.ts';
import { markError } from '../../electron/core/db/write/datasets.ts';
import { listLabel } from '../../electron/core/lists/registry.ts';
import { publishMirror } from '../../electron/core/relay/publish-round.ts';
import { removeDroppedDatasets } from '../../electron/core/relay/remove-dropped.ts';
import type { SeatChecker } from '../../electron/core/relay/seat-scope.ts';
import type { PlanOptions } from '../../electron/core/sync/dataset-registry.ts';
import { relayRound } from '../../electron/core/sync/relay-round.ts';
import { settleUnplanned } from '../../electron/core/sync/unplanned-datasets.ts';
import { startRelayHttp, type RelayHttp } from '../../electron/hosts/relay/relay-http.ts';
import { loadDataset } from '../lookup/mirror-fixture.ts';
import { freePort } from '../support/relay/free-port.ts';
import { startTestPostgres, type TestPostgres } from '../support/relay/postgres.ts';
import { tempDir } from '../support/temp-dir.ts';

const LICENSE = 'lic-1';
const ACCOUNTS = ['A', 'B', 'C'];
const key = (account: string) => `items@account:${account}`;
const items = (account: string) => Array.from({ length: 5 }, (_, n) => ({ id: `${account}-${n}`, sku: `SKU-${account}-${n}`, description: `Widget ${account} ${n}` }));
const PLAN: PlanOptions = { offlineLists: [], offlineFacilities: [], userFacilities: [], historyDays: 0 };
/** The seat's checker: every token is a seat of the relay's license that may see every facility. */
const seats: SeatChecker = { check: async () => ({ email: 'seat@example.com', licenseId: LICENSE, facilities: [], expiresAt: Date.now() + 60_000 }), vendorCalls: 0 };
const token = async () => 'seat-token';

let postgres: TestPostgres;
let pool: pg.Pool;
let relay: RelayHttp;
const dir = tempDir('aisle-relay-dropped-');

beforeAll(async () => {
  postgres = await startTestPostgres();
  pool = new pg.Pool({ connectionString: postgres.url });
  await ensureRelaySchema(pool);
  relay = await startRelayHttp({ pool, seats, host: '127.0.0.1', port: await freePort(), version: 'test', server: 'https://wms.example.com' });
}, 120_000);
afterAll(async () => {
  await relay?.close();
  await pool?.end();
  await postgres?.remove();
  dir.remove();
});

let relayDb: WriteDb;
let seatDb: WriteDb;
let n = 0;
beforeEach(async () => {
  await pool.query('TRUNCATE relay_datasets, relay_rows, relay_chunks');
  n++;
  relayDb = openMirror(path.join(dir.path, `relay-${n}.sqlite`));
  seatDb = openMirror(path.join(dir.path, `seat-${n}.sqlite`));
  return () => {
    relayDb.close();
    seatDb.close();
  };
});

/** The relay's round as far as the mirror goes: each account's items read whole; then its publish and removal. */
function relayReads(accounts: string[], at: string): void {
  for (const a of accounts) loadDataset(relayDb, { list: 'items', scopeKind: 'account', scopeId: a, syncedAt: at }, items(a));
}
async function relayPublishes(): Promise<string[]> {
  await publishMirror(relayDb, pool, { scope: LICENSE });
  return removeDroppedDatasets(relayDb, pool, LICENSE);
}
const catalogKeys = async () => (await relayCatalog(pool, LICENSE)).map((d) => d.key);
const seatRound = (only?: string[]) => relayRound(seatDb, { baseUrl: relay.url, accessToken: token, refreshAfterUnauthorized: token, ...(only ? { only } : {}) });
const seatRows = (account: string) => seatDb.prepare('SELECT count(*) FROM items i JOIN datasets d USING (dataset_id) WHERE d.key = ?').pluck().get(key(account)) as number;

describe('a dataset the relay mirror drops', () => {
  it('leaves the catalog and the seat, after the round that settled it; a whole round of the seat drops it, one of some datasets does not', async () => {
    relayReads(ACCOUNTS, '2026-11-29T10:00:00.000Z');
    settleUnplanned(relayDb, new Set(ACCOUNTS.map(key)), PLAN, new Map(), '2026-11-29T10:00:00.000Z');
    expect(await relayPublishes()).toEqual([]);
    await seatRound();
    expect(ACCOUNTS.map(seatRows)).toEqual([5, 5, 5]);

    // account B is missing from the server's accounts list: the first complete round keeps it, marked
    relayReads(['A', 'C'], '2026-11-29T10:05:00.000Z');
    settleUnplanned(relayDb, new Set([key('A'), key('C')]), PLAN, new Map([['B', 'Account B']]), '2026-11-29T10:05:00.000Z');
    expect(datasetByKey(relayDb, key('B'))).toBeDefined();
    expect(await relayPublishes()).toEqual([]);
    expect(await catalogKeys()).toEqual(ACCOUNTS.map(key));

    // the next complete round still misses it: the core drops it, and so does the relay
    relayReads(['A', 'C'], '2026-11-29T10:10:00.000Z');
    settleUnplanned(relayDb, new Set([key('A'), key('C')]), PLAN, new Map([['B', 'Account B']]), '2026-11-29T10:10:00.000Z');
    expect(datasetByKey(relayDb, key('B'))).toBeUndefined();
    expect(await relayPublishes()).toEqual([key('B')]);
    expect(await catalogKeys()).toEqual([key('A'), key('C')]);
    const rows = await pool.query<{ n: string }>('SELECT count(*) AS n FROM relay_rows WHERE scope = $1 AND key = $2', [LICENSE, key('B')]);
    expect(Number(rows.rows[0].n)).toBe(0);

    // a round of some datasets only knows nothing of the others: B stays
    await seatRound([key('A')]);
    expect(seatRows('B')).toBe(5);
    // a whole round drops it, its rows, its state and its generation: the seat equals a mirror synced
    // directly, and says so as that round would (the seat holds no accounts list here: the id is the name)
    const dropped = await seatRound();
    expect(dropped!.notices).toEqual([{ code: 'scope_removed', scope: 'account', name: 'B', lists: [{ list: 'items', label: listLabel('items') }] }]);
    expect(datasetByKey(seatDb, key('B'))).toBeUndefined();
    expect(seatRows('B')).toBe(0);
    expect(ACCOUNTS.map(seatRows)).toEqual([5, 0, 5]);
    expect([...metaEntries(seatDb, 'relay_generation:').keys()].sort()).toEqual([`relay_generation:${LICENSE}:${key('A')}`, `relay_generation:${LICENSE}:${key('C')}`]);
  });

  it('comes back as a first load at a later generation, so a seat that missed the removal reads it whole', async () => {
    relayReads(ACCOUNTS, '2026-11-29T10:00:00.000Z');
    settleUnplanned(relayDb, new Set(ACCOUNTS.map(key)), PLAN, new Map(), '2026-11-29T10:00:00.000Z');
    await relayPublishes();
    await seatRound();
    // B goes (its scope gone twice), the seat does not sync meanwhile, and B comes back with other items
    for (const at of ['2026-11-29T10:05:00.000Z', '2026-11-29T10:10:00.000Z']) settleUnplanned(relayDb, new Set([key('A'), key('C')]), PLAN, new Map([['B', 'Account B']]), at);
    expect(await relayPublishes()).toEqual([key('B')]);
    const again = [...items('B').slice(0, 4), { id: 'B-new', sku: 'SKU-B-new', description: 'Widget B new' }];
    loadDataset(relayDb, { list: 'items', scopeKind: 'account', scopeId: 'B', syncedAt: '2026-11-29T10:15:00.000Z' }, again);
    await relayPublishes();
    const back = (await relayCatalog(pool, LICENSE)).find((d) => d.key === key('B'))!;
    expect(back.generation).toBe(2);
    expect(back.horizon).toBe(2);
    // read whole, B-4 (gone meanwhile, with no tombstone) leaves the seat too
    expect((await seatRound())!.datasets.find((d) => d.key === key('B'))).toMatchObject({ outcome: 'applied' });
    expect(seatDb.prepare('SELECT id FROM items i JOIN datasets d USING (dataset_id) WHERE d.key = ? ORDER BY id').pluck().all(key('B'))).toEqual(['B-0', 'B-1', 'B-2', 'B-3', 'B-new']);
  });
});

describe('what is not removed', () => {
  it('a dataset that failed this round stays in the catalog and on the seat', async () => {
    relayReads(ACCOUNTS, '2026-11-29T10:00:00.000Z');
    settleUnplanned(relayDb, new Set(ACCOUNTS.map(key)), PLAN, new Map(), '2026-11-29T10:00:00.000Z');
    await relayPublishes();
    await seatRound();
    // C's reading fails: the round read its plan whole (the settle step ran), C is planned and kept as it was
    relayReads(['A', 'B'], '2026-11-29T10:05:00.000Z');
    markError(relayDb, datasetByKey(relayDb, key('C'))!.dataset_id, { code: 'server_error', message: 'GET /v1/items answered 500' });
    settleUnplanned(relayDb, new Set(ACCOUNTS.map(key)), PLAN, new Map(), '2026-11-29T10:05:00.000Z');
    expect(await relayPublishes()).toEqual([]);
    expect(await catalogKeys()).toEqual(ACCOUNTS.map(key));
    await seatRound();
    expect(ACCOUNTS.map(seatRows)).toEqual([5, 5, 5]);
  });

  it("a mirror that never read its plan whole (a relay taking over) removes nothing of the generations it continues", async () => {
    relayReads(ACCOUNTS, '2026-11-29T10:00:00.000Z');
    await publishMirror(relayDb, pool, { scope: LICENSE });
    // another relay's new mirror, whose first round read only A and did not settle its plan
    const takingOver = openMirror(path.join(dir.path, `takeover-${n}.sqlite`));
    try {
      loadDataset(takingOver, { list: 'items', scopeKind: 'account', scopeId: 'A', syncedAt: '2026-11-29T10:05:00.000Z' }, items('A'));
      await publishMirror(takingOver, pool, { scope: LICENSE });
      expect(await removeDroppedDatasets(takingOver, pool, LICENSE)).toEqual([]);
    } finally {
      takingOver.close();
    }
    expect(await catalogKeys()).toEqual(ACCOUNTS.map(key));
  });
});
