// The auth client against servers that fill the spec's gaps their own way (real loopback HTTP):
// where the token comes, what the answers look like, how their bodies are encoded.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import { createAuthApi, DEFAULT_SESSION_MS, type ServerHabits } from '../../electron/core/api/auth-api.ts';
import { anyAuthServer, CREDS, type AnyAuthServer, type Delivery } from './any-auth-server.ts';
import { localServer, type LocalServer } from './local-server.ts';

const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2_000 };
let server: AnyAuthServer | LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function open(s: AnyAuthServer, habits?: ServerHabits, onLearned?: (h: ServerHabits) => void) {
  const api = createAuthApi({ baseUrl: s.url, retry: fast, habits, onLearned });
  const [license] = await api.licenses(CREDS);
  return { api, opened: await api.openSession({ ...CREDS, licenseId: license.id, locale: 'en_US' }) };
}

describe('token delivery: any common way', () => {
  const deliveries: [string, Delivery][] = [
    ['a cookie named JWT', { kind: 'cookie', name: 'JWT' }],
    ['a cookie of an unusual name', { kind: 'cookie', name: 'WH_SESSION_7' }],
    ['an Authorization: Bearer header', { kind: 'header', name: 'Authorization', bearer: true }],
    ['an X-Auth-Token header', { kind: 'header', name: 'X-Auth-Token' }],
    ['the body field token', { kind: 'body', field: 'token' }],
    ['the body field accessToken', { kind: 'body', field: 'accessToken' }],
    ['the body field jwt', { kind: 'body', field: 'jwt' }],
    ['the body field access_token', { kind: 'body', field: 'access_token' }],
    ['the body field idToken', { kind: 'body', field: 'idToken' }],
    ['the body field JWT, spelled in capitals', { kind: 'body', field: 'JWT' }],
    ["redirectURL's query", { kind: 'redirect', where: 'query', name: 'token' }],
    ["redirectURL's fragment", { kind: 'redirect', where: 'fragment', name: 'access_token' }],
  ];
  for (const [name, delivery] of deliveries) {
    it(`takes the token from ${name} and reads the session information with it`, async () => {
      const s = await anyAuthServer({ delivery });
      server = s;
      const { api, opened } = await open(s);
      expect(opened.accessToken).toBe(s.issued[0]);
      expect((await api.sessionInfo()).sn).toBe('sn-1');
    });
  }

  for (const refreshCookie of ['refresh_token', 'REFRESH', 'rt', 'other']) {
    it(`never takes a JWT-shaped refresh token for the access token, even in a cookie set first (${refreshCookie})`, async () => {
      const s = await anyAuthServer({ delivery: { kind: 'cookie', name: 'auth', refreshCookie } });
      server = s;
      const { opened } = await open(s);
      expect(opened.accessToken).toBe(s.issued[0]);
      expect(opened.refreshToken).not.toBe(s.issued[0]);
    });
  }

  for (const refreshCookie of ['refresh_token', 'REFRESH', 'rt']) {
    it(`skips a cookie named ${refreshCookie} by its name alone (a JWT that does not say what it is, not in the body)`, async () => {
      const s = await anyAuthServer({ delivery: { kind: 'cookie', name: 'auth', refreshCookie }, refreshToken: null });
      server = s;
      const { opened } = await open(s);
      expect(opened.accessToken).toBe(s.issued[0]);
    });
  }

  it('a server that wants Bearer on its auth calls: refused with the cookie, once more with Bearer, remembered', async () => {
    const s = await anyAuthServer({ delivery: { kind: 'body', field: 'token' }, bearerOnly: true });
    server = s;
    const learned: ServerHabits[] = [];
    const { api } = await open(s, undefined, (h) => learned.push(h));
    expect((await api.sessionInfo()).sn).toBe('sn-1');
    expect(s.count('/v1/auth/pub/jwt', 'GET')).toBe(2);
    expect(learned.at(-1)).toEqual({ token: { source: 'body', name: 'token' }, authBearer: true });
    await api.profile();
    expect(s.count('/v1/auth/pub/jwt/list')).toBe(1); // Bearer first now
    // A new client told what was learned sends Bearer at once.
    const { api: again } = await open(s, learned.at(-1));
    await again.endSession();
    expect(s.count('/v1/auth/pub/jwt', 'DELETE')).toBe(1);
  });

  it('no token anywhere: a typed error naming the call and where Aisle looked', async () => {
    // a session cookie whose value is not a JWT, and nothing else
    const s = await localServer((req, res) => {
      if (req.url?.includes('/licenses')) return res.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"id":1}]');
      res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'JSESSIONID=ABC123; Path=/' }).end('{"refreshToken":"r1"}');
    });
    server = s;
    const api = createAuthApi({ baseUrl: s.url, retry: fast });
    const error = (await api.openSession({ ...CREDS, licenseId: '1', locale: 'en_US' }).catch((e: unknown) => e)) as AisleError;
    expect(error.code).toBe('bad_response');
    expect(error.message).toMatch(/opening the session/);
    expect(error.message).toMatch(/X-Auth-Token.*cookie.*redirectURL.*accessToken/);
  });
});

describe('answers read for what they give', () => {
  it('a Spring-like server: cookie JWT, numeric ids, roles as strings, facilities as numbers, epoch-millisecond expiry, "true" flags', async () => {
    const expires = Date.now() + 3_600_000;
    const s = await anyAuthServer({
      delivery: { kind: 'cookie', name: 'JWT' },
      licenses: [{ id: 42, license_type: 'ENTERPRISE', enabled: 'true', production: 1, number_full_users: '25', extra: { kept: true } }],
      session: { expiresAt: expires },
      profile: { id: 7, email: CREDS.email, name: 'Ann', enabled: 'true', roles: ['ADMIN'], facilities: [1, 2], modifiedon: 1_700_000_000 },
      info: { userEmail: CREDS.email, licenseId: 42, sn: 991, expiresAt: '2030-01-01T00:00:00', zoneIdStr: 'America/Chicago' },
    });
    server = s;
    const api = createAuthApi({ baseUrl: s.url, retry: fast });
    const [license] = await api.licenses(CREDS);
    expect(license).toMatchObject({ id: '42', enabled: true, production: true, number_full_users: 25, extra: { kept: true } });
    const opened = await api.openSession({ ...CREDS, licenseId: license.id, locale: 'en_US' });
    expect(opened).toMatchObject({ accessToken: s.issued[0], token: { source: 'cookie', name: 'JWT' }, expirySource: 'answer' });
    expect(Date.parse(opened.expiresAt)).toBe(expires);
    const user = await api.profile();
    expect(user).toMatchObject({ id: '7', enabled: true, roles: [{ id: 'ADMIN', code: 'ADMIN' }], facilities: [{ id: '1' }, { id: '2' }] });
    expect(await api.sessionInfo()).toMatchObject({ sn: '991', licenseId: '42', expiresAt: '2030-01-01T00:00:00.000Z' });
  });

  it('roles and facilities of any element shape; elements that name nothing are left out', async () => {
    const s = await anyAuthServer({
      delivery: { kind: 'cookie', name: 'JWT' },
      profile: [
        {
          id: 'u-1',
          facilities: [{ facilityId: 9, facilityCode: 'MEM', facilityName: 'Memphis Hub' }, { code: 'RNO', name: 'Reno DC' }, 'DAL', null, {}, [1]],
          roles: [{ authority: 'ROLE_USER' }, { name: 'Picker' }, 3],
          unknownField: { deep: [1] },
        },
      ],
    });
    server = s;
    const { api } = await open(s);
    const user = await api.profile();
    expect(user.facilities).toEqual([
      { id: '9', code: 'MEM', name: 'Memphis Hub' },
      { id: 'RNO', code: 'RNO', name: 'Reno DC' },
      { id: 'DAL', code: 'DAL', name: '' },
    ]);
    expect(user.roles.map((r) => r.id)).toEqual(['ROLE_USER', 'Picker', '3']);
    expect(user.unknownField).toEqual({ deep: [1] });
  });

  it('expiry: the answer’s in any form, else the token’s exp, else a default; no refresh token is fine', async () => {
    const exp = Math.floor(Date.now() / 1000) + 1234;
    const cases: [Record<string, unknown>, Record<string, unknown> | undefined, number | null, string][] = [
      [{ expiresAt: exp }, undefined, exp * 1000, 'answer'], // epoch seconds
      [{ expiresAt: String(exp * 1000) }, undefined, exp * 1000, 'answer'], // epoch ms as text
      [{ expiresAt: '2030-01-01T00:00:00.123456+01:00' }, undefined, Date.UTC(2029, 11, 31, 23, 0, 0, 123), 'answer'],
      [{ expiresAt: '2030-01-01 00:00:00' }, undefined, Date.UTC(2030, 0, 1), 'answer'],
      [{ expiresAt: '2030-01-01T00:00:00Z[UTC]' }, undefined, Date.UTC(2030, 0, 1), 'answer'],
      [{}, { exp }, exp * 1000, 'token'],
      [{}, { exp: undefined }, null, 'default'],
    ];
    for (const [session, claims, expected, source] of cases) {
      const s = await anyAuthServer({ delivery: { kind: 'body', field: 'accessToken' }, session, claims, refreshToken: null });
      try {
        const { opened } = await open(s);
        expect(opened.expirySource).toBe(source);
        expect(opened.refreshToken).toBeNull();
        if (expected !== null) expect(Date.parse(opened.expiresAt)).toBe(expected);
        else expect(Math.abs(Date.parse(opened.expiresAt) - Date.now() - DEFAULT_SESSION_MS)).toBeLessThan(5_000);
      } finally {
        await s.close();
      }
    }
  });
});

describe('bodies of any common encoding (auth calls)', () => {
  const licenses = JSON.stringify([{ id: 'lic-1', enabled: true }]);
  const encodings: [string, Record<string, string>, Buffer][] = [
    ['a UTF-8 BOM', { 'Content-Type': 'application/json;charset=UTF-8' }, Buffer.from(`\uFEFF${licenses}`)],
    ['text/json', { 'Content-Type': 'text/json' }, Buffer.from(licenses)],
    ['gzip', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, gzipSync(licenses)],
    ['deflate', { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' }, deflateSync(licenses)],
    ['br', { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }, brotliCompressSync(Buffer.from(`\uFEFF${licenses}`))],
  ];
  for (const [name, headers, body] of encodings) {
    it(`reads ${name}`, async () => {
      server = await localServer((_req, res) => res.writeHead(200, headers).end(body));
      const api = createAuthApi({ baseUrl: server.url, retry: fast });
      expect(await api.licenses(CREDS)).toMatchObject([{ id: 'lic-1', enabled: true }]);
    });
  }
});
