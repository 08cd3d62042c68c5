// Bad input of every kind answers the JSON error body with the right status, never a 500.
import { connect } from 'node:net';
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../electron/demo/index.ts';
import { API, AUTH, PASSWORD, errorBody, postJson, signIn, start, type SignedIn } from './support.ts';

let server: DemoServer;
let session: SignedIn;
const unexpected: unknown[] = [];
beforeAll(async () => {
  server = await start({ items: 200, onError: (error) => unexpected.push(error) });
  session = await signIn(server);
});
afterAll(async () => {
  await server.close();
  expect(unexpected).toEqual([]);
});

const POSTS = [`${AUTH}/user/session`, `${AUTH}/user/session/refresh`, `${AUTH}/user/licenses`, `${AUTH}/user/validate`, `${API}/inv/query`, `${API}/inv/query/locations`, `${API}/inv/history`];

function raw(path: string, method: string, body: Buffer | string, headers: Record<string, string | number>): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(server.url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('bad bodies', () => {
  it.each(POSTS)('%s: malformed JSON is 400', async (path) => {
    const response = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...session.bearer }, body: '{"email": ' });
    expect(response.status).toBe(400);
    expect((await errorBody(response)).message).toMatch(/not valid JSON/);
  });

  it.each(POSTS)('%s: a body that is not JSON-typed is 415', async (path) => {
    const response = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'text/plain', ...session.bearer }, body: '{}' });
    expect(response.status).toBe(415);
    await errorBody(response);
  });

  it.each(POSTS)('%s: over 1 MiB is 413, declared or streamed', async (path) => {
    const big = JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) });
    const declared = await raw(path, 'POST', big, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big), ...session.bearer });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).status).toBe(413);
    const chunked = await raw(path, 'POST', big, { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...session.bearer });
    expect(chunked.status).toBe(413);
  });

  it('wrong types and missing fields are 400 with one detail per field', async () => {
    const missing = await postJson(server, `${AUTH}/user/session`, { email: 'demo@example.com' });
    expect(missing.status).toBe(400);
    const fields = ((await errorBody(missing)).details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['licenseId', 'password']);
    const wrongType = await postJson(server, `${API}/inv/query`, { includeZero: 'yes', itemIds: 'abc' }, session.bearer);
    expect(wrongType.status).toBe(400);
    expect(((await errorBody(wrongType)).details as { field: string }[]).map((d) => d.field).sort()).toEqual(['includeZero', 'itemIds']);
    const notObject = await postJson(server, `${AUTH}/user/validate`, [1, 2]);
    expect(notObject.status).toBe(400);
    const empty = await fetch(server.url + `${AUTH}/user/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' });
    expect(empty.status).toBe(400);
    const badDate = await postJson(server, `${API}/inv/history`, { from: 'yesterday' }, session.bearer);
    expect(badDate.status).toBe(400);
  });
});

describe('paths and methods', () => {
  it('an unknown path is 404, a known path with the wrong method 405 with Allow', async () => {
    const unknown = await fetch(`${server.url}/v1/api/pub/nothing`, { headers: session.bearer });
    expect(unknown.status).toBe(404);
    expect((await errorBody(unknown)).path).toBe('/v1/api/pub/nothing');
    const wrong = await fetch(`${server.url}${API}/lists/accounts/query`, { method: 'POST', headers: session.bearer });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    await errorBody(wrong);
    const jwt = await fetch(`${server.url}${AUTH}/jwt`, { method: 'PUT' });
    expect(jwt.status).toBe(405);
    expect(jwt.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET']);
    const badEscape = await fetch(`${server.url}${AUTH}/users/email/%E0%A4%A`, { headers: session.bearer });
    expect(badEscape.status).toBe(400);
  });

  it('malformed HTTP gets a JSON 400 too', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.write('NONSENSE\r\n\r\n'));
      let text = '';
      socket.on('data', (c) => (text += c));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toMatch(/"status":400/);
  });

  it('random paths, methods and bodies never produce a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH'),
        fc.oneof(fc.constantFrom(...POSTS, `${AUTH}/jwt`, `${AUTH}/jwt/list`, `${API}/lists/accounts/query`, `${API}/lists`), fc.webPath().map((p) => `/v1/${p}`)),
        fc.oneof(fc.json(), fc.string(), fc.jsonValue().map((v) => JSON.stringify({ email: v, password: v, licenseId: v, facilityId: v, itemIds: v, limit: v, types: v }))),
        async (method, path, body) => {
          const hasBody = method !== 'GET';
          const response = await raw(path, method, hasBody ? body : '', { 'content-type': 'application/json', ...session.bearer });
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) expect(JSON.parse(response.body).status).toBe(response.status);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once a client spends its budget, and 0 turns it off', async () => {
    const limited = await start({ items: 50, rateLimit: 5 });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let n = 0; n < 7; n++) {
        const response = await fetch(`${limited.url}${AUTH}/ping`);
        statuses.push(response.status);
        if (response.status === 429) {
          retryAfter = response.headers.get('retry-after');
          expect((await errorBody(response)).status).toBe(429);
        } else await response.arrayBuffer();
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
    const open = await start({ items: 50, rateLimit: 0 });
    try {
      const statuses = await Promise.all(Array.from({ length: 50 }, () => fetch(`${open.url}${AUTH}/ping`).then((r) => r.status)));
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      await open.close();
    }
  });

  it('the default limit lets a full sync of every list through', async () => {
    // a fresh session: the random requests above may have ended the shared one (DELETE /jwt)
    const session = await signIn(server);
    const ids = server.ids();
    const paths = [
      ...['/accounts/query', '/facilities/query', '/facilities/locations/tmplts/query', '/hazmat/query', '/items/tmplts/query', '/mworkflows/query', '/scheduler/query', '/sequences/query', '/transitlanes/query', '/users/query'],
      ...ids.accounts.flatMap((a) => ['carriers', 'channels', 'customers', 'items'].map((l) => `/accounts/${a}/${l}/query`)),
      ...ids.facilities.map((f) => `/facilities/${f}/locations/query`),
    ];
    for (let round = 0; round < 5; round++) {
      const statuses = await Promise.all(paths.map((p) => fetch(`${server.url}${API}/lists${p}`, { headers: session.bearer }).then(async (r) => (await r.arrayBuffer(), r.status))));
      expect(new Set(statuses)).toEqual(new Set([200]));
    }
    expect((await postJson(server, `${AUTH}/user/validate`, { email: 'demo@example.com', password: PASSWORD })).status).toBe(200);
  });
});
