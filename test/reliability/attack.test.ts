// The attack on the hosts, point by point: a hostile record read back, a damaged mirror, a full
// disk, the browser host's key, clocks that lie, stalled streams, CSV cells that would be formulas.
// Every case runs against the real core over real files and, where there is one, a real socket.
import { closeSync, mkdirSync, openSync, readdirSync, readlinkSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { csvField, csvLayout, csvText } from '../../electron/contract/csv.ts';
import { dispatch } from '../../electron/contract/dispatch.ts';
import type { AisleError, Result } from '../../electron/contract/errors.ts';
import type { SessionView, SyncStatus } from '../../electron/contract/types.ts';
import { scanRow } from '../support/scan-rows.ts';
import { noticeInEnglish, type Notice } from '../../electron/contract/notices.ts';
import { createScanLists, SCAN_LIST_FORGOTTEN_AFTER_DAYS } from '../../electron/core/scans/scan-lists.ts';
import { createOfflineVerifier, FREE_ATTEMPTS } from '../../electron/core/session/offline-verifier.ts';
import { DEMO_PASSWORD } from '../../electron/demo/index.ts';
import { KEY_HEADER, startBrowserHost, type BrowserHost } from '../../electron/hosts/browser/browser-host.ts';
import { registerIpc } from '../../electron/main/ipc.ts';
import { CALL_CHANNEL } from '../../electron/main/channels.ts';
import { silentLogger } from '../../electron/core/context.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { anyAuthServer } from '../api/any-auth-server.ts';
import { demoCore } from '../support/demo-core.ts';
import { logText } from '../support/read-logs.ts';
import { tempDir } from '../support/temp-dir.ts';
import { ipcMain } from '../fakes/electron.ts';
import { recordFigures } from './support/figures.ts';

const figures: Record<string, unknown> = { damagedMirror: {} };
/** A sync status's notice in the words the CLI prints, or null. */
const inWords = (notice: Notice | null | undefined) => (notice ? noticeInEnglish(notice) : null);
afterAll(() => recordFigures('attack', figures));

function deepJson(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

async function httpCall(host: BrowserHost, method: string, args: unknown): Promise<{ status: number; body: Result<unknown> }> {
  const response = await fetch(`${host.origin}/api/call/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...keyHeaders(host) },
    body: JSON.stringify(args),
  });
  return { status: response.status, body: (await response.json()) as Result<unknown> };
}

function keyHeaders(host: BrowserHost): Record<string, string> {
  return { [KEY_HEADER]: host.secret, Origin: host.origin };
}

function openSocket(host: BrowserHost): Promise<WebSocket> {
  const ws = new WebSocket(`${host.origin.replace('http:', 'ws:')}/api/socket`, { headers: keyHeaders(host) });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function socketCall(ws: WebSocket, id: number, method: string, args: unknown): Promise<Result<unknown>> {
  return new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error(`no answer to ${method} over the socket`)), 10_000).unref();
    const onMessage = (data: Buffer) => {
      const answer = JSON.parse(data.toString()) as { id: number; result: Result<unknown> };
      if (answer.id !== id) return;
      ws.off('message', onMessage);
      resolve(answer.result);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, method, args }));
  });
}

describe('one hostile record never crashes a host', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  let host: BrowserHost;
  let recordId: string;
  let core: Awaited<ReturnType<typeof demoCore>>['core'];

  beforeAll(async () => {
    const demo = await demoCore(cleanup);
    core = demo.core;
    const rendererDir = path.join(demo.dir.path, 'renderer');
    mkdirSync(rendererDir, { recursive: true });
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Aisle</title>');
    host = await startBrowserHost({ core, rendererDir });
    cleanup.push(() => host.close());
    const round = demo.firstRound();
    const signedIn = await dispatch(core.handlers, 'session.signIn', { server: demo.server.url, email: 'solo@example.com', password: DEMO_PASSWORD });
    expect(signedIn.ok).toBe(true);
    await round;
    // The record goes straight into the mirror file, as a hostile server's record would have.
    const mirrors = path.join(demo.dir.path, 'mirrors');
    const file = path.join(mirrors, readdirSync(mirrors).find((f) => f.endsWith('.sqlite'))!);
    const db = new Database(file);
    recordId = (db.prepare('SELECT id FROM items LIMIT 1').get() as { id: string }).id;
    db.prepare('UPDATE items SET raw = ? WHERE id = ?').run(deepJson(100_000), recordId);
    // and one whose cells a spreadsheet would run as formulas
    const formulaItem = db.prepare('SELECT id, raw FROM items WHERE id <> ? ORDER BY sku LIMIT 1').get(recordId) as { id: string; raw: string };
    const raw = { ...(JSON.parse(formulaItem.raw) as Record<string, unknown>), sku: '+1', description: '=HYPERLINK("http://evil.example","x")', uom: '@SUM(A1)', pack_qty: -5 };
    db.prepare('UPDATE items SET raw = ?, sku = ?, description = ? WHERE id = ?').run(JSON.stringify(raw), raw.sku, raw.description, formulaItem.id);
    db.close();
  });

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('over the WebSocket and HTTP: a typed error, and the host answers the next call', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const ws = await openSocket(host);
      const viaSocket = await socketCall(ws, 1, 'records.get', { list: 'items', id: recordId });
      expect(viaSocket).toMatchObject({ ok: false, error: { code: 'bad_response' } });
      expect(!viaSocket.ok && viaSocket.error.message).toMatch(/records\.get.*nested/);
      // the same socket still answers
      expect(await socketCall(ws, 2, 'app.info', {})).toMatchObject({ ok: true });
      ws.close();

      const viaHttp = await httpCall(host, 'records.get', { list: 'items', id: recordId });
      expect(viaHttp.status).toBe(200);
      expect(viaHttp.body).toMatchObject({ ok: false, error: { code: 'bad_response' } });
      expect((await httpCall(host, 'app.info', {})).body).toMatchObject({ ok: true });
      expect(unhandled).toEqual([]);
      figures.hostileRecord = { depth: 100_000, socket: viaSocket.ok ? 'ok' : viaSocket.error.code, http: viaHttp.body.ok ? 'ok' : viaHttp.body.error.code, hostAlive: true };
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('over Electron IPC: a typed error, never an answer Electron cannot clone', async () => {
    const appUrl = 'file:///app/index.html';
    const stop = registerIpc(ipcMain as never, core, () => appUrl, silentLogger);
    try {
      const handler = ipcMain.handlers.get(CALL_CHANNEL)!;
      const answer = (await handler({ senderFrame: { url: appUrl, parent: null }, sender: {} }, 'records.get', { list: 'items', id: recordId })) as Result<unknown>;
      expect(answer).toMatchObject({ ok: false, error: { code: 'bad_response' } });
      expect(() => structuredClone(answer)).not.toThrow();
      figures.hostileRecordIpc = answer.ok ? 'ok' : answer.error.code;
    } finally {
      stop();
    }
  });

  it('a CSV export writes formula-like cells as text, and a negative quantity as a number', async () => {
    const chunks: string[] = [];
    const { Writable } = await import('node:stream');
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString('utf8'));
        done();
      },
    });
    const view = { list: 'items', scopeId: null, sort: [], filters: { sku: '+1' }, columns: ['sku', 'description', 'uom', 'pack_qty'] };
    await core.writeCsv(view, out);
    const csv = chunks.join('');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const line = csv.split('\r\n').find((l) => l.includes('HYPERLINK'));
    expect(line).toBe(`'+1,"'=HYPERLINK(""http://evil.example"",""x"")",'@SUM(A1),-5`);
    figures.csv = { formulaCellsEscaped: 3, negativeNumberKept: line?.endsWith(',-5') ?? false };
  });

  it('the scan list\'s CSV (the same writer in the renderer): a scanned label is text; the layout is the user\'s choice', () => {
    const rows = [['A-01', '=HYPERLINK("http://evil.example")', 'none', '', '', 2, -1, '2026-01-01T00:00:00Z']];
    const header = ['location', 'code', 'kind', 'sku_or_code', 'description', 'count', 'on_hand_here', 'last_scanned'];
    expect(csvText(header, rows, csvLayout(true))).toBe(`\uFEFF${header.join(',')}\r\nA-01,"'=HYPERLINK(""http://evil.example"")",none,,,2,-1,2026-01-01T00:00:00Z\r\n`);
    expect(csvText(header, rows, csvLayout(false))).toBe(`${header.join(',')}\nA-01,"'=HYPERLINK(""http://evil.example"")",none,,,2,-1,2026-01-01T00:00:00Z\n`);
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField(-12.5)).toBe('-12.5');
  });

  it('a CSV link used while locked answers 423 in words before any CSV; unlocked, it is offered again', async () => {
    const view = { list: 'items', scopeId: null, sort: [], filters: {}, columns: ['sku'] };
    const offer = await httpCall(host, 'export.csv', { view });
    expect(offer.body.ok).toBe(true);
    expect((await httpCall(host, 'session.lock', {})).body.ok).toBe(true);
    const locked = await fetch(`${host.origin}${(offer.body as { value: { location: string } }).value.location}`, { headers: keyHeaders(host) });
    expect(locked.status).toBe(423);
    expect(await locked.text()).toMatch(/not made: The session is locked/);
    expect((await httpCall(host, 'session.unlock', { password: DEMO_PASSWORD })).body.ok).toBe(true);
    figures.csvLinkWhileLocked = locked.status;
  });

  it('the key stays its own: never set as a cookie (another 127.0.0.1 port would get it), refused as one, and a call needs the page\'s Origin', async () => {
    const opened = await fetch(host.url, { redirect: 'manual' });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('set-cookie')).toBeNull();
    const call = (headers: Record<string, string>) => fetch(`${host.origin}/api/call/session.current`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });
    const asCookie = await call({ Cookie: `aisle_k=${host.secret}`, Origin: host.origin });
    const withoutOrigin = await call({ [KEY_HEADER]: host.secret });
    const fromAnotherPort = await call({ [KEY_HEADER]: host.secret, Origin: 'http://127.0.0.1:9' });
    expect([asCookie.status, withoutOrigin.status, fromAnotherPort.status]).toEqual([401, 403, 403]);
    expect((await call(keyHeaders(host))).status).toBe(200);
    figures.key = { setCookie: false, keyAsCookie: asCookie.status, callWithoutOrigin: withoutOrigin.status, originOfAnotherPort: fromAnotherPort.status };
  });

  it('an event that cannot be serialised is logged and skipped; the stream goes on', async () => {
    const socket = net.connect(Number(new URL(host.origin).port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.write(`GET /api/events HTTP/1.1\r\nHost: ${new URL(host.origin).host}\r\nX-Aisle-Key: ${host.secret}\r\n\r\n`);
    await until(() => Buffer.concat(received).toString().includes(': connected'));
    let deep: unknown = 1;
    for (let n = 0; n < 100_000; n++) deep = { a: deep };
    core.events.emit('settings.changed', deep as never);
    core.events.emit('kiosk.exitRequested', {});
    await until(() => Buffer.concat(received).toString().includes('event: kiosk.exitRequested'));
    expect(Buffer.concat(received).toString()).not.toContain('event: settings.changed');
    socket.destroy();
  });

  it('a page that stops reading its events is dropped after a bounded backlog', async () => {
    const socket = net.connect(Number(new URL(host.origin).port), '127.0.0.1');
    let receivedBytes = 0;
    let connected = false;
    socket.on('data', (chunk: Buffer) => {
      receivedBytes += chunk.length;
      connected ||= chunk.toString().includes(': connected');
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(`GET /api/events HTTP/1.1\r\nHost: ${new URL(host.origin).host}\r\nX-Aisle-Key: ${host.secret}\r\n\r\n`);
    await until(() => connected);
    socket.pause(); // a frozen tab: reads nothing more
    const payload = { note: 'x'.repeat(64 * 1024) };
    const emittedBytes = 64 * 1024 * 1024;
    for (let sent = 0; sent < emittedBytes; sent += payload.note.length) {
      core.events.emit('settings.changed', payload as never);
      // let the socket flush what the kernel takes, as a real emitter's pace would
      if (sent % (4 * 1024 * 1024) === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    socket.resume();
    await ended;
    // What reached the client is bounded by the kernel's buffers and the host's backlog, not by
    // what was emitted.
    expect(receivedBytes).toBeLessThan(emittedBytes / 2);
    figures.stalledEvents = { emittedMiB: emittedBytes / 1024 / 1024, receivedMiB: Math.round((receivedBytes / 1024 / 1024) * 10) / 10 };
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a damaged mirror heals', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  let demo: Awaited<ReturnType<typeof demoCore>>;
  let mirrorFile: string;
  let sku: string;

  beforeAll(async () => {
    demo = await demoCore(cleanup);
    const round = demo.firstRound();
    expect((await signIn()).ok).toBe(true);
    await round;
    const mirrors = path.join(demo.dir.path, 'mirrors');
    mirrorFile = path.join(mirrors, readdirSync(mirrors).find((f) => f.endsWith('.sqlite'))!);
    const db = new Database(mirrorFile, { readonly: true });
    sku = (db.prepare('SELECT sku FROM items ORDER BY sku LIMIT 1').get() as { sku: string }).sku;
    db.close();
  });

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  const signIn = () => dispatch(demo.core.handlers, 'session.signIn', { server: demo.server.url, email: 'solo@example.com', password: DEMO_PASSWORD });
  const found = async () => {
    const answer = await dispatch(demo.core.handlers, 'search.query', { q: sku, limit: 5 });
    return answer.ok && (answer.value as { hits: unknown[] }).hits.length > 0;
  };

  /** Waits until no sync round is running. */
  const untilSyncIdle = () =>
    untilAsync(async () => {
      const status = await dispatch(demo.core.handlers, 'sync.status', {});
      return status.ok && !(status.value as { running: boolean }).running;
    }, 60_000);
  /** The damaged files moved aside so far. */
  const setAside = () => readdirSync(path.dirname(mirrorFile)).filter((f) => /\.damaged-.*\.sqlite$/.test(f));
  /**
   * Garbles every page of `table` in place, as a bad sector would; then another connection writes
   * (`mark`), so that the lookup connection reads the pages afresh. How many pages it garbled.
   */
  const garbleTable = (table: string, mark: string): number => {
    const other = new Database(mirrorFile);
    const pages = (other.prepare('SELECT pageno FROM dbstat WHERE name = ?').all(table) as { pageno: number }[]).map((p) => p.pageno);
    const pageSize = other.pragma('page_size', { simple: true }) as number;
    for (const page of pages) garble(mirrorFile, (page - 1) * pageSize, pageSize);
    other.prepare("INSERT INTO meta (key, value) VALUES ('touched', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(mark);
    other.close();
    return pages.length;
  };

  const damages: [string, (file: string) => void][] = [
    ['truncated to half', (file) => truncateSync(file, Math.floor(statSync(file).size / 2))],
    ['garbled header', (file) => garble(file, 0, 100)],
    ['replaced by a text file', (file) => writeFileSync(file, 'not a database at all\n'.repeat(100))],
    ['replaced by another SQLite database', (file) => {
      rmSync(file);
      const other = new Database(file);
      other.exec("CREATE TABLE items (x); CREATE TABLE meta (k); INSERT INTO items VALUES ('someone else''s')");
      other.close();
    }],
    ['20 garbage pages, after an unclean exit', (file) => {
      const pages = Math.floor(statSync(file).size / 4096);
      for (let n = 0; n < 20; n++) garble(file, (2 + Math.floor(((pages - 3) * n) / 20)) * 4096, 4096);
      writeFileSync(`${file}.open`, ''); // what a killed process leaves behind
    }],
  ];

  for (const [name, damage] of damages) {
    it(`${name}: moved aside, said in words, synced afresh; lookups work again`, async () => {
      // the previous case's round must be over: its worker writing the file after the damage would undo it
      await untilSyncIdle();
      expect((await dispatch(demo.core.handlers, 'session.signOut', {})).ok).toBe(true);
      const asideBefore = setAside().length;
      damage(mirrorFile);
      const signedIn = await signIn();
      expect(signedIn.ok, JSON.stringify(signedIn)).toBe(true);
      await untilAsync(found, 60_000);
      expect(setAside().length).toBe(asideBefore + 1);
      const log = logText(demo.dir.path);
      expect(log).toContain('the offline data file was damaged; moved aside');
      const status = await dispatch(demo.core.handlers, 'sync.status', {});
      expect(status.ok && inWords((status.value as SyncStatus).notice)).toMatch(/damaged.*moved aside/);
      (figures.damagedMirror as Record<string, string>)[name] = 'moved aside, synced afresh';
    });
  }

  it('damage first met by a query after a clean open: a typed error in words, moved aside, synced afresh; lookups work again', async () => {
    await untilSyncIdle();
    expect(await found()).toBe(true);
    const asideBefore = setAside().length;
    const pages = garbleTable('items', '1');
    const view = { list: 'items', scopeId: null, sort: [], filters: {}, columns: ['sku'] };
    const answer = await dispatch(demo.core.handlers, 'lists.page', { view, offset: 0, limit: 50 });
    expect(answer).toMatchObject({ ok: false, error: { code: 'mirror_error', message: expect.stringMatching(/damaged: it was moved aside and the offline data is being downloaded again/), notice: { code: 'mirror_damaged_ask_again' } } });
    expect(setAside().length).toBe(asideBefore + 1);
    const log = logText(demo.dir.path);
    expect(log.split('\n').filter((l) => l.includes('the offline data file was damaged; moved aside')).length).toBeGreaterThan(asideBefore);
    // synced afresh without a new sign-in: lookups work again
    await untilAsync(found, 60_000);
    const listed = await dispatch(demo.core.handlers, 'lists.page', { view, offset: 0, limit: 50 });
    expect(listed.ok).toBe(true);
    const status = await dispatch(demo.core.handlers, 'sync.status', {});
    expect(status.ok && inWords((status.value as SyncStatus).notice)).toMatch(/damaged.*moved aside/);
    (figures.damagedMirror as Record<string, string>)[`${pages} pages of the items table garbled after a clean open, met by a lookup`] = `${answer.ok ? 'ok' : answer.error.code} in words, moved aside, synced afresh`;
  });

  it('damage first met by the sync status after a clean open: moved aside, synced afresh; the status answers', async () => {
    await untilAsync(found, 60_000);
    await untilSyncIdle();
    const asideBefore = setAside().length;
    const pages = garbleTable('datasets', '2');
    const status = await dispatch(demo.core.handlers, 'sync.status', {});
    expect(status.ok, JSON.stringify(status)).toBe(true);
    expect(status.ok && inWords((status.value as SyncStatus).notice)).toMatch(/damaged.*moved aside/);
    expect(setAside().length).toBe(asideBefore + 1);
    await untilAsync(found, 60_000);
    (figures.damagedMirror as Record<string, string>)[`${pages === 1 ? 'the page' : `${pages} pages`} of the datasets table garbled after a clean open, met by the sync status`] = 'moved aside, synced afresh';
  });
});

function garble(file: string, offset: number, length: number): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(length, 0xa5), 0, length, offset);
  closeSync(fd);
}

async function untilAsync(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('two CLIs racing on a new folder', () => {
  it('both sync: the second waits for the first to make the schema whole, never says mirror_preparing nor sets the file aside', async () => {
    const { spawn } = await import('node:child_process');
    const { startDemoServer } = await import('../../electron/demo/index.ts');
    const { mirrorPath } = await import('../../electron/core/mirror/mirror-manager.ts');
    const root = path.resolve(import.meta.dirname, '../..');
    const server = await startDemoServer({ port: 0, items: 50, accounts: 1, facilities: 1, rateLimit: 0 });
    const dir = tempDir('aisle-race-');
    try {
      // where the mirror of this sign-in will be: the identity's file name, from a sign-in elsewhere
      const scratch = createNodeCore({ host: 'cli', dataDir: path.join(dir.path, 'scratch'), overrides: { log: silentLogger, autoSync: false } });
      const signedIn = await dispatch(scratch.handlers, 'session.signIn', { server: server.url, email: 'solo@example.com', password: DEMO_PASSWORD });
      await scratch.close();
      if (!signedIn.ok || (signedIn.value as { status: string }).status !== 'signed-in') throw new Error(JSON.stringify(signedIn));
      const session = (signedIn.value as { session: { server: string; email: string; licenseId: string } }).session;
      const dataDir = path.join(dir.path, 'data');
      const file = mirrorPath(dataDir, { server: session.server, email: session.email, licenseId: session.licenseId });
      // The bad luck made sure: the new file is locked while both CLIs start, so that both meet it
      // empty at the same moment once it is let go, as two CLIs started together do.
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const gate = new Database(file);
      gate.pragma('locking_mode = EXCLUSIVE');
      gate.exec('BEGIN EXCLUSIVE');
      const cli = () => {
        const child = spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'electron/hosts/cli/bin.mjs'), 'sync', '--server', server.url, '--email', 'solo@example.com', '--data-dir', dataDir], {
          cwd: root,
          env: { ...process.env, AISLE_PASSWORD: DEMO_PASSWORD, NO_COLOR: '1' },
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const done = new Promise<{ code: number | null; output: string }>((resolve) => child.on('close', (code) => resolve({ code, output })));
        return { pid: child.pid!, done };
      };
      const racing = [cli(), cli()];
      const holds = (pid: number) => {
        try {
          return readdirSync(`/proc/${pid}/fd`).some((fd) => {
            try {
              return readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
            } catch {
              return false;
            }
          });
        } catch {
          return false;
        }
      };
      // let go when both wait on it; or, on a machine so loaded that the second is slow to start,
      // before the first has waited out its busy timeout (then they may not meet; both must still sync)
      let firstWaitingSince: number | null = null;
      const bothWaiting = () => racing.every((c) => holds(c.pid));
      await until(() => {
        if (firstWaitingSince === null && racing.some((c) => holds(c.pid))) firstWaitingSince = performance.now();
        return bothWaiting() || (firstWaitingSince !== null && performance.now() - firstWaitingSince > 4_000);
      }, 60_000);
      const met = bothWaiting();
      gate.exec('ROLLBACK');
      gate.close();
      const results = await Promise.all(racing.map((c) => c.done));
      for (const result of results) {
        expect(result.output).not.toMatch(/mirror_preparing|damaged|Sign in to sync/);
        expect(result.code, result.output.slice(-600)).toBe(0);
        expect(result.output).toMatch(/synced \d+ datasets .*: 0 failed, 0 held/);
      }
      expect(readdirSync(path.dirname(file)).filter((f) => f.includes('.damaged-'))).toEqual([]);
      figures.cliRace = { processes: racing.length, metTheNewFileAtOnce: met, exitCodes: results.map((r) => r.code), said: results.map((r) => /synced .*/.exec(r.output)?.[0] ?? r.output.trim().split('\n').at(-1)) };
    } finally {
      await server.close();
      dir.remove();
    }
  });
});

describe('nothing waits forever: the auth calls\' deadline is a setting', () => {
  it('a sign-in on a server that trickles its answer ends at the configured deadline, in words', async () => {
    const server = await anyAuthServer({ delivery: { kind: 'cookie', name: 'JWT' }, trickle: '/v1/auth/pub/user/session' });
    const dir = tempDir('aisle-auth-deadline-');
    const core = createNodeCore({ host: 'cli', dataDir: dir.path, overrides: { log: silentLogger } });
    try {
      expect(await dispatch(core.handlers, 'settings.set', { authDeadlineSeconds: 2 })).toMatchObject({ ok: true });
      const started = performance.now();
      const signedIn = await dispatch(core.handlers, 'session.signIn', { server: server.url, email: 'ann@example.com', password: 'pw-ann' });
      const seconds = (performance.now() - started) / 1000;
      expect(signedIn).toMatchObject({ ok: false, error: { message: expect.stringMatching(/did not finish within 2 s .*: it was waiting for opening the session/) } });
      expect(seconds).toBeGreaterThanOrEqual(2);
      expect(seconds).toBeLessThan(10);
      // the setting has bounds: a deadline too short for any server is refused in words
      expect(await dispatch(core.handlers, 'settings.set', { authDeadlineSeconds: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
      figures.authDeadline = { setting: 2, signInEndedAfterSeconds: Math.round(seconds * 10) / 10, message: signedIn.ok ? 'ok' : signedIn.error.message };
    } finally {
      await core.close();
      await server.close();
      dir.remove();
    }
  });
});

/** An address of this machine that is not loopback: to Aisle, a server elsewhere on the network. */
const networkAddress = Object.values((await import('node:os')).networkInterfaces())
  .flat()
  .find((a) => a?.family === 'IPv4' && !a.internal)?.address;

describe.runIf(networkAddress !== undefined)('a plain http:// server elsewhere: warned at sign-in, and a policy can forbid it', () => {
  it('signed in with the warning in the session\'s notice; refused in words when the setting or a kiosk forbids it; none for loopback', async () => {
    const { startDemoServer } = await import('../../electron/demo/index.ts');
    const loopback = await startDemoServer({ port: 0, items: 20, accounts: 1, facilities: 1, rateLimit: 0 });
    // the same server as seen on the network: a forwarder on this machine's network address, counting connections
    const counting = { count: 0 };
    const forwarder = net.createServer((socket) => {
      counting.count++;
      const upstream = net.connect(loopback.port, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => forwarder.listen(0, networkAddress, resolve));
    const server = { url: `http://${networkAddress}:${(forwarder.address() as net.AddressInfo).port}` };
    const dir = tempDir('aisle-plain-http-');
    const cores: { close(): Promise<void> }[] = [];
    const core = (dataDir: string, overrides: Parameters<typeof createNodeCore>[0]['overrides'] = {}) => {
      const made = createNodeCore({ host: 'browser', dataDir, overrides: { log: silentLogger, autoSync: false, ...overrides } });
      cores.push(made);
      return made;
    };
    try {
      const signIn = (on: ReturnType<typeof core>, url: string) => dispatch(on.handlers, 'session.signIn', { server: url, email: 'solo@example.com', password: DEMO_PASSWORD });
      const workstation = core(path.join(dir.path, 'workstation'));
      const warned = await signIn(workstation, server.url);
      expect(warned).toMatchObject({ ok: true, value: { status: 'signed-in' } });
      const notice = (await dispatch(workstation.handlers, 'session.current', {})) as Result<SessionView>;
      expect(notice.ok && notice.value.notices!.map(noticeInEnglish).join(' ')).toContain(`${new URL(server.url).host} is a plain http:// address: your password crosses the network unencrypted`);
      expect((await dispatch(workstation.handlers, 'session.signOut', {})).ok).toBe(true);
      // on this machine the password never crosses a network: no warning
      expect(await signIn(workstation, loopback.url)).toMatchObject({ ok: true, value: { session: { notices: [] } } });
      expect((await dispatch(workstation.handlers, 'session.signOut', {})).ok).toBe(true);

      // IT forbids it: refused in words before anything is sent; on a kiosk the window cannot allow it back
      const kioskDir = path.join(dir.path, 'kiosk');
      mkdirSync(kioskDir, { recursive: true });
      writeFileSync(path.join(kioskDir, 'settings.json'), JSON.stringify({ settings: { allowPlainHttp: false } }));
      const kiosk = core(kioskDir, { kiosk: { policy: { enabled: true, exit: null, server: null }, leave: () => undefined } });
      expect(await dispatch(kiosk.handlers, 'settings.set', { allowPlainHttp: true })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      const asked = counting.count;
      const byKiosk = await signIn(kiosk, server.url);
      expect(byKiosk).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringContaining(`${server.url} is a plain http:// address, and this workstation's policy`) } });
      expect(counting.count).toBe(asked);
      // and a workstation whose user sets it: the same refusal
      expect((await dispatch(workstation.handlers, 'settings.set', { allowPlainHttp: false })).ok).toBe(true);
      const bySetting = await signIn(workstation, server.url);
      expect(bySetting).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      figures.plainHttp = {
        warned: notice.ok ? notice.value.notices!.map(noticeInEnglish).join(' ') : null,
        refusedByKiosk: byKiosk.ok ? 'signed in' : byKiosk.error.message,
        refusedBySetting: bySetting.ok ? 'signed in' : bySetting.error.code,
      };
    } finally {
      for (const made of cores) await made.close();
      await new Promise((resolve) => forwarder.close(resolve));
      await loopback.close();
      dir.remove();
    }
  });
});

describe('a data folder or settings file of the wrong kind', () => {
  it('gives one clear sentence, not a stack trace', () => {
    const dir = tempDir('aisle-kind-');
    try {
      const fileAsFolder = path.join(dir.path, 'data-is-a-file');
      writeFileSync(fileAsFolder, '');
      expect(() => createNodeCore({ host: 'cli', dataDir: fileAsFolder })).toThrow(/The data folder .* is a file, not a folder: move that file away/);
      const folderAsSettings = path.join(dir.path, 'data');
      mkdirSync(path.join(folderAsSettings, 'settings.json'), { recursive: true });
      expect(() => createNodeCore({ host: 'cli', dataDir: folderAsSettings })).toThrow(/The settings file .*settings\.json is a folder, not a file/);
    } finally {
      dir.remove();
    }
  });
});

describe('clocks lie', () => {
  const identity = (email: string) => ({ server: 'https://wms.example', email, licenseId: 'L1' });
  // scanned while the clock was behind
  const row = scanRow({ at: '2000-11-26T10:00:00.000Z' });

  it('a scan list saved while the clock was 26 years behind survives another user\'s save after the clock is fixed', () => {
    const dir = tempDir('aisle-clock-');
    try {
      const lists = createScanLists(dir.path);
      const today = new Date();
      const behind = new Date(today.getTime() - 26 * 365 * 86_400_000);
      lists.save(identity('early@example.com'), { rows: [row], location: null }, behind);
      lists.save(identity('other@example.com'), { rows: [row], location: null }, today);
      expect(lists.get(identity('early@example.com')).rows).toHaveLength(1);
      // ahead of the clock by years, too: kept
      lists.save(identity('ahead@example.com'), { rows: [row], location: null }, new Date(today.getTime() + 5 * 365 * 86_400_000));
      lists.save(identity('other@example.com'), { rows: [row], location: null }, today);
      expect(lists.get(identity('ahead@example.com')).rows).toHaveLength(1);
      // and a list really left for longer than it is kept still goes
      lists.save(identity('gone@example.com'), { rows: [row], location: null }, new Date(today.getTime() - (SCAN_LIST_FORGOTTEN_AFTER_DAYS + 1) * 86_400_000));
      lists.save(identity('other@example.com'), { rows: [row], location: null }, today);
      expect(lists.get(identity('gone@example.com')).rows).toHaveLength(0);
      figures.clocks = { ...(figures.clocks as object), scanListSavedBehindKept: true };
    } finally {
      dir.remove();
    }
  });

  it('a lockout is never longer than its own length, whatever the clock did', async () => {
    const dir = tempDir('aisle-lockout-');
    try {
      let now = Date.now();
      // the never-back clock a lockout is timed on (performance.now in the app)
      let elapsed = 0;
      const verifier = createOfflineVerifier(dir.path, { cost: { N: 1024, r: 8, p: 1 }, now: () => now, elapsed: () => elapsed });
      await verifier.remember('https://wms.example', 'a@example.com', 'right-password');
      for (let n = 0; n < FREE_ATTEMPTS; n++) await expect(verifier.verify('https://wms.example', 'a@example.com', 'wrong')).rejects.toMatchObject({ code: 'wrong_credentials' });
      now -= 86_400_000; // the clock jumps back a day
      const refused = await verifier.verify('https://wms.example', 'a@example.com', 'right-password').catch((error: AisleError) => error);
      expect(refused).toMatchObject({ code: 'too_many_attempts' });
      expect((refused as AisleError).retryAfterSeconds).toBeLessThanOrEqual(30);
      now += 30_000;
      elapsed += 30_000;
      await expect(verifier.verify('https://wms.example', 'a@example.com', 'right-password')).resolves.toBeUndefined();
      figures.clocks = { ...(figures.clocks as object), lockoutAfterBackwardJumpSeconds: (refused as AisleError).retryAfterSeconds };
    } finally {
      dir.remove();
    }
  });
});

describe.runIf(process.getuid?.() === 0)('a full disk degrades, it does not lock people out', () => {
  it('sign-in succeeds, lookups keep working (also from a mirror first opened on the full disk), settings.set and sync say the disk is full (a 96 MB tmpfs, filled: room for a sync first, as sync keeps 64 MB spare)', async () => {
    const { execFileSync } = await import('node:child_process');
    const { startDemoServer } = await import('../../electron/demo/index.ts');
    const dir = tempDir('aisle-full-');
    const server = await startDemoServer({ port: 0, items: 100, accounts: 1, facilities: 1, rateLimit: 0 });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', dir.path]);
    const core = createNodeCore({ host: 'browser', dataDir: path.join(dir.path, 'data'), overrides: { autoSync: true } });
    try {
      const round = new Promise<void>((resolve) => core.events.on('sync.status', (s) => !s.running && s.lastRoundFinishedAt !== null && resolve()));
      const signIn = () => dispatch(core.handlers, 'session.signIn', { server: server.url, email: 'solo@example.com', password: DEMO_PASSWORD });
      expect((await signIn()).ok).toBe(true);
      await round;
      const db = new Database(path.join(dir.path, 'data', 'mirrors', readdirSync(path.join(dir.path, 'data', 'mirrors')).find((f) => f.endsWith('.sqlite'))!), { readonly: true });
      const sku = (db.prepare('SELECT sku FROM items ORDER BY sku LIMIT 1').get() as { sku: string }).sku;
      db.close();
      // fills the disk to its last page (again after anything freed some)
      let fillers = 0;
      const fill = () => {
        const fd = openSync(path.join(dir.path, `filler-${fillers++}`), 'w');
        for (const size of [64 * 1024, 4096, 1]) {
          try {
            for (;;) writeSync(fd, Buffer.alloc(size, 1));
          } catch (error) {
            expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
          }
        }
        closeSync(fd);
      };
      // the disk fills up while the worker is signed in: lookups go on, settings say why they cannot be saved
      fill();
      const search = await dispatch(core.handlers, 'search.query', { q: sku, limit: 5 });
      expect(search, JSON.stringify(search).slice(0, 300)).toMatchObject({ ok: true });
      expect((search as { value: { hits: unknown[] } }).value.hits.length).toBeGreaterThan(0);
      const saved = await dispatch(core.handlers, 'settings.set', { theme: 'dark' });
      expect(saved).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^The disk is full/), notice: { code: 'settings_disk_full' } } });
      // and signing in again on the full disk still works: what it writes for later is best effort
      expect((await dispatch(core.handlers, 'session.signOut', {})).ok).toBe(true);
      fill();
      const signedIn = await signIn();
      expect(signedIn, JSON.stringify(signedIn)).toMatchObject({ ok: true });
      // the mirror, closed at sign-out, is opened again on the full disk: lookups answer from it
      const searchOnFullDisk = await dispatch(core.handlers, 'search.query', { q: sku, limit: 5 });
      expect(searchOnFullDisk, JSON.stringify(searchOnFullDisk).slice(0, 300)).toMatchObject({ ok: true });
      expect((searchOnFullDisk as { value: { hits: unknown[] } }).value.hits.length).toBeGreaterThan(0);
      // and sync says in words why it cannot run, in its answer and in the status the Sync page shows
      const syncOnFullDisk = await dispatch(core.handlers, 'sync.now', {});
      expect(syncOnFullDisk).toMatchObject({ ok: false, error: { code: 'mirror_error', message: expect.stringMatching(/^The disk is full: lookups answer from the offline data/) } });
      const statusOnFullDisk = await dispatch(core.handlers, 'sync.status', {});
      expect(statusOnFullDisk.ok && inWords((statusOnFullDisk.value as SyncStatus).notice)).toMatch(/^The disk is full/);
      // room again: the next sync opens the file as usual and runs
      for (const name of readdirSync(dir.path).filter((f) => f.startsWith('filler-'))) rmSync(path.join(dir.path, name));
      const roundAfterRoom = new Promise<void>((resolve) => core.events.on('sync.status', (s) => !s.running && s.lastRoundFinishedAt !== null && s.notice === null && resolve()));
      expect(await dispatch(core.handlers, 'sync.now', {})).toMatchObject({ ok: true, value: { started: true } });
      await roundAfterRoom;
      figures.fullDisk = {
        signIn: 'ok',
        lookups: 'ok',
        settingsSet: saved.ok ? 'ok' : saved.error.message,
        lookupsAfterSignInOnFullDisk: 'ok',
        syncOnFullDisk: syncOnFullDisk.ok ? 'ok' : syncOnFullDisk.error.message,
        syncWithRoomAgain: 'ran',
      };
    } finally {
      await core.close();
      // lazily: a file the finished core's threads had open must not fail the test's teardown
      execFileSync('umount', ['-l', dir.path]);
      await server.close();
      dir.remove();
    }
  });
});
