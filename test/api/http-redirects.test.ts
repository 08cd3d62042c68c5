// Redirects of the small JSON requests (sign-in, refresh, sign-out): on the same server they are
// followed, the request going again as it was; to another server (another loopback port is another
// origin) they are refused in words and the password never goes there.
import { afterEach, expect, it } from 'vitest';
import { createHttpClient } from '../../electron/core/api/http-client.ts';
import { json, localServer, type LocalServer } from './local-server.ts';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

it('a 308 to the path with a trailing slash is followed with the same body', async () => {
  const a = await localServer((req, res) => {
    if (req.url === '/auth') {
      res.writeHead(308, { Location: '/auth/' });
      return res.end();
    }
    json(res, 200, { ok: true });
  });
  servers.push(a);
  const client = createHttpClient({ baseUrl: a.url, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 } });
  const answer = await client.request({ method: 'POST', path: '/auth', body: { password: 'p' }, idempotent: false, what: 'the sign-in' });
  expect(JSON.parse(answer.text)).toEqual({ ok: true });
  expect(a.requests.map((r) => [r.method, r.url, r.body])).toEqual([
    ['POST', '/auth', '{"password":"p"}'],
    ['POST', '/auth/', '{"password":"p"}'],
  ]);
});

it('a redirect to another server is refused in words; the password never goes there', async () => {
  const b = await localServer((_req, res) => json(res, 200, { ok: true }));
  const a = await localServer((_req, res) => {
    res.writeHead(307, { Location: `${b.url}/auth` });
    res.end();
  });
  servers.push(a, b);
  const client = createHttpClient({ baseUrl: a.url, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 } });
  const failed = client.request({ method: 'POST', path: '/auth', body: { password: 'p' }, idempotent: false, what: 'the sign-in' });
  await expect(failed).rejects.toMatchObject({ code: 'bad_response', message: expect.stringMatching(new RegExp(`^The server answered 307 to the sign-in, redirecting to another server \\(${b.url.replace(/\./g, '\\.')}\\): Aisle does not follow it`)) });
  expect(b.requests).toEqual([]);
});

it('a redirect loop ends after five hops, in words', async () => {
  const a = await localServer((_req, res) => {
    res.writeHead(302, { Location: '/again' });
    res.end();
  });
  servers.push(a);
  const client = createHttpClient({ baseUrl: a.url, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 } });
  await expect(client.request({ method: 'GET', path: '/me', idempotent: true, what: 'the user profile' })).rejects.toThrow(/the user profile was redirected more than 5 times/);
  expect(a.requests).toHaveLength(6);
});
