// The log a host writes, read back after a real session against the demo server through a proxy
// that records every auth answer: a sign-in, sync rounds, a token refresh forced by a 401, a round
// the server fails with 503, a PIN set, a lock and unlocks (a wrong PIN, the right one), a wrong
// password, a settings change and a sign-out. Every byte of every log file is searched for the
// password, the PIN and every token the server handed out; and the entries IT needs are there.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import type { SyncStatus } from '../../electron/contract/types.ts';
import { listLogFiles } from '../../electron/core/shared/log/daily-log-file.ts';
import { DEMO_PASSWORD, startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { createNodeCore, type NodeCore } from '../../electron/hosts/node-core.ts';
import { startFaultProxy, type FaultProxy } from '../reliability/support/fault-proxy.ts';
import { logEntries } from '../support/read-logs.ts';
import { tempDir } from '../support/temp-dir.ts';

const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
const PIN = '90817263';
const EMAIL = 'solo@example.com';

describe('the host log after a session with refreshes, failures, a lock and a PIN', () => {
  const dir = tempDir('aisle-log-');
  let demo: DemoServer;
  let proxy: FaultProxy;
  let core: NodeCore;

  beforeAll(async () => {
    demo = await startDemoServer({ seed: 4, items: 200, facilities: 1, accounts: 1, historyDays: 2, rateLimit: 0 });
    proxy = await startFaultProxy(demo.url, { record: (p) => p.startsWith('/v1/auth/') });
    core = createNodeCore({ host: 'browser', dataDir: dir.path, overrides: { autoSync: false } });
  });
  afterAll(async () => {
    await core?.close();
    await proxy?.close();
    await demo?.close();
    dir.remove();
  });

  const call = async (method: string, args: unknown = {}) => dispatch(core.handlers, method, args);
  const ok = async (method: string, args: unknown = {}) => {
    const answer = await call(method, args);
    expect(answer.ok, `${method}: ${JSON.stringify(answer)}`).toBe(true);
    return answer.ok ? answer.value : null;
  };
  /** Runs one round and waits for its end. */
  const round = async () => {
    const before = ((await ok('sync.status')) as SyncStatus).lastRoundFinishedAt;
    const over = new Promise<void>((resolve) => {
      const off = core.events.on('sync.status', (s) => {
        if (!s.running && s.lastRoundFinishedAt !== null && s.lastRoundFinishedAt !== before) {
          off();
          resolve();
        }
      });
    });
    expect(await ok('sync.now')).toEqual({ started: true });
    await over;
  };

  it('holds no password, PIN or token, and says what IT needs', async () => {
    await ok('settings.set', { unlockWithPin: true });
    expect(await ok('session.signIn', { server: proxy.url, email: EMAIL, password: DEMO_PASSWORD, rememberMe: false })).toMatchObject({ status: 'signed-in' });
    await round();
    // the server refuses the next data request as with an expired token: the round refreshes and goes on
    proxy.setFault({ kind: 'expired-token', times: 1 });
    await round();
    proxy.setFault({ kind: 'status', status: 503 });
    await round();
    proxy.setFault(null);
    await ok('session.setPin', { pin: PIN });
    await ok('session.lock');
    expect(await call('session.unlockWithPin', { pin: '11112222' })).toMatchObject({ ok: false, error: { code: 'wrong_credentials' } });
    await ok('session.unlockWithPin', { pin: PIN });
    await ok('session.validate', { email: EMAIL, password: 'wrong-password-123' });
    await ok('settings.set', { syncIntervalMinutes: 7 });
    await ok('session.signOut');

    // every token the server handed out, as the proxy saw them
    const tokens = new Set<string>();
    for (const entry of proxy.log) {
      if (!entry.recorded) continue;
      const text = JSON.stringify(entry.recorded.headers) + entry.recorded.body;
      for (const jwt of text.match(JWT) ?? []) tokens.add(jwt).add(jwt.split('.')[2]!);
      for (const [, token] of text.matchAll(/"refreshToken"\s*:\s*"([^"]+)"/g)) tokens.add(token!);
    }
    expect([...tokens].filter((t) => t.startsWith('eyJ')).length, 'two access tokens: the first and the refreshed one').toBeGreaterThanOrEqual(2);

    const files = listLogFiles(dir.path);
    expect(files.length).toBeGreaterThanOrEqual(1);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const secret of [DEMO_PASSWORD, PIN, 'wrong-password-123', ...[...tokens].filter((t) => t.length >= 16)]) {
        expect(bytes.includes(Buffer.from(secret)), `${file} holds ${secret.slice(0, 10)}…`).toBe(false);
      }
    }

    const entries = logEntries(dir.path);
    const find = (message: string, fields: Record<string, unknown> = {}) => entries.filter((e) => e.message === message && Object.entries(fields).every(([k, v]) => e[k] === v));
    expect(entries.every((e) => e.host === 'browser' && typeof e.time === 'string' && typeof e.level === 'string')).toBe(true);
    expect(find('session: sign-in', { email: EMAIL, level: 'info' })).toHaveLength(1);
    expect(find('session: renewed', { email: EMAIL, how: 'refresh token' }).length).toBeGreaterThanOrEqual(1);
    // each dataset of each round: rows, bytes, time, outcome
    const datasets = find('sync: dataset');
    expect(datasets.length).toBeGreaterThan(2);
    for (const d of datasets) expect(d).toMatchObject({ dataset: expect.any(String), outcome: expect.any(String), rows: expect.any(Number), bytes: expect.any(Number), ms: expect.any(Number) });
    expect(datasets.some((d) => d.outcome === 'applied' && (d.rows as number) > 0)).toBe(true);
    expect(find('sync: round finished').length).toBe(3);
    // the 401 and the 503s: which call, which status
    expect(find('request failed', { status: 401, level: 'warn' }).length).toBeGreaterThanOrEqual(1);
    const unavailable = find('request failed', { status: 503 });
    expect(unavailable.length).toBeGreaterThanOrEqual(1);
    expect(unavailable[0]!.call).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/api\/pub\//);
    expect(find('sync: dataset failed', { level: 'warn' }).length).toBeGreaterThanOrEqual(1);
    // lock events, the PIN refused then accepted
    expect(find('session: locked', { how: 'asked' })).toHaveLength(1);
    expect(find('session: unlock refused', { how: 'pin', outcome: 'wrong' })).toHaveLength(1);
    expect(find('session: unlocked', { how: 'pin' })).toHaveLength(1);
    expect(find('settings changed').map((e) => e.changed)).toContainEqual({ syncIntervalMinutes: 7 });
    expect(find('session: signed out', { email: EMAIL })).toHaveLength(1);
  });
});
