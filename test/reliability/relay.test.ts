// The site relay with its real parts: a private PostgreSQL and nginx (installed with apt-get when
// missing, started in temp folders, stopped by pid), the demo server behind a counting proxy, and
// `aisle relay`'s service (and once its CLI, as a process to kill). 100,000 items in the full profile
// (`npm run test:reliability`), 2,000 in CI's.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { allDatasets } from '../../electron/core/db/read/datasets.ts';
import { datasetRows } from '../../electron/core/db/read/dataset-rows.ts';
import { metaEntries } from '../../electron/core/db/read/meta.ts';
import { mirrorFileOf, openMirror } from '../../electron/core/entrances/mirror-files.ts';
import { tableOf } from '../../electron/core/lists/registry.ts';
import { relayCatalogForSeat, syncDatasetFromRelay, type SeatDatasetOutcome, type SeatRelayOptions } from '../../electron/core/sync/relay-seat.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { relayRound } from '../../electron/core/sync/relay-round.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import type { RelayConfig } from '../../electron/hosts/relay/relay-config.ts';
import { startRelayService, type RelayService } from '../../electron/hosts/relay/relay-service.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { signInForCli } from '../../electron/hosts/cli/sign-in.ts';
import { startTestNginx, type TestNginx } from '../support/relay/nginx.ts';
import { startTestPostgres, type TestPostgres } from '../support/relay/postgres.ts';
import { syncRound } from '../support/sync-round.ts';
import { tempDir } from '../support/temp-dir.ts';
import { isFull, recordFigures } from './support/figures.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';

/** Every dataset of the relay's catalog, one after another, as the app's relay round reads them. */
async function syncFromRelay(db: WriteDb, options: SeatRelayOptions): Promise<SeatDatasetOutcome[]> {
  const out: SeatDatasetOutcome[] = [];
  for (const entry of await relayCatalogForSeat(options)) out.push(await syncDatasetFromRelay(db, entry, options));
  return out;
}

const PASSWORD = 'demo1234';
const ITEMS = isFull ? 100_000 : 2_000;
// Each step reads the demo server whole at least once (the relay, a direct workstation, a new seat),
// so its time grows with the items.
const TIMEOUT_MS = 120_000 + ITEMS * 6;

let postgres: TestPostgres;
let demo: DemoServer;
let vendor: FaultProxy;
let relay: RelayService;
let nginx: TestNginx;
let pool: pg.Pool;
let license: string;
let relayPort: number;
const folder = tempDir('aisle-relay-test-');

function relayConfig(dataDir: string, port = 0): RelayConfig {
  return {
    server: vendor.url,
    postgres: postgres.url,
    listen: { host: '127.0.0.1', port },
    dataDir,
    intervalMinutes: 60,
    horizonGenerations: 10,
    scopes: [{ name: 'site', email: 'demo@example.com', license, passwordEnv: 'RELAY_TEST_PASSWORD' }],
  };
}

/** A seat's own token, from signing in through nginx (the auth calls pass through to the vendor). */
async function seatToken(email: string, licenseId?: string): Promise<string> {
  const auth = createAuthApi({ baseUrl: nginx.url });
  const chosen = licenseId ?? (await auth.licenses({ email, password: PASSWORD })).find((l) => l.enabled)!.id;
  return (await auth.openSession({ email, password: PASSWORD, licenseId: chosen, locale: 'en_US' })).accessToken;
}

const get = (token: string, p: string, headers: Record<string, string> = {}) => fetch(`${nginx.url}${p}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });

interface CatalogEntry {
  key: string;
  list: string;
  license: string;
  scopeKind: string;
  scopeId: string | null;
  generation: number;
  horizon: number;
  readAt: string | null;
}

async function catalog(token: string): Promise<CatalogEntry[]> {
  const res = await get(token, '/relay/v1/catalog');
  expect(res.status).toBe(200);
  return ((await res.json()) as { datasets: CatalogEntry[] }).datasets;
}

type Element = { id: string; hash?: number; deleted?: true; generation: number; record?: unknown };
const dataPath = (kind: string, e: Pick<CatalogEntry, 'license' | 'key'>, ...gens: number[]) => `/relay/v1/${kind}/${encodeURIComponent(e.license)}/${encodeURIComponent(e.key)}/${gens.join('/')}`;

/** A dataset's live rows in PostgreSQL: id → content hash. */
async function pgRows(key: string): Promise<Map<string, number>> {
  const r = await pool.query<{ id: string; hash: string }>('SELECT id, hash FROM relay_rows WHERE scope = $1 AND key = $2 AND raw IS NOT NULL', [license, key]);
  return new Map(r.rows.map((x) => [x.id, Number(x.hash)]));
}

/** Every dataset of a mirror file: key → (id → content hash). */
function mirrorRows(file: string): Map<string, Map<string, number>> {
  const db = openMirror(file, { readonly: true });
  try {
    return new Map(allDatasets(db).filter((d) => d.last_success_at !== null).map((d) => [d.key, new Map([...datasetRows(db, tableOf(d.list), d.dataset_id)].map((r) => [r.id, r.hash]))]));
  } finally {
    db.close();
  }
}

/**
 * Syncs a workstation core straight from the vendor (no relay), round after round in one data folder
 * as a workstation does, and answers its mirror's rows. The 'workstation' folder reads each revision
 * the relay publishes, and only those: a history log keeps the events it read, and the demo drops the
 * history of the items it deletes, so a workstation holds the events of every revision it read, as a
 * seat holds those of every generation (at 100,000 items, some of them among the newest kept).
 */
async function directMirror(name: string): Promise<Map<string, Map<string, number>>> {
  const dataDir = path.join(folder.path, name);
  const core = createNodeCore({ host: 'cli', dataDir, overrides: { autoSync: false, idleLock: false } });
  try {
    const view = await signInForCli(core.handlers, { server: demo.url, email: 'demo@example.com', password: PASSWORD, licenseId: license });
    await syncRound(core);
    return mirrorRows(mirrorFileOf(dataDir, { server: view.server!, email: view.email!, licenseId: view.licenseId! }));
  } finally {
    await core.close();
  }
}

/** A seat's mirror file synced from the relay through nginx, with the seat's own token. */
async function seatSync(name: string, token: string): Promise<SeatDatasetOutcome[]> {
  const db = openMirror(path.join(folder.path, `${name}.sqlite`));
  try {
    return await syncFromRelay(db, { relayUrl: nginx.url, token });
  } finally {
    db.close();
  }
}

const seatFile = (name: string) => path.join(folder.path, `${name}.sqlite`);

/** Each dataset of a seat's mirror: when it is dated. */
function seatDates(name: string): Map<string, string | null> {
  const db = openMirror(seatFile(name), { readonly: true });
  try {
    return new Map(allDatasets(db).map((d) => [d.key, d.last_success_at]));
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  // Every event within the last 28 days, inside the 30-day history window of the relay and of the
  // workstations: the window starts at a midnight, so a reading on each side of one would otherwise
  // hold a different day of history, and the relay and a direct mirror would differ by that day.
  demo = await startDemoServer({ items: ITEMS, port: 0, rateLimit: 0, historyDays: 28 });
  vendor = await startFaultProxy(demo.url);
  license = demo.ids().demoLicenses[1];
  relay = await startRelayService(relayConfig(path.join(folder.path, 'relay')), { env: { RELAY_TEST_PASSWORD: PASSWORD }, timer: false });
  relayPort = Number(new URL(relay.http.url).port);
  nginx = await startTestNginx({ relays: [relay.http.url], vendor: vendor.url });
  pool = new pg.Pool({ connectionString: postgres.url });
  pool.on('error', () => undefined); // idle connections end when the test restarts PostgreSQL
}, TIMEOUT_MS);

afterAll(async () => {
  // each part stopped even when another fails to stop, PostgreSQL and the folder last
  try {
    for (const stop of [() => pool?.end(), () => nginx?.stop(), () => relay?.close(), () => vendor?.close(), () => demo?.close()]) await Promise.resolve(stop()).catch(() => undefined);
  } finally {
    await postgres?.remove();
    folder.remove();
  }
});

describe('aisle relay', { timeout: TIMEOUT_MS }, () => {
  const deltaFigures: { key: string; deltaBytes: number; changedOrDeleted: number; averageRow: number; ratio: number }[] = [];
  const gen1 = new Map<string, Map<string, { hash: number; record: unknown }>>();

  it('a round writes every dataset as generation 1, the same rows and content hashes as a mirror synced straight from the server', async () => {
    const [outcome] = await relay.pollAll();
    expect(outcome.state).toBe('polled');
    expect(outcome.license).toBe(license);
    expect(outcome.published.length).toBeGreaterThan(5);
    for (const p of outcome.published) expect(p.generation).toBe(1);
    const direct = await directMirror('workstation');
    expect([...direct.keys()].sort()).toEqual(outcome.published.map((p) => p.key).sort());
    for (const [key, rows] of direct) expect(await pgRows(key), key).toEqual(rows);

    // a seat reads each dataset whole at generation 1 through nginx
    const token = await seatToken('demo@example.com', license);
    for (const e of await catalog(token)) {
      expect(e.generation).toBe(1);
      expect(e.readAt).not.toBeNull();
      const res = await get(token, dataPath('whole', e, 1), { 'Accept-Encoding': 'gzip' });
      expect(res.status).toBe(200);
      const elements = (await res.json()) as Element[];
      gen1.set(e.key, new Map(elements.map((x) => [x.id, { hash: x.hash!, record: x.record }])));
    }

    // a seat's mirror, synced from the relay, equals the one synced straight from the server
    const fresh = openMirror(seatFile('seat-a'));
    let round;
    try {
      round = await relayRound(fresh, { baseUrl: nginx.url, accessToken: async () => token, refreshAfterUnauthorized: async () => token });
    } finally {
      fresh.close();
    }
    expect(round!.datasets.length).toBeGreaterThan(5);
    expect(round!.datasets.every((d) => d.outcome === 'applied')).toBe(true);
    expect(mirrorRows(seatFile('seat-a'))).toEqual(direct);
  });

  it('the next revision is one more generation: its changed rows and tombstones, as a delta through nginx that brings generation 1 to what the server now serves', async () => {
    demo.setRevision(1);
    const [outcome] = await relay.pollAll();
    const items = outcome.published.filter((p) => p.key.startsWith('items@'));
    expect(items.length).toBeGreaterThan(0);
    for (const p of items) {
      expect(p.generation).toBe(2);
      expect(p.changed).toBeGreaterThan(0);
      expect(p.deleted).toBeGreaterThan(0);
    }
    const tombstones = await pool.query<{ n: string }>("SELECT count(*) AS n FROM relay_rows WHERE scope = $1 AND key LIKE 'items@%' AND raw IS NULL AND generation = 2", [license]);
    expect(Number(tombstones.rows[0].n)).toBe(items.reduce((s, p) => s + p.deleted, 0));

    const direct = await directMirror('workstation');
    const token = await seatToken('demo@example.com', license);
    for (const e of await catalog(token)) {
      const before = gen1.get(e.key)!;
      if (e.generation === 1) {
        expect(await pgRows(e.key)).toEqual(direct.get(e.key));
        continue;
      }
      const first = await get(token, dataPath('changes', e, 1, 2), { 'Accept-Encoding': 'gzip' });
      expect(first.status).toBe(200);
      expect(first.headers.get('etag')).toMatch(/^"[^"]+"$/);
      expect(first.headers.get('cache-control')).toContain('immutable');
      expect(first.headers.get('x-cache-status')).toBe('MISS');
      const deltaText = await first.text();
      const delta = JSON.parse(deltaText) as Element[];
      if (e.key.startsWith('items@')) {
        // a seat's delta is the changed rows and the deletions, and little more
        const rows = [...before.values()].map((v) => JSON.stringify(v.record).length);
        const averageRow = rows.reduce((a, b) => a + b, 0) / rows.length;
        const changedOrDeleted = delta.length;
        deltaFigures.push({ key: e.key, deltaBytes: Buffer.byteLength(deltaText), changedOrDeleted, averageRow: Math.round(averageRow), ratio: Buffer.byteLength(deltaText) / (changedOrDeleted * averageRow) });
      }
      const again = await get(token, dataPath('changes', e, 1, 2));
      expect(again.headers.get('x-cache-status')).toBe('HIT');
      // a seat that takes no gzip gets the same array, unpacked by nginx
      expect(await again.json()).toEqual(delta);
      expect(await pgRows(e.key), `${e.key} in PostgreSQL`).toEqual(direct.get(e.key));
      const now = new Map([...before].map(([id, v]) => [id, v.hash]));
      for (const x of delta) {
        expect(x.generation).toBe(2);
        if (x.deleted) now.delete(x.id);
        else now.set(x.id, x.hash!);
      }
      expect(now, e.key).toEqual(direct.get(e.key));
    }

    // two seats: one brought forward by the changes, one new that reads every dataset whole; both
    // mirrors equal the workstation's that synced straight from the server, dated by the relay's reading
    const a = await seatSync('seat-a', token);
    const b = await seatSync('seat-b', await seatToken('demo@example.com', license));
    expect(a.filter((o) => o.key.startsWith('items@')).every((o) => o.read === 'changes' && o.generation === 2)).toBe(true);
    // applied as a set of changes: the applier took the changed rows, not the dataset
    for (const o of a.filter((x) => x.read === 'changes')) expect(o.received!, o.key).toBeLessThan(o.rows / 2);
    expect(a.filter((o) => o.outcome === 'unchanged').length).toBeGreaterThan(0);
    expect(b.every((o) => o.read === 'whole')).toBe(true);
    expect(mirrorRows(seatFile('seat-a'))).toEqual(direct);
    expect(mirrorRows(seatFile('seat-b'))).toEqual(direct);
    const readAt = new Map((await catalog(token)).map((e) => [e.key, e.readAt]));
    expect(seatDates('seat-a')).toEqual(readAt);
    expect(deltaFigures.length).toBeGreaterThan(0);
    for (const f of deltaFigures) expect(f.ratio, f.key).toBeLessThanOrEqual(1.5);
    recordFigures('relay', { items: ITEMS, deltas: deltaFigures });
  });

  it('20 seats asking the same changes at once cost the relay one answer, and the server no request more than one seat', async () => {
    const seats = await Promise.all(Array.from({ length: 20 }, () => seatToken('demo@example.com', license)));
    const entry = (await catalog(seats[0])).find((e) => e.key.startsWith('items@') && e.generation === 2)!;
    // a path no seat asked before: nginx's cache lock lets one request through to the relay
    const fresh = { ...entry };
    demo.setRevision(2);
    const dataCalls = () => vendor.log.filter((l) => l.path.startsWith('/v1/api/pub/')).length;
    const beforeRound = dataCalls();
    await relay.pollAll();
    const roundCalls = dataCalls() - beforeRound;
    // every seat's token already checked (the relay keeps the answer), so that their requests for
    // the new changes reach nginx together
    await Promise.all(seats.map((t) => catalog(t)));
    const changesBefore = relay.http.counts.changes;
    const answers = await Promise.all(seats.map(async (t) => (await get(t, dataPath('changes', fresh, 2, 3), { 'Accept-Encoding': 'gzip' })).text()));
    expect(new Set(answers).size).toBe(1);
    const relayAnswers = relay.http.counts.changes - changesBefore;
    expect(relayAnswers).toBe(1);
    // the seats' requests reached the server only to check their tokens, never for data
    expect(dataCalls() - beforeRound).toBe(roundCalls);
    // the workstation the seats are compared with reads each revision the relay publishes (straight from the demo)
    await directMirror('workstation');

    demo.setRevision(3);
    const beforeOne = dataCalls();
    await relay.pollAll();
    const oneSeatRound = dataCalls() - beforeOne;
    await get(seats[0], dataPath('changes', fresh, 3, 4));
    expect(dataCalls() - beforeOne).toBe(oneSeatRound);
    expect(oneSeatRound).toBe(roundCalls);
    await directMirror('workstation');
    recordFigures('relay', { seats: seats.length, relayAnswersForAllSeats: relayAnswers, serverDataRequestsPerRound: { oneSeat: oneSeatRound, allSeats: roundCalls } });
  });

  it("a seat of another license sees none of this license's datasets; a token the server refuses sees nothing", async () => {
    const demoToken = await seatToken('demo@example.com', license);
    const own = await catalog(demoToken);
    expect(own.length).toBeGreaterThan(5);
    const solo = await seatToken('solo@example.com');
    expect(await catalog(solo)).toEqual([]);
    const items = own.find((e) => e.key.startsWith('items@'))!;
    const refused = await get(solo, dataPath('whole', items, items.generation));
    expect(refused.status).toBe(403);
    const stock = own.find((e) => e.key.startsWith('inventory@'))!;
    expect((await get(solo, dataPath('changes', stock, stock.generation - 1, stock.generation))).status).toBe(403);
    expect((await get('not-a-token', dataPath('whole', items, items.generation))).status).toBe(401);
    expect((await fetch(`${nginx.url}/relay/v1/catalog`)).status).toBe(401);
  });

  it('a seat of one facility sees the datasets of its license and its facility, never a row of another facility', async () => {
    const [mine, other] = demo.ids().facilities;
    const all = await catalog(await seatToken('demo@example.com', license));
    expect(all.some((e) => e.scopeKind === 'facility' && e.scopeId === other)).toBe(true);
    const token = await seatToken('floor@example.com');
    const own = await catalog(token);
    // exactly the license's datasets that are not of a facility, and those of its own facility
    expect(own.map((e) => e.key).sort()).toEqual(all.filter((e) => e.scopeKind !== 'facility' || e.scopeId === mine).map((e) => e.key).sort());
    for (const e of all.filter((x) => x.scopeKind === 'facility' && x.scopeId === other)) {
      expect((await get(token, dataPath('whole', e, e.generation))).status, e.key).toBe(403);
      if (e.generation > 1) expect((await get(token, dataPath('changes', e, e.generation - 1, e.generation))).status, e.key).toBe(403);
    }
    // its mirror, synced through nginx, holds its facility's stock, locations and history and no other's
    await seatSync('seat-floor', token);
    const db = openMirror(seatFile('seat-floor'), { readonly: true });
    try {
      const datasets = allDatasets(db);
      expect(datasets.filter((d) => d.scope_kind === 'facility').map((d) => d.scope_id)).toEqual(expect.arrayContaining([mine]));
      expect(datasets.filter((d) => d.scope_kind === 'facility' && d.scope_id !== mine)).toEqual([]);
      for (const d of datasets.filter((x) => x.scope_kind === 'facility')) expect(d.rows, d.key).toBeGreaterThan(0);
      // each row's own facility, as the mirror extracted it from the record
      for (const table of ['locations', 'inventory', 'history']) {
        expect(db.prepare(`SELECT DISTINCT facility_id FROM ${table}`).pluck().all(), table).toEqual([mine]);
      }
    } finally {
      db.close();
    }
  });

  it('a seat further behind than the horizon is told to read the dataset whole', async () => {
    const token = await seatToken('demo@example.com', license);
    const items = (await catalog(token)).find((e) => e.key.startsWith('items@'))!;
    // generation 1 was a first load: the relay keeps no chunk of it
    const res = await get(token, dataPath('changes', items, 0, items.generation));
    expect(res.status).toBe(410);
    expect(((await res.json()) as { message: string }).message).toMatch(/read the dataset whole/);
  });

  it('a relay process SIGKILLed while it writes a generation, PostgreSQL and nginx restarted: seats keep their last generation, nothing is lost or mixed; the relay standing by takes over and the next round converges', async () => {
    const token = await seatToken('demo@example.com', license);
    await seatSync('seat-a', token);
    const items = (await catalog(token)).find((e) => e.key.startsWith('items@'))!;
    const rowsBefore = await pgRows(items.key);
    // the test's relay lets the process poll first (it holds the lock until it closes); started
    // again, it stands by, and serves (its start creates what is missing of the schema, which would
    // wait for the process's uncommitted writes)
    // (in a data folder of its own: when it takes over, its mirror is new)
    await relay.close();
    relay = await startRelayService(relayConfig(path.join(folder.path, 'standby'), relayPort), { env: { RELAY_TEST_PASSWORD: PASSWORD }, timer: false });
    // the generation the relay process will write waits at its chunk: the test's own transaction
    // holds that chunk's key, so the process is caught with the generation's rows written, uncommitted
    const blocker = await pool.connect();
    await blocker.query('BEGIN');
    await blocker.query("INSERT INTO relay_chunks (scope, key, generation, changed, deleted, body_gzip) VALUES ($1, $2, $3, 0, 0, ''::bytea)", [license, items.key, items.generation + 1]);
    demo.setRevision(4);
    const file = path.join(folder.path, 'relay.json');
    writeFileSync(file, JSON.stringify(relayConfig(path.join(folder.path, 'killed'))));
    const child: ChildProcess = spawn(process.execPath, ['electron/hosts/cli/bin.mjs', 'relay', '--config', file], {
      env: { ...process.env, RELAY_TEST_PASSWORD: PASSWORD },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const gone = new Promise((resolve) => child.once('exit', resolve));
    const writing = async () => (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO relay_chunks%'")).rows[0].n;
    // the process first reads the whole server into a new mirror: how long that takes grows with the items
    const writingBy = Date.now() + TIMEOUT_MS / 2;
    while (Date.now() < writingBy && (await writing()) === 0) {
      if (child.exitCode !== null) throw new Error(`the relay ended (${child.exitCode}): ${err}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await writing()).toBe(1);
    expect((await relay.pollAll())[0].state).toBe('standby');
    child.kill('SIGKILL');
    await gone;
    await blocker.query('ROLLBACK');
    blocker.release();
    await postgres.stop();
    postgres.start();
    await nginx.stop();
    nginx = await startTestNginx({ relays: [relay.http.url], vendor: vendor.url, port: Number(new URL(nginx.url).port) });

    // the half-written generation is nowhere: a seat keeps the one it had, and each dataset it holds
    // is one whole generation, the one PostgreSQL serves
    expect((await catalog(token)).find((e) => e.key === items.key)!.generation).toBe(items.generation);
    expect(await pgRows(items.key)).toEqual(rowsBefore);
    const kept = await seatSync('seat-a', token);
    expect(kept.find((o) => o.key === items.key)!.outcome).toBe('unchanged');
    for (const [key, rows] of mirrorRows(seatFile('seat-a'))) expect(rows, key).toEqual(await pgRows(key));

    // PostgreSQL ended the dead process's sessions, and with them its lock: the relay standing by takes
    // over at the next revision with a new mirror, whose first reading of a history log holds fewer
    // events than one read round after round; the seat's history still holds every event it held
    const logs = (rows: Map<string, Map<string, number>>) => new Map([...rows].filter(([key]) => key.startsWith('history@')).map(([key, r]) => [key, new Set(r.keys())]));
    const historyBefore = logs(mirrorRows(seatFile('seat-a')));
    expect(historyBefore.size).toBeGreaterThan(0);
    // the killed process committed the generations it wrote before the one the test held (each
    // dataset is its own transaction; the history logs among them): the workstation reads revision 4 too
    await directMirror('workstation');
    demo.setRevision(5);
    let state = 'standby';
    for (let i = 0; i < 100 && state === 'standby'; i++) {
      state = (await relay.pollAll())[0].state;
      if (state === 'standby') await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('polled');
    const after = (await catalog(token)).find((e) => e.key === items.key)!;
    expect(after.generation).toBe(items.generation + 1);
    const resumed = await seatSync('seat-a', token);
    expect(resumed.find((o) => o.key === items.key)).toMatchObject({ outcome: 'applied', read: 'changes', generation: after.generation });
    const historyAfter = logs(mirrorRows(seatFile('seat-a')));
    // an event leaves the seat's history only as it leaves a workstation's: a log fuller than the
    // mirror keeps (at 100,000 items) drops its oldest as new ones come
    const direct = await directMirror('workstation');
    let added = 0;
    for (const [key, ids] of historyBefore) {
      const now = historyAfter.get(key)!;
      expect([...ids].filter((id) => !now.has(id) && direct.get(key)!.has(id)), key).toEqual([]);
      added += [...now].filter((id) => !ids.has(id)).length;
    }
    expect(added).toBeGreaterThan(0);
    expect(mirrorRows(seatFile('seat-a'))).toEqual(direct);
  });

  it('the relay stopped: a seat keeps its mirror, dated, and is told which call failed; started again, it resumes from its generation', async () => {
    const token = await seatToken('demo@example.com', license);
    await seatSync('seat-a', token);
    const rowsBefore = mirrorRows(seatFile('seat-a'));
    const datesBefore = seatDates('seat-a');
    await relay.close();
    await expect(seatSync('seat-a', token)).rejects.toThrow(/GET \/relay\/v1\/catalog of the site relay .* answered 502; the mirror is kept as it was/);
    // a round of a mirror that synced from this relay says which call failed, and does not turn to the warehouse server
    const db = openMirror(seatFile('seat-a'));
    try {
      const round = relayRound(db, { baseUrl: nginx.url, accessToken: async () => token, refreshAfterUnauthorized: async () => token });
      await expect(round).rejects.toThrow(`The site relay at ${nginx.url} does not answer (GET /relay/v1/info); the mirror is kept as it was.`);
    } finally {
      db.close();
    }
    expect(mirrorRows(seatFile('seat-a'))).toEqual(rowsBefore);
    expect(seatDates('seat-a')).toEqual(datesBefore);

    relay = await startRelayService(relayConfig(path.join(folder.path, 'relay'), relayPort), { env: { RELAY_TEST_PASSWORD: PASSWORD }, timer: false });
    demo.setRevision(6);
    expect((await relay.pollAll())[0].state).toBe('polled');
    const outcomes = await seatSync('seat-a', token);
    const items = outcomes.filter((o) => o.key.startsWith('items@'));
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((o) => o.read === 'changes')).toBe(true);
    expect(outcomes.some((o) => o.read === 'whole')).toBe(false);
    expect(mirrorRows(seatFile('seat-a'))).toEqual(await directMirror('workstation'));
  });

  it("a workstation with the siteRelay setting signs in at nginx's address and syncs from the relay: its mirror equals the direct one, dated by the relay's reading, and the server sees no data request from it; with the relay stopped and siteRelayFallback 'vendor', it reads the server the relay named and says so", async () => {
    const dataDir = path.join(folder.path, 'app-seat');
    const core = createNodeCore({ host: 'cli', dataDir, overrides: { autoSync: false, idleLock: false } });
    try {
      await core.handlers['settings.set']({ siteRelay: true });
      const dataCalls = () => vendor.log.filter((l) => l.path.startsWith('/v1/api/pub/')).length;
      const before = dataCalls();
      const view = await signInForCli(core.handlers, { server: nginx.url, email: 'demo@example.com', password: PASSWORD, licenseId: license });
      await syncRound(core);
      expect(dataCalls()).toBe(before);
      const status = await core.handlers['sync.status']({});
      expect(status.datasets.length).toBeGreaterThan(5);
      expect(status.datasets.filter((d) => d.lastError !== null)).toEqual([]);
      const file = mirrorFileOf(dataDir, { server: view.server!, email: view.email!, licenseId: view.licenseId! });
      const token = await seatToken('demo@example.com', license);
      const readAt = new Map((await catalog(token)).map((e) => [e.key, e.readAt]));
      const db = openMirror(file, { readonly: true });
      try {
        expect(new Map(allDatasets(db).map((d) => [d.key, d.last_success_at]))).toEqual(readAt);
      } finally {
        db.close();
      }
      expect(mirrorRows(file)).toEqual(await directMirror('workstation'));
      // the window and `aisle status` say the data's age as the relay's reading
      expect(status.summary.viaRelay).toBe(true);

      // the relay stopped, and the setting allows it: the round reads the warehouse server the relay named, and says so
      await core.handlers['settings.set']({ siteRelayFallback: 'vendor' });
      await relay.close();
      demo.setRevision(7);
      await syncRound(core);
      const fallback = await core.handlers['sync.status']({});
      expect(dataCalls()).toBeGreaterThan(before);
      expect(fallback.datasets.filter((d) => d.lastError !== null)).toEqual([]);
      expect(fallback.summary.viaRelay).toBe(false);
      expect(fallback.notices).toEqual([{ code: 'relay_fallback', relay: nginx.url, server: vendor.url, detail: `The site relay at ${nginx.url} does not answer (GET /relay/v1/info); the mirror is kept as it was.` }]);
      // what a workstation reading the server now gets (a history log read afresh keeps fewer events than one read round after round)
      expect(mirrorRows(file)).toEqual(await directMirror('fresh-workstation'));

      // the datasets the server gave hold no relay generation any more (a row that came and went
      // between two readings would have no tombstone): the relay back, those are read whole from it
      // (nginx has them cached), the others by changes, and none from the server
      const generations = () => {
        const held = openMirror(file, { readonly: true });
        try {
          return metaEntries(held, 'relay_generation:').size;
        } finally {
          held.close();
        }
      };
      expect(generations()).toBeLessThan(fallback.datasets.length);
      relay = await startRelayService(relayConfig(path.join(folder.path, 'relay'), relayPort), { env: { RELAY_TEST_PASSWORD: PASSWORD }, timer: false });
      expect((await relay.pollAll())[0].state).toBe('polled');
      const afterFallback = dataCalls();
      await syncRound(core);
      const back = await core.handlers['sync.status']({});
      expect(back.datasets.filter((d) => d.lastError !== null)).toEqual([]);
      expect(back.summary.viaRelay).toBe(true);
      expect(back.notices).toEqual([]);
      expect(dataCalls()).toBe(afterFallback);
      expect(generations()).toBe(back.datasets.length);
      // each dataset as the relay serves it (the relay's equal to the server's is shown above)
      for (const [key, rows] of mirrorRows(file)) expect(rows, key).toEqual(await pgRows(key));
    } finally {
      await core.close();
    }
  });
});
