// The auth client against a scripted real HTTP server: every garbage answer becomes a typed error.
import { afterEach, describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { closedPortUrl, fakeJwt, json, localServer, type LocalServer } from './local-server.ts';

const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2_000 };
const creds = { email: 'a@example.com', password: 'secret-pw' };
let server: LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    expect(error).toBeInstanceOf(AisleError);
    return (error as AisleError).code;
  }
}

const license = { id: 'lic-1', license_type: 'COMMUNITY', enabled: true, description: 'Main' };

describe('auth api: garbage answers', () => {
  const cases: [string, (res: import('node:http').ServerResponse) => void][] = [
    ['HTML', (res) => { res.writeHead(200, { 'Content-Type': 'text/html' }); res.end('<html><body>Login</body></html>'); }],
    ['truncated JSON', (res) => json(res, 200, '[{"id":"lic-1","license_t')],
    ['a license without an id', (res) => json(res, 200, [{ id: { value: 42 }, enabled: 'yes' }])],
    ['an object instead of an array', (res) => json(res, 200, { licenses: [] })],
    ['an empty body', (res) => { res.writeHead(200); res.end(); }],
    ['an oversized body', (res) => json(res, 200, JSON.stringify([{ ...license, msg: 'x'.repeat(2 * 1024 * 1024) }]))],
  ];
  for (const [name, answer] of cases) {
    it(`licenses: ${name} → bad_response`, async () => {
      server = await localServer((_req, res) => answer(res));
      const api = createAuthApi({ baseUrl: server.url, retry: fast });
      expect(await code(api.licenses(creds))).toBe('bad_response');
    });
  }

  it('session creation: wrong types and a missing token → bad_response', async () => {
    let answer = 0;
    server = await localServer((_req, res) => {
      answer++;
      if (answer === 1) json(res, 200, { refreshToken: 5, expiresAt: '2030-01-01T00:00:00Z' });
      else if (answer === 2) json(res, 200, { refreshToken: 'r1', expiresAt: 'not a date' });
      else json(res, 200, { refreshToken: 'r1', expiresAt: '2030-01-01T00:00:00Z', redirectURL: '/home?token=nope' });
    });
    const api = createAuthApi({ baseUrl: server.url, retry: fast });
    const open = () => api.openSession({ ...creds, licenseId: 'lic-1', locale: 'en_US' });
    expect(await code(open())).toBe('bad_response');
    expect(await code(open())).toBe('bad_response');
    const missing = await open().catch((e: AisleError) => e);
    expect(missing).toBeInstanceOf(AisleError);
    expect((missing as AisleError).message).toMatch(/no access token/);
  });
});

describe('auth api: status mapping, retries and timeouts', () => {
  it('maps statuses to typed errors with the server message and status', async () => {
    const statuses = [401, 403, 404, 400];
    let i = 0;
    server = await localServer((_req, res) => json(res, statuses[i++], { status: 0, error: 'E', message: 'server says no' }));
    const api = createAuthApi({ baseUrl: server.url, retry: fast });
    for (const expected of ['unauthorized', 'forbidden', 'not_found', 'bad_response']) {
      const error = (await api.sessionInfo().catch((e: unknown) => e)) as AisleError;
      expect(error.code).toBe(expected);
      expect(error.message).toContain('server says no');
      expect(error.status).toBe(statuses[['unauthorized', 'forbidden', 'not_found', 'bad_response'].indexOf(expected)]);
    }
  });

  it('retries 5xx and 429 (honouring Retry-After) on idempotent calls, then succeeds', async () => {
    let n = 0;
    server = await localServer((_req, res) => {
      n++;
      if (n === 1) json(res, 503, { message: 'busy' });
      else if (n === 2) json(res, 429, { message: 'slow down' }, { 'Retry-After': '0' });
      else json(res, 200, [license]);
    });
    const api = createAuthApi({ baseUrl: server.url, retry: fast });
    const licenses = await api.licenses(creds);
    expect(licenses.map((l) => l.id)).toEqual(['lic-1']);
    expect(n).toBe(3);
  });

  it('gives up with the typed error once retries are spent; never retries a refresh after a 5xx', async () => {
    server = await localServer((_req, res) => json(res, 500, { message: 'boom' }));
    const api = createAuthApi({ baseUrl: server.url, retry: fast });
    expect(await code(api.licenses(creds))).toBe('server_error');
    expect(server.requests).toHaveLength(3);
    server.requests.length = 0;
    expect(await code(api.refreshSession({ ...creds, refreshToken: 'r', locale: 'en_US' }))).toBe('server_error');
    expect(server.requests).toHaveLength(1);
  });

  it('a long Retry-After is not waited for: rate_limited with its wait', async () => {
    server = await localServer((_req, res) => json(res, 429, { message: 'later' }, { 'Retry-After': '120' }));
    const error = (await createAuthApi({ baseUrl: server.url, retry: fast }).licenses(creds).catch((e: unknown) => e)) as AisleError;
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(120);
    expect(server.requests).toHaveLength(1);
  });

  it('times out a server that never answers, and can be cancelled', async () => {
    server = await localServer(() => {});
    const api = createAuthApi({ baseUrl: server.url, timeoutMs: 200, retry: { ...fast, retries: 0 } });
    expect(await code(api.sessionInfo())).toBe('timeout');
    const controller = new AbortController();
    const pending = api.licenses(creds, controller.signal);
    controller.abort();
    const error = (await pending.catch((e: unknown) => e)) as AisleError;
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/cancelled/);
  });

  it('a server that is down is offline, after retrying', async () => {
    const api = createAuthApi({ baseUrl: await closedPortUrl(), retry: fast });
    expect(await code(api.licenses(creds))).toBe('offline');
    expect(await code(api.ping())).toBe('offline');
  });

  it('a connection cut mid-answer is a typed error', async () => {
    server = await localServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('[{"id":');
      setImmediate(() => req.socket.destroy());
    });
    const result = await code(createAuthApi({ baseUrl: server.url, retry: { ...fast, retries: 0 } }).licenses(creds));
    expect(['offline', 'bad_response']).toContain(result);
  });
});

describe('auth api: tokens and cookies', () => {
  it('captures the JWT from a header, a cookie or the redirect URL, and auth calls carry the cookie, never Authorization', async () => {
    const jwt = fakeJwt();
    for (const mode of ['header', 'cookie', 'redirect'] as const) {
      server = await localServer((req, res) => {
        if (req.url?.startsWith('/v1/auth/pub/user/session')) {
          const headers: Record<string, string | string[]> = {};
          if (mode === 'header') headers.Authorization = `Bearer ${jwt}`;
          if (mode === 'cookie') headers['Set-Cookie'] = [`access_token=${jwt}; HttpOnly; SameSite=Strict; Path=/`, 'other=1; Path=/'];
          json(res, 200, { refreshToken: 'r1', expiresAt: '2030-01-01T00:00:00Z', redirectURL: mode === 'redirect' ? `/app?x=1&token=${jwt}` : '/app' }, headers);
        } else json(res, 200, { userEmail: 'a@example.com', licenseId: 'lic-1', sn: 'sn-1', expiresAt: '2030-01-01T00:00:00Z', zoneIdStr: 'UTC' });
      });
      const api = createAuthApi({ baseUrl: server.url, retry: fast });
      const opened = await api.openSession({ ...creds, licenseId: 'lic-1', locale: 'en_US' });
      expect(opened).toMatchObject({ accessToken: jwt, tokenSource: mode, refreshToken: 'r1', expiresAt: '2030-01-01T00:00:00.000Z' });
      const info = await api.sessionInfo();
      expect(info.sn).toBe('sn-1');
      const [create, get] = server.requests;
      expect(create.url).toBe('/v1/auth/pub/user/session?locale=en_US');
      expect(JSON.parse(create.body)).toEqual({ ...creds, licenseId: 'lic-1', snType: 'SYSTEM' });
      expect(create.headers.authorization).toBeUndefined();
      expect(get.headers.authorization).toBeUndefined();
      expect(get.headers.cookie).toContain(`access_token=${jwt}`);
      await server.close();
      server = null;
    }
  });

  it('validate: 200 with any string is valid, 401/403 invalid, other failures typed', async () => {
    const answers = [200, 401, 403, 503];
    let i = 0;
    server = await localServer((_req, res) => json(res, answers[i++], answers[i - 1] === 200 ? '"VALID"' : { message: 'no' }));
    const api = createAuthApi({ baseUrl: server.url, retry: { ...fast, retries: 0 } });
    expect(await api.validate(creds)).toBe(true);
    expect(await api.validate(creds)).toBe(false);
    expect(await api.validate(creds)).toBe(false);
    expect(await code(api.validate(creds))).toBe('server_error');
  });

  it('rejects a base URL that is not http(s)', () => {
    expect(() => createAuthApi({ baseUrl: 'ftp://x' })).toThrow(AisleError);
    expect(() => createAuthApi({ baseUrl: 'not a url' })).toThrow(/not a URL/);
  });
});

describe('auth api: a kept-alive connection closed as a request is written', () => {
  const session = { refreshToken: 'r1', expiresAt: '2030-01-01T00:00:00Z', redirectURL: `/app?token=${fakeJwt()}` };

  it('a sign-in reset on a reused connection before any answer is asked again on a new one, once', async () => {
    // each connection answers its first request and is closed by the server as the next is written
    // on it, as nginx closes an idle kept-alive connection (keepalive_timeout, keepalive_requests)
    const served = new WeakMap<object, number>();
    let sessions = 0;
    server = await localServer((req, res) => {
      const n = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, n);
      if (n > 1) return void req.socket.destroy();
      if (req.url?.startsWith('/v1/auth/pub/user/session')) {
        sessions++;
        return json(res, 200, session, { Connection: 'keep-alive' });
      }
      json(res, 200, [license], { Connection: 'keep-alive' });
    });
    const api = createAuthApi({ baseUrl: server.url, retry: fast });
    expect(await api.licenses(creds)).toHaveLength(1);
    const opened = await api.openSession({ ...creds, licenseId: 'lic-1', locale: 'en_US' });
    expect(opened.refreshToken).toBe('r1');
    expect(sessions).toBe(1);
  });

  it('a sign-in reset on a new connection is not asked again: the server may have taken it', async () => {
    let sessions = 0;
    server = await localServer((req) => {
      sessions++;
      req.socket.destroy();
    });
    const api = createAuthApi({ baseUrl: server.url, retry: fast });
    expect(await code(api.openSession({ ...creds, licenseId: 'lic-1', locale: 'en_US' }))).toBe('offline');
    expect(sessions).toBe(1);
  });
});
