// The session service against servers that fill the spec's gaps their own way (real loopback HTTP):
// sign-in needs only a token and an expiry; the profile never blocks it; a profile without
// facilities keeps the mirrored ones and says so; renewal without a refresh token signs in again;
// a stuck sign-in is cancelled by a sign-out or a newer sign-in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { AisleError } from '../../electron/contract/errors.ts';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import { scopedDatasets } from '../../electron/core/sync/dataset-registry.ts';
import { anyAuthServer, CREDS, type AnyAuthServer } from '../api/any-auth-server.ts';
import { json, type LocalServer } from '../api/local-server.ts';
import { tempDir } from '../support/temp-dir.ts';
import { harness, type Harness } from './harness.ts';
import { noticeInEnglish } from '../../electron/contract/notices.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function started(server: AnyAuthServer | LocalServer): Promise<Harness> {
  cleanup.push(() => server.close());
  const h = harness();
  cleanup.push(() => h.close());
  return h;
}

const signIn = (h: Harness, url: string) => h.service.handlers['session.signIn']({ server: url, ...CREDS, rememberMe: false });
/** A cancelled sign-in's code and its fact, as the window gets them. */
const refusalOf = (p: unknown) => Promise.resolve(p).then(() => 'ok', (e: AisleError) => ({ code: e.code, notice: e.notice }));
const cancelled = (why: string) => ({ code: 'conflict', notice: { code: 'sign_in_cancelled', why } });

describe('sign-in against servers unlike the demo', () => {
  it('a Spring-like server (cookie JWT, roles ["ADMIN"], facilities [1, 2], epoch-ms expiry, "true" flags)', async () => {
    const expires = Date.now() + 3_600_000;
    const server = await anyAuthServer({
      delivery: { kind: 'cookie', name: 'JWT' },
      licenses: [{ id: 5, license_type: 'ENTERPRISE', enabled: 'true' }],
      session: { expiresAt: expires },
      profile: { id: 7, email: CREDS.email, name: 'Ann', locale: 'en_US', enabled: 'true', roles: ['ADMIN'], facilities: [1, 2] },
    });
    const h = await started(server);
    const result = await signIn(h, server.url);
    expect(result.status === 'signed-in' && result.session).toMatchObject({
      state: 'signed-in',
      licenseId: '5',
      userName: 'Ann',
      sessionId: 'sn-1',
      facilities: [{ id: '1' }, { id: '2' }],
      roles: [{ id: 'ADMIN', name: '' }],
      notices: [],
    });
    // our clock's view of the server's expiry (moved by the clocks' difference, to the Date header's second)
    expect(Math.abs(Date.parse(h.service.view().expiresAt!) - expires)).toBeLessThan(2_000);
    expect(h.service.facilities().map((f) => f.id)).toEqual(['1', '2']);
    expect(await h.service.accessToken()).toBe(server.issued[0]);
  });

  const failingProfiles: [string, (res: ServerResponse) => void][] = [
    ['answers 500', (res) => json(res, 500, { message: 'NullPointerException' })],
    ['answers HTML', (res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><title>Portal</title></html>')],
    ['answers 404', (res) => json(res, 404, { error: 'Not Found' })],
  ];
  for (const [name, profile] of failingProfiles) {
    it(`a profile that ${name} does not block sign-in; with no facility the user is told which are kept`, async () => {
      const server = await anyAuthServer({ delivery: { kind: 'header', name: 'X-Auth-Token' }, profile });
      const h = await started(server);
      const result = await signIn(h, server.url);
      expect(result.status === 'signed-in' && result.session).toMatchObject({ state: 'signed-in', userName: null, facilities: [], sessionId: 'sn-1' });
      expect(h.service.view().notices).toEqual([{ code: 'profile_names_no_facility', facilities: [] }]);
      expect(h.service.view().notices!.map(noticeInEnglish)).toEqual(["Your profile names no facility; keeping every facility of the server's facilities list offline."]);
      // The sync tells the session which facilities it keeps: the notice names them.
      const changed = h.next('session.changed');
      h.service.keptFacilities!(['Memphis Hub', 'Reno DC']);
      expect((await changed).notices!.map(noticeInEnglish)).toEqual(['Your profile names no facility; keeping Memphis Hub and Reno DC offline.']);
    });
  }

  it('what a server was seen to do is remembered per server (names only) and used after a restart', async () => {
    const server = await anyAuthServer({ delivery: { kind: 'body', field: 'accessToken' }, bearerOnly: true });
    const h = await started(server);
    await signIn(h, server.url);
    expect(server.count('/v1/auth/pub/jwt/list')).toBe(2); // refused with the cookie, then with Bearer
    expect(server.count('/v1/auth/pub/jwt')).toBe(1); // Bearer at once
    const saved = readFileSync(path.join(h.dataDir, 'server-habits.json'), 'utf8');
    expect(JSON.parse(saved).servers[server.url]).toEqual({ token: { source: 'body', name: 'accessToken' }, authBearer: true });
    expect(saved).not.toContain(server.issued[0]);
    const again = h.restart();
    cleanup.push(() => again.service.close());
    await signIn(again, server.url);
    expect(server.count('/v1/auth/pub/jwt/list')).toBe(3);
  });

  it('no refresh token and no expiry anywhere: the default lifetime, then renewal by signing in again', async () => {
    const server = await anyAuthServer({ delivery: { kind: 'body', field: 'jwt' }, refreshToken: null, claims: { exp: undefined } });
    const h = await started(server);
    await signIn(h, server.url);
    expect(await h.service.accessToken()).toBe(server.issued[0]);
    const changed = h.next('session.changed', (v) => v.state === 'signed-in');
    h.clock.advance(10 * 60_000);
    await changed;
    expect(server.count('/v1/auth/pub/user/session')).toBe(2);
    expect(server.count('/v1/auth/pub/user/session/refresh')).toBe(0);
    expect(await h.service.accessToken()).toBe(server.issued[1]);
  });

  it('a 401 on a list call without a known expiry renews the session (refresh on 401)', async () => {
    const server = await anyAuthServer({ delivery: { kind: 'header', name: 'Authorization', bearer: true }, claims: { exp: undefined } });
    const h = await started(server);
    await signIn(h, server.url);
    const first = await h.service.accessToken();
    expect(await h.service.refreshAfterUnauthorized(first)).toBe(server.issued[1]);
    expect(server.count('/v1/auth/pub/user/session/refresh')).toBe(1);
  });
});

/** A server whose `path` sends its headers and then one byte every 200 ms, never finishing. */
async function trickling(path: string) {
  const server = await anyAuthServer({ delivery: { kind: 'cookie', name: 'JWT' }, trickle: path });
  return { proxy: server, stuck: server.trickling };
}

describe('a stuck sign-in', () => {
  it('a sign-out during a sign-in stuck on a trickling server cancels it and succeeds at once', async () => {
    const { proxy, stuck } = await trickling('/v1/auth/pub/user/licenses');
    const h = await started(proxy);
    const signingIn = refusalOf(signIn(h, proxy.url));
    await stuck;
    const before = performance.now();
    const out = await h.service.handlers['session.signOut']({});
    expect(performance.now() - before).toBeLessThan(1_000);
    expect(out.state).toBe('signed-out');
    expect(await signingIn).toEqual(cancelled('signed_out'));
    expect(h.service.view().state).toBe('signed-out');
  });

  it('a stuck profile after the session opened: the sign-out cancels, nothing is left signed in', async () => {
    const { proxy, stuck } = await trickling('/v1/auth/pub/jwt/list');
    const h = await started(proxy);
    const signingIn = refusalOf(signIn(h, proxy.url));
    await stuck;
    await h.service.handlers['session.signOut']({});
    expect(await signingIn).toEqual(cancelled('signed_out'));
    expect(h.service.view().state).toBe('signed-out');
  });

  it('a newer sign-in cancels a stuck older one and signs in', async () => {
    const { proxy, stuck } = await trickling('/v1/auth/pub/user/licenses');
    const good = await anyAuthServer({ delivery: { kind: 'cookie', name: 'JWT' } });
    const h = await started(proxy);
    cleanup.push(() => good.close());
    const older = refusalOf(signIn(h, proxy.url));
    await stuck;
    const newer = await signIn(h, good.url);
    expect(newer.status === 'signed-in' && newer.session.server).toBe(good.url);
    expect(await older).toEqual(cancelled('replaced'));
  });

  it('every auth request has a total deadline however steadily the server trickles', async () => {
    const { proxy, stuck } = await trickling('/v1/auth/pub/user/licenses');
    cleanup.push(() => proxy.close());
    const api = createAuthApi({ baseUrl: proxy.url, timeoutMs: 5_000, deadlineMs: 600, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 } });
    const error = (await Promise.all([api.licenses(CREDS).catch((e: unknown) => e), stuck]))[0] as AisleError;
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('The server did not finish answering the license list within 0.6 s.');
  });
});

describe('the sync plan when the profile names no facility', () => {
  it('keeps the stock of every mirrored facility, not none', () => {
    const dir = tempDir('aisle-plan-');
    cleanup.push(() => dir.remove());
    const db = openMirror(path.join(dir.path, 'm.sqlite'));
    cleanup.push(() => void db.close());
    const put = db.prepare(`INSERT INTO records (dataset_id, list, id, code, name, hash, raw) VALUES (1, 'facilities', ?, ?, ?, 0, '{}')`);
    put.run('f-mem', 'MEM', 'Memphis Hub');
    put.run('f-rno', 'RNO', 'Reno DC');
    const plan = { offlineLists: [], offlineFacilities: [], historyDays: 0 };
    const stock = (userFacilities: { id: string; code: string; name: string }[]) =>
      scopedDatasets(db, { ...plan, userFacilities }).filter((d) => d.list === 'inventory').map((d) => d.scopeId);
    expect(stock([])).toEqual(['f-mem', 'f-rno']);
    expect(stock([{ id: 'f-rno', code: 'RNO', name: '' }])).toEqual(['f-rno']);
  });
});
