// Point 3: hostile input on every door. Every contract method is fuzzed with random and malformed
// arguments through the Electron IPC handler and through the browser host; the browser host is
// called without its secret and with a foreign Origin or Host; every demo server endpoint is fuzzed.
// Each call must end in a typed error (or a result), nothing may crash or hang, and nothing may
// reach Object.prototype.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../electron/contract/errors.ts';
import { methods, type MethodName } from '../../electron/contract/methods.ts';
import { startDemoServer, DEMO_PASSWORD, type DemoServer } from '../../electron/demo/index.ts';
import { startBrowserHost, KEY_HEADER, type BrowserHost } from '../../electron/hosts/browser/browser-host.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import type { Core } from '../../electron/core/core.ts';
import { CALL_CHANNEL } from '../../electron/main/channels.ts';
import { startElectronHost, type ElectronHost } from '../../electron/main/electron-host.ts';
import { ipcMain, resetFakeElectronIn } from '../fakes/electron.ts';
import { tempDir } from '../support/temp-dir.ts';
import { isFull, recordFigures } from './support/figures.ts';
import { hostileArgs, prototypeIsClean, toJson, withDeadline } from './support/hostile.ts';
import { createWorkstation } from './support/workstation.ts';

const METHOD_NAMES = Object.keys(methods) as MethodName[];

const RUNS = isFull ? 120 : 25;
const APP_URL = 'file:///opt/Aisle/resources/app.asar/out/renderer/index.html';
const CODES = new Set<string>(ERROR_CODES);
const LOOPBACK_NOWHERE = 'http://127.0.0.1:9'; // nothing listens: refused at once, never leaves the machine

type Outcome = { ok: boolean; error?: { code: string; message: string } } | 'hang';
interface DoorTally {
  calls: number;
  ok: number;
  typedErrors: number;
  internal: number;
  hangs: number;
  byCode: Record<string, number>;
}
const newTally = (): DoorTally => ({ calls: 0, ok: 0, typedErrors: 0, internal: 0, hangs: 0, byCode: {} });

/** Server arguments stay on loopback: the fuzz must not send anyone DNS queries. */
function onLoopback(args: unknown): unknown {
  if (args && typeof args === 'object' && !Array.isArray(args) && typeof (args as { server?: unknown }).server === 'string') {
    return { ...(args as object), server: LOOPBACK_NOWHERE };
  }
  return args;
}

function judge(tally: DoorTally, method: string, outcome: Outcome): void {
  tally.calls++;
  if (outcome === 'hang') {
    tally.hangs++;
    throw new Error(`${method} hung`);
  }
  if (outcome.ok) {
    tally.ok++;
    return;
  }
  const code = outcome.error?.code ?? 'missing';
  tally.byCode[code] = (tally.byCode[code] ?? 0) + 1;
  if (!CODES.has(code) || typeof outcome.error?.message !== 'string') throw new Error(`${method}: untyped error ${JSON.stringify(outcome).slice(0, 200)}`);
  if (code === 'internal') {
    tally.internal++;
    throw new Error(`${method}: internal error ${outcome.error!.message}`);
  }
  tally.typedErrors++;
}

const figures: Record<string, unknown> = {};
let warehouse: DemoServer;
beforeAll(async () => {
  warehouse = await startDemoServer({ seed: 4, items: 300, facilities: 1, accounts: 1, historyDays: 2, rateLimit: 0 });
});
afterAll(async () => {
  recordFigures('hostile', figures);
  await warehouse?.close();
});

type Caller = (method: string, args: unknown) => Promise<Outcome>;

/** Signed in with a synced mirror, so that lookups run their queries (fuzzing may sign out again). */
async function ensureSignedIn(call: Caller): Promise<void> {
  const view = (await call('session.current', {})) as { ok: true; value: { state: string } };
  if (view.value.state === 'signed-in') return;
  const signedIn = await call('session.signIn', { server: warehouse.url, email: 'solo@example.com', password: DEMO_PASSWORD });
  if (signedIn === 'hang' || !signedIn.ok) throw new Error(`sign-in failed: ${JSON.stringify(signedIn)}`);
  for (;;) {
    const status = (await call('sync.status', {})) as { ok: true; value: { running: boolean; datasets: { lastSuccessAt: string | null }[] } };
    if (!status.value.running && status.value.datasets.length > 0 && status.value.datasets.every((d) => d.lastSuccessAt)) return;
    if (!status.value.running) await call('sync.now', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('hostile input: the Electron IPC handler (point 3)', () => {
  const data = tempDir('aisle-hostile-ipc-');
  let host: ElectronHost;
  const tally = newTally();

  beforeAll(async () => {
    resetFakeElectronIn(data.path);
    const started = await startElectronHost({ appUrl: APP_URL, log: { info() {}, warn() {}, error() {} } });
    if (!started) throw new Error('the Electron host did not start');
    host = started;
  });
  afterAll(async () => {
    figures.electronIpc = tally;
    await host?.core.close();
    data.remove();
  });

  const call = (event: unknown, method: unknown, args: unknown) => ipcMain.handlers.get(CALL_CHANNEL)!(event, method, args) as Promise<Outcome>;
  const fromApp = { senderFrame: { url: APP_URL, parent: null }, sender: {} };

  it('every method, random and malformed arguments: a typed error or a result, never a crash or a hang', async () => {
    for (const method of METHOD_NAMES) {
      await ensureSignedIn((m, a) => call(fromApp, m, a));
      await fc.assert(
        fc.asyncProperty(hostileArgs(method), async (args) => {
          judge(tally, method, await withDeadline(call(fromApp, method, onLoopback(args)), 10_000));
          expect(prototypeIsClean()).toBe(true);
        }),
        { numRuns: RUNS },
      );
    }
    expect(tally.calls).toBe(METHOD_NAMES.length * RUNS);
  });

  it('unknown methods and foreign frames are refused with their codes', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'session.signIn.x', '', 42, null, { m: 1 }]) {
      const outcome = await call(fromApp, name, {});
      judge(tally, String(name), outcome);
      expect((outcome as { error: { code: string } }).error.code).toBe('unknown_method');
    }
    for (const event of [
      { senderFrame: { url: 'https://evil.example/', parent: null }, sender: {} },
      { senderFrame: { url: APP_URL, parent: {} }, sender: {} },
      { senderFrame: null, sender: {} },
    ]) {
      const outcome = await call(event, 'app.info', {});
      judge(tally, 'foreign frame', outcome);
      expect((outcome as { error: { code: string } }).error.code).toBe('forbidden_sender');
    }
  });
});

describe('hostile input: the browser host (point 3)', () => {
  const data = tempDir('aisle-hostile-browser-');
  let core: Core;
  let host: BrowserHost;
  const tally = newTally();
  const refusals: Record<string, number> = {};

  beforeAll(async () => {
    const rendererDir = path.join(data.path, 'renderer');
    mkdirSync(rendererDir);
    core = createNodeCore({ host: 'browser', dataDir: path.join(data.path, 'data') });
    host = await startBrowserHost({ core, rendererDir });
  });
  afterAll(async () => {
    figures.browserHost = { ...tally, refusals };
    await host?.close();
    await core?.close();
    data.remove();
  });

  const post = (method: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${host.origin}/api/call/${encodeURIComponent(method)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [KEY_HEADER]: host.secret, Origin: host.origin, ...headers },
      body,
    });

  it('every method, random and malformed arguments over HTTP: a typed error or a result', async () => {
    const caller: Caller = (m, a) => post(m, JSON.stringify(a)).then((r) => r.json() as Promise<Outcome>);
    for (const method of METHOD_NAMES) {
      await ensureSignedIn(caller);
      await fc.assert(
        fc.asyncProperty(hostileArgs(method as MethodName), async (args) => {
          const outcome = await withDeadline(
            post(method, toJson(onLoopback(args))).then(async (r) => (r.status === 200 || r.status === 400 || r.status === 413 ? ((await r.json()) as Outcome) : { ok: false, error: { code: `http_${r.status}`, message: '' } })),
            10_000,
          );
          judge(tally, method, outcome);
          expect(prototypeIsClean()).toBe(true);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it('bodies that are not JSON, too large, or of the wrong type are refused in words', async () => {
    const cases: [string, Promise<Response>, number][] = [
      ['invalid JSON', post('app.info', '{"a":'), 400],
      ['over 1 MiB', post('search.query', JSON.stringify({ q: 'x'.repeat(1_200_000) })), 413],
      ['text/plain', post('app.info', '{}', { 'Content-Type': 'text/plain' }), 415],
      ['GET on a call', fetch(`${host.origin}/api/call/app.info`, { headers: { [KEY_HEADER]: host.secret } }), 405],
    ];
    for (const [name, request, status] of cases) {
      const response = await request;
      expect(response.status, name).toBe(status);
      const body = (await response.json()) as { ok: false; error: { code: string; message: string } };
      judge(tally, name, body);
      refusals[name] = status;
    }
  });

  it('without its secret, with a foreign Origin or Host: refused', async () => {
    const call = (headers: Record<string, string>) => fetch(`${host.origin}/api/call/app.info`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });
    const cases: [string, Record<string, string>, number][] = [
      ['no secret', { Origin: host.origin }, 401],
      ['wrong secret', { Origin: host.origin, [KEY_HEADER]: 'A'.repeat(host.secret.length) }, 401],
      ['secret of another length', { Origin: host.origin, [KEY_HEADER]: 'x' }, 401],
      ['secret as a cookie (cookies ignore ports)', { Origin: host.origin, Cookie: `aisle_k=${host.secret}` }, 401],
      ['no Origin', { [KEY_HEADER]: host.secret }, 403],
      ['foreign Origin', { [KEY_HEADER]: host.secret, Origin: 'https://evil.example' }, 403],
      ['null Origin', { [KEY_HEADER]: host.secret, Origin: 'null' }, 403],
      ['Origin on another port', { [KEY_HEADER]: host.secret, Origin: 'http://127.0.0.1:1' }, 403],
    ];
    for (const [name, headers, status] of cases) {
      const response = await call(headers);
      expect(response.status, name).toBe(status);
      refusals[name] = status;
    }
    // A foreign Host (DNS rebinding): fetch will not forge Host, so speak HTTP directly.
    const { request } = await import('node:http');
    const port = Number(new URL(host.origin).port);
    for (const hostHeader of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.example:${port}`]) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/call/app.info', headers: { Host: hostHeader, [KEY_HEADER]: host.secret, 'Content-Type': 'application/json' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end('{}');
      });
      expect(status, hostHeader).toBe(421);
      refusals[`foreign Host ${hostHeader}`] = status;
    }
    // The SSE stream and the page are behind the same checks.
    expect((await fetch(`${host.origin}/api/events`)).status).toBe(401);
    expect((await fetch(`${host.origin}/`)).status).toBe(401);
  });
});

describe('hostile input: the demo server, every endpoint (point 3)', () => {
  let demo: DemoServer;
  let token = '';
  const unexpected: unknown[] = [];
  const tally = { requests: 0, byStatus: {} as Record<string, number>, serverErrors: 0, hangs: 0, endpoints: 0 };
  const data = tempDir('aisle-hostile-demo-');

  beforeAll(async () => {
    demo = await startDemoServer({ seed: 2, items: 200, facilities: 1, accounts: 1, historyDays: 2, rateLimit: 0, onError: (e) => unexpected.push(e) });
    const ws = createWorkstation({ dataDir: data.path });
    await ws.signIn(demo.url, 'solo@example.com', DEMO_PASSWORD);
    token = await ws.session.accessToken();
    await ws.close();
  });
  afterAll(async () => {
    figures.demoServer = { ...tally, unexpectedFailures: unexpected.length };
    await demo?.close();
    data.remove();
  });

  it('random methods, headers and bodies on every endpoint: never a 5xx, never a hang, always the JSON error body', async () => {
    const lists = (await (await fetch(`${demo.url}/v1/api/pub/lists`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { path: string }[];
    const ids = demo.ids();
    const endpoints = [
      ...lists.map((l) => l.path.replace('{accountId}', ids.accounts[0]).replace('{facilityId}', ids.facilities[0])),
      ...lists.map((l) => l.path.replace('{accountId}', 'not-a-uuid').replace('{facilityId}', '00000000-0000-0000-0000-000000000000')),
      '/v1/api/pub/lists',
      '/v1/api/pub/inv/query',
      '/v1/api/pub/inv/query/locations',
      '/v1/api/pub/inv/history',
      '/v1/auth/pub/user/session',
      '/v1/auth/pub/user/session/refresh',
      '/v1/auth/pub/jwt',
      '/v1/auth/pub/jwt/list',
      '/v1/auth/pub/jwt/some-session',
      '/v1/auth/pub/user/licenses',
      '/v1/auth/pub/user/validate',
      '/v1/auth/pub/users/email/demo%40example.com',
      '/v1/auth/pub/ping',
      '/v1/api/pub/../../etc/passwd',
      '/%00',
    ];
    tally.endpoints = endpoints.length;
    const bodyArb = fc.oneof(
      fc.anything({ maxDepth: 3 }).map(toJson),
      fc.constant('{"email": "demo@example.com", "password": "demo1234", "licenseId": {"$ne": null}}'),
      fc.constant(JSON.stringify({ facilityId: ['x'], itemIds: 'not-an-array', limit: -5, from: 'yesterday' })),
      fc.constant('{"__proto__": {"polluted": true}}'),
      fc.constant('{"a":'),
      fc.constant('x'.repeat(1_100_000)),
      fc.string({ maxLength: 200 }),
    );
    const authArb = fc.constantFrom(`Bearer ${token}`, 'Bearer garbage', 'Bearer a.b.c', `Basic ${Buffer.from('a:b').toString('base64')}`, '', 'Bearer ' + token.slice(0, -3) + 'AAA');
    const typeArb = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', '', 'application/json; charset=utf-16');
    const methodArb = fc.constantFrom('GET', 'POST', 'GET', 'POST', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
    for (const endpoint of endpoints) {
      await fc.assert(
        fc.asyncProperty(methodArb, bodyArb, authArb, typeArb, async (method, body, auth, type) => {
          const headers: Record<string, string> = {};
          if (auth) headers.Authorization = auth;
          if (type) headers['Content-Type'] = type;
          const hasBody = method !== 'GET' && method !== 'HEAD';
          const outcome = await withDeadline(
            fetch(`${demo.url}${endpoint}`, { method, headers, body: hasBody ? body : undefined }).then(async (r) => ({ status: r.status, text: method === 'HEAD' ? '' : await r.text() })),
            10_000,
          );
          tally.requests++;
          if (outcome === 'hang') {
            tally.hangs++;
            throw new Error(`${method} ${endpoint} hung`);
          }
          tally.byStatus[outcome.status] = (tally.byStatus[outcome.status] ?? 0) + 1;
          if (outcome.status >= 500) tally.serverErrors++;
          expect(outcome.status, `${method} ${endpoint}`).toBeLessThan(500);
          if (outcome.status >= 400 && method !== 'HEAD') {
            const parsed = JSON.parse(outcome.text) as { status: number; message: string };
            expect(parsed.status).toBe(outcome.status);
            expect(typeof parsed.message).toBe('string');
          }
          expect(prototypeIsClean()).toBe(true);
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
    }
    expect(unexpected).toEqual([]);
    // Still serving after all that.
    expect((await fetch(`${demo.url}/v1/auth/pub/ping`)).status).toBeLessThan(500);
  });
});
