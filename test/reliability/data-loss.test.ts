// Data loss and disk filling: one wrong answer from a server must not wipe the workstation's
// catalog, and no answer may fill its disk. A proxy in front of the demo server answers `200 []` to
// the accounts list (then the facilities list) once, with `aisle sync` on the other side; then it
// answers the users list with a body that never ends, and with 10,000,000 tiny records; a first
// sync of a users list past the default row floor applies whole, and tiny records that never end
// stop at the room on the disk.
import { existsSync, readdirSync, statfsSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { DEFAULT_CAPS, type DatasetCaps } from '../../electron/core/mirror/dataset-caps.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { tempDir } from '../support/temp-dir.ts';
import { demoToken } from '../sync/demo-token.ts';
import { isFull, recordFigures } from './support/figures.ts';

const LISTS = '/v1/api/pub/lists';
const USERS = `${LISTS}/users/query`;
const MB = 1024 * 1024;

/** What the proxy does instead of forwarding: an empty list once, or a streamed users list. */
type Trick = { path: string; kind: 'empty-once' } | { path: string; kind: 'endless' } | { path: string; kind: 'many'; count: number };

let demo: DemoServer;
let proxy: http.Server;
let proxyUrl: string;
let trick: Trick | null = null;
let dir: ReturnType<typeof tempDir>;
const figures: Record<string, unknown> = {};

/** `[{"id":"1","email":"u1@x.example"},...` in 64 KiB chunks, minding backpressure, until `count` records or the client goes; `pad` characters of note each. */
function stream(res: ServerResponse, count: number, pad: number) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const note = pad ? `,"note":"${'x'.repeat(pad)}"` : '';
  let n = 0;
  const more = () => {
    while (!res.destroyed) {
      if (n >= count) return void res.end(']');
      let chunk = n === 0 ? '[' : '';
      while (chunk.length < 65_536 && n < count) chunk += `${n === 0 ? '' : ','}{"id":"${++n}","email":"u${n}@x.example"${note}}`;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
  };
  more();
}

function forward(req: IncomingMessage, res: ServerResponse) {
  const target = new URL(req.url ?? '/', demo.url);
  const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

function io() {
  const out: string[] = [];
  const value: CliIo = { out: (l) => out.push(l), err: () => undefined, env: { AISLE_PASSWORD: 'demo1234' }, promptPassword: async () => Promise.reject(new Error('no terminal')) };
  return { value, out };
}

beforeAll(async () => {
  demo = await startDemoServer({ seed: 11, items: isFull ? 20_000 : 2_000, accounts: 4, facilities: 2, historyDays: 2, rateLimit: 0 });
  proxy = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (trick && trick.path === path) {
      const t = trick;
      if (t.kind === 'empty-once') {
        trick = null;
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end('[]');
      }
      // the never-ending answer's records are large, so that it reaches the byte cap in a few thousand
      return t.kind === 'endless' ? stream(res, Number.MAX_SAFE_INTEGER, 4000) : stream(res, t.count, 0);
    }
    forward(req, res);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  dir = tempDir();
});
afterAll(async () => {
  recordFigures('data-loss', figures);
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await demo?.close();
  dir?.remove();
});

/** Every dataset's rows in the CLI's mirror, and the rows of every record table. */
function mirrorState(dataDir: string) {
  const folder = path.join(dataDir, 'mirrors');
  const file = readdirSync(folder).find((f) => f.endsWith('.sqlite'))!;
  const db = openMirror(path.join(folder, file), { readonly: true });
  try {
    const datasets = db.prepare('SELECT key, rows FROM datasets ORDER BY key').all() as { key: string; rows: number }[];
    const rows = ['records', 'items', 'locations', 'inventory', 'history'].reduce((n, t) => n + (db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number), 0);
    return { datasets, rows };
  } finally {
    db.close();
  }
}

describe('one wrong answer never wipes the catalog', () => {
  it('an empty accounts list, then an empty facilities list, once each: aisle sync says held and exits 3, every dataset keeps its rows', async () => {
    const data = path.join(dir.path, 'cli');
    const sync = async () => {
      const run = io();
      const code = await main(['sync', '--server', proxyUrl, '--email', 'demo@example.com', '--data', data], run.value);
      return { code, summary: run.out.at(-1) ?? '', out: run.out };
    };
    expect((await sync()).code).toBe(0);
    const before = mirrorState(data);
    expect(before.datasets.length).toBeGreaterThan(10);
    const attacks: Record<string, unknown>[] = [];
    for (const list of ['accounts', 'facilities']) {
      trick = { path: `${LISTS}/${list}/query`, kind: 'empty-once' };
      const attacked = await sync();
      expect(trick).toBeNull(); // the empty answer was given
      const after = mirrorState(data);
      const kept = after.datasets.filter((d) => before.datasets.some((b) => b.key === d.key && b.rows === d.rows)).length;
      attacks.push({ list, exitCode: attacked.code, summary: attacked.summary, datasetsBefore: before.datasets.length, datasetsKept: kept, rowsBefore: before.rows, rowsKept: after.rows });
      expect(attacked.summary).toMatch(/: 0 failed, 1 held\.$/);
      expect(attacked.code).toBe(3);
      expect(after).toEqual(before);
      // the next round, with the true answer, confirms what is kept
      expect((await sync()).code).toBe(0);
      expect(mirrorState(data)).toEqual(before);
    }
    figures.emptyAnswers = attacks;
  });
});

describe('a server cannot fill the disk', () => {
  let db: WriteDb;
  let file: string;
  let token: string;
  let userFacilities: { id: string; code: string; name: string }[];
  const round = (caps: { minRows: number; minBytes: number }) =>
    runRound(db, {
      baseUrl: proxyUrl,
      accessToken: async () => token,
      refreshAfterUnauthorized: async () => token,
      plan: { offlineLists: ['users'], offlineFacilities: [], userFacilities, historyDays: 2 },
      retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
      caps: { ...caps, spareBytes: 0 },
    });
  const users = () => db.prepare(`SELECT count(*) FROM records WHERE list = 'users'`).pluck().get() as number;
  const walBytes = () => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);

  beforeAll(async () => {
    ({ token, facilities: userFacilities } = await demoToken(demo));
    file = path.join(dir.path, 'disk.sqlite');
    db = openMirror(file);
  });
  afterAll(() => db?.close());

  it('a never-ending users list stops at the byte cap, the last good list kept and the WAL cut back; 10,000,000 tiny records stop at the row cap', async () => {
    trick = null;
    await round({ minRows: 100_000, minBytes: 256 * MB });
    const good = users();
    expect(good).toBeGreaterThan(0);

    trick = { path: USERS, kind: 'endless' };
    let walPeak = 0;
    const watch = setInterval(() => (walPeak = Math.max(walPeak, walBytes())), 20);
    const started = Date.now();
    const endless = await round({ minRows: 10_000_000, minBytes: 64 * MB }).finally(() => clearInterval(watch));
    const stopped = endless.datasets.find((d) => d.key === 'users')!;
    expect(stopped.error?.message).toMatch(/^Users: the server sent more than 64 MB of records/);
    const stoppedAfter = Number(/after ([\d,]+) records/.exec(stopped.error!.message)![1].replace(/,/g, ''));
    expect(users()).toBe(good);
    expect(walPeak).toBeGreaterThan(8 * MB);
    // what stays is the round's few state writes after it (markAttempt, a 304's date), not the answer
    expect(walBytes()).toBeLessThan(256 * 1024);
    figures.endless = { capMegabytes: 64, stoppedAfterRecords: stoppedAfter, seconds: (Date.now() - started) / 1000, walPeakBytes: walPeak, walAfterBytes: walBytes(), usersKept: users(), usersBefore: good, message: stopped.error!.message };

    trick = { path: USERS, kind: 'many', count: 10_000_000 };
    const many = await round({ minRows: 20_000, minBytes: 256 * MB });
    const capped = many.datasets.find((d) => d.key === 'users')!;
    expect(capped).toMatchObject({ outcome: 'error', error: { code: 'bad_response' } });
    expect(capped.error?.message).toMatch(/^Users: the server sent more than 20,000 records/);
    expect(users()).toBe(good);
    // what stays is the round's few state writes after it (markAttempt, a 304's date), not the answer
    expect(walBytes()).toBeLessThan(256 * 1024);
    figures.tinyRecords = { sent: 10_000_000, capRows: 20_000, usersKept: users(), usersBefore: good, walAfterBytes: walBytes(), message: capped.error!.message };
    trick = null;
  });

  it('a first sync of a list past the default row floor applies whole with the default caps; then tiny records that never end stop at the room on the disk, the list kept', async () => {
    const fresh = openMirror(path.join(dir.path, 'first-sync.sqlite'));
    const firstRound = (caps: DatasetCaps) =>
      runRound(fresh, {
        baseUrl: proxyUrl,
        accessToken: async () => token,
        refreshAfterUnauthorized: async () => token,
        plan: { offlineLists: ['users'], offlineFacilities: [], userFacilities, historyDays: 2 },
        // one retry: a connection the proxy closed while the long first answer applied may be met again
        retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
        caps,
      });
    const kept = () => fresh.prepare(`SELECT count(*) FROM records WHERE list = 'users'`).pluck().get() as number;
    try {
      const honest = DEFAULT_CAPS.minRows + 50_000;
      trick = { path: USERS, kind: 'many', count: honest };
      let started = Date.now();
      const first = await firstRound(DEFAULT_CAPS);
      expect(first.datasets.find((d) => d.key === 'users')).toMatchObject({ outcome: 'applied', rows: honest });
      expect(kept()).toBe(honest);
      const firstSeconds = (Date.now() - started) / 1000;

      // the same caps on a disk with 48 MB free beyond the spare margin: the answer may use half of it
      trick = { path: USERS, kind: 'many', count: Number.MAX_SAFE_INTEGER };
      const stats = statfsSync(dir.path);
      started = Date.now();
      const flood = await firstRound({ ...DEFAULT_CAPS, spareBytes: stats.bavail * stats.bsize - 48 * MB });
      const stopped = flood.datasets.find((d) => d.key === 'users')!;
      expect(stopped, stopped.error?.message).toMatchObject({ outcome: 'error', error: { code: 'mirror_error', notice: { code: 'answer_past_disk_room', announced: null } } });
      expect(kept()).toBe(honest);
      const notice = stopped.error!.notice as { used: number; room: number; records: number };
      figures.firstSync = { rows: honest, floor: DEFAULT_CAPS.minRows, seconds: firstSeconds };
      figures.diskRoom = { roomBytes: notice.room, usedBytes: notice.used, stoppedAfterRecords: notice.records, seconds: (Date.now() - started) / 1000, usersKept: kept(), message: stopped.error!.message };
    } finally {
      trick = null;
      fresh.close();
    }
  });
});
