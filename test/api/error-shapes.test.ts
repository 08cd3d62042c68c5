// Errors of any shape, from a real loopback server: each becomes a typed error whose message names
// the call, the status and the server's own words on one line; 429 without Retry-After backs off
// from about a second, growing, capped, with jitter.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { AisleError } from '../../electron/contract/errors.ts';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { parseRetryAfter } from '../../electron/core/api/http-errors.ts';
import { rateLimitBackoff, retryDelay } from '../../electron/core/api/retry.ts';
import { DEMO_PASSWORD, startDemoServer } from '../../electron/demo/index.ts';
import { DEFAULT_PROFILE, ERROR_SHAPES } from '../../electron/demo/profile/server-profile.ts';
import { json, localServer, type LocalServer } from './local-server.ts';

const creds = { email: 'a@example.com', password: 'pw' };
const noRetry = { retries: 0, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2_000 };
let server: LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const text = (status: number, type: string, body: string) => (res: ServerResponse) => res.writeHead(status, { 'Content-Type': type }).end(body);

describe('error bodies of any shape', () => {
  const cases: [string, (res: ServerResponse) => void, string, string][] = [
    ['Spring', (res) => json(res, 400, { timestamp: '2026-01-01T00:00:00Z', status: 400, error: 'Bad Request', message: 'licenseId must not be null', path: '/x' }), 'bad_response', 'licenseId must not be null'],
    ['Spring with no message', (res) => json(res, 400, { status: 400, error: 'Bad Request', message: 'No message available', path: '/x' }), 'bad_response', 'Bad Request'],
    ['the demo’s', (res) => json(res, 403, { status: 403, error: 'Forbidden', message: 'User is disabled', path: '/x', timestamp: 1 }), 'forbidden', 'User is disabled'],
    ['RFC 9457 problem details', (res) => json(res, 409, { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Session already open' }), 'bad_response', 'Conflict: Session already open'],
    ['{message}', (res) => json(res, 404, { message: 'No such user' }), 'not_found', 'No such user'],
    ['{error: "..."}', (res) => json(res, 400, { error: 'invalid_grant' }), 'bad_response', 'invalid_grant'],
    ['{errors: [strings]}', (res) => json(res, 422, { errors: ['email is required', 'password is required'] }), 'bad_response', 'email is required; password is required'],
    ['{errors: [objects]}', (res) => json(res, 422, { errors: [{ field: 'email', defaultMessage: 'must be an e-mail' }, { message: 'too short' }] }), 'bad_response', 'email: must be an e-mail; too short'],
    [
      'RFC 9457 with invalid-params',
      (res) => json(res, 400, { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'The request has invalid fields.', 'invalid-params': [{ name: 'licenseId', reason: 'must be a uuid' }, { name: 'snType', reason: 'unknown value' }] }),
      'bad_response',
      'Bad Request: The request has invalid fields. (licenseId: must be a uuid; snType: unknown value)',
    ],
    ['RFC 9457 with errors and pointers', (res) => json(res, 422, { title: 'Unprocessable', status: 422, errors: [{ detail: 'must be an e-mail', pointer: '#/email' }] }), 'bad_response', 'Unprocessable (#/email: must be an e-mail)'],
    [
      'Spring validation with errors[].field',
      (res) => json(res, 400, { timestamp: '2026-01-01T00:00:00Z', status: 400, error: 'Bad Request', message: "Validation failed for object='sessionRequest'. Error count: 1", path: '/x', errors: [{ field: 'licenseId', defaultMessage: 'must not be null', code: 'NotNull' }] }),
      'bad_response',
      "Validation failed for object='sessionRequest'. Error count: 1 (licenseId: must not be null)",
    ],
    [
      'ASP.NET ModelState',
      (res) => json(res, 400, { type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1', title: 'One or more validation errors occurred.', status: 400, errors: { Email: ['The Email field is required.'], Password: ['Too short', 'No digit'] }, traceId: '00-1-2-00' }),
      'bad_response',
      'One or more validation errors occurred. (The Email field is required.; Password: Too short, No digit)',
    ],
    ['plain text over lines', text(503, 'text/plain', 'Service\n  temporarily unavailable\n'), 'server_error', 'Service temporarily unavailable'],
    ['a load balancer’s HTML page', text(502, 'text/html', '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>'), 'server_error', '502 Bad Gateway'],
    ['a proxy’s HTML page with only an h1', text(403, 'text/html; charset=utf-8', '<!DOCTYPE html><body><h1>Access <b>denied</b> by policy &amp; rules</h1><p>Ref 77</p></body>'), 'forbidden', 'Access denied by policy & rules'],
  ];
  for (const [name, answer, code, message] of cases) {
    it(`${name} → ${code} naming the call, the status and the server's words`, async () => {
      server = await localServer((_req, res) => answer(res));
      const api = createAuthApi({ baseUrl: server.url, retry: noRetry });
      const error = (await api.licenses(creds).catch((e: unknown) => e)) as AisleError;
      expect(error.code).toBe(code);
      expect(error.message).toContain('the license list');
      expect(error.message).toContain(message);
      expect(error.message).toContain(String(error.status));
      expect(error.message).not.toMatch(/[\n<>]/);
    });
  }

  it('a 401 names the call refused and what the server asks for (WWW-Authenticate)', async () => {
    server = await localServer((_req, res) => json(res, 401, { message: 'token expired' }, { 'WWW-Authenticate': 'Bearer realm="wh", error="invalid_token"' }));
    const api = createAuthApi({ baseUrl: server.url, retry: noRetry });
    const error = (await api.profile().catch((e: unknown) => e)) as AisleError;
    expect(error.code).toBe('unauthorized');
    expect(error.message).toBe('The server refused the user profile (401; it asks for Bearer realm="wh", error="invalid_token"): token expired');
  });
});

describe('the demo server in every error shape names the field it refuses', () => {
  for (const errors of ERROR_SHAPES.filter((shape) => shape !== 'html')) {
    it(`${errors}: a refused locale is named with what is wrong with it`, async () => {
      const demo = await startDemoServer({ port: 0, items: 10, accounts: 1, facilities: 1, rateLimit: 0, profile: { ...DEFAULT_PROFILE, errors } });
      try {
        const api = createAuthApi({ baseUrl: demo.url, retry: noRetry });
        const credentials = { email: 'solo@example.com', password: DEMO_PASSWORD };
        const [license] = await api.licenses(credentials);
        const error = (await api.openSession({ ...credentials, licenseId: license.id, locale: 'not a locale' }).catch((e: unknown) => e)) as AisleError;
        expect(error.code).toBe('bad_response');
        expect(error.message).toMatch(/locale: expected language_REGION/);
      } finally {
        await demo.close();
      }
    });
  }
});

describe('429 and Retry-After', () => {
  it('without Retry-After: backoff from about a second, growing, capped, with jitter', () => {
    const policy = { retries: 10, baseDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };
    const low = (attempt: number) => rateLimitBackoff(attempt, policy, () => 0);
    const high = (attempt: number) => rateLimitBackoff(attempt, policy, () => 1);
    expect([low(0), high(0)]).toEqual([500, 1_000]);
    expect([low(1), high(1)]).toEqual([1_000, 2_000]);
    expect([low(3), high(3)]).toEqual([4_000, 8_000]);
    expect([low(9), high(9)]).toEqual([15_000, 30_000]);
    const limited = { code: 'rate_limited', retryAfterSeconds: undefined } as AisleError;
    expect(retryDelay(limited, 0, false, { ...policy, random: () => 0.5 })).toBe(750);
  });

  it('Retry-After as seconds or as an HTTP date is honoured', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:12 GMT', now)).toBe(12);
  });

  it('a server that answers 429 without Retry-After is asked again after a backoff, then answers', async () => {
    let n = 0;
    server = await localServer((_req, res) => (n++ < 2 ? json(res, 429, { message: 'slow down' }) : json(res, 200, [{ id: 'lic-1' }])));
    const api = createAuthApi({ baseUrl: server.url, retry: { ...noRetry, retries: 2, rateLimitBaseMs: 20 } });
    const started = performance.now();
    expect(await api.licenses(creds)).toMatchObject([{ id: 'lic-1' }]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(10 + 20); // at least half of 20 ms, then of 40 ms
  });

  it('the final 429 says the server gave no wait, not a made-up one', async () => {
    server = await localServer((_req, res) => json(res, 429, { message: 'slow down' }));
    const api = createAuthApi({ baseUrl: server.url, retry: noRetry });
    const error = (await api.licenses(creds).catch((e: unknown) => e)) as AisleError;
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.message).toBe('The server is limiting requests to the license list (429): it did not say how long to wait. slow down');
  });
});
