// Lists and inventory are streamed: conditional requests, retries before the body, stalls and
// cancellation as typed errors.
import { afterEach, describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import { openJsonStream, type StreamRequest } from '../../electron/core/api/json-stream-request.ts';
import { json, localServer, type LocalServer } from './local-server.ts';

const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1000 };
const INVENTORY_QUERY = '/v1/api/pub/inv/query';
type Request = Omit<StreamRequest, 'path' | 'method' | 'body'>;
// A global list (facilities, hazmat, users) as a sync round opens it (sync/round/open-request.ts): a GET of its path, streamed.
const openList = (name: string, request: Request) => openJsonStream({ ...request, path: `/v1/api/pub/lists/${name}/query`, method: 'GET' });
const openInventoryQuery = (body: unknown, request: Request) => openJsonStream({ ...request, path: INVENTORY_QUERY, method: 'POST', body });
let server: LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

describe('lists api', () => {
  it('streams a 200, sends Bearer and If-None-Match, and reports 304', async () => {
    server = await localServer((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { ETag: '"v1"' });
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', ETag: '"v1"' });
      res.write('[{"id":"a"}');
      setImmediate(() => res.end(',{"id":"b"}]'));
    });
    const first = await openList('facilities', { baseUrl: server.url, accessToken: 'tok', retry: fast });
    expect(first.status).toBe(200);
    if (first.status !== 200) return;
    expect(first.etag).toBe('"v1"');
    expect(JSON.parse(await text(first.body))).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(server.requests[0].headers.authorization).toBe('Bearer tok');
    const second = await openList('facilities', { baseUrl: server.url, accessToken: 'tok', etag: '"v1"', retry: fast });
    expect(second).toEqual({ status: 304, etag: '"v1"', serverDate: expect.stringMatching(/GMT$/) });
  });

  it('retries a 503 before the body, then streams; HTML is bad_response', async () => {
    let n = 0;
    server = await localServer((_req, res, body) => {
      n++;
      if (n === 1) return json(res, 503, { message: 'busy' });
      if (n === 2) return json(res, 200, JSON.stringify({ echo: JSON.parse(body) }));
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>');
    });
    const response = await openInventoryQuery({ facilityId: 'f1' }, { baseUrl: server.url, accessToken: 't', retry: fast });
    expect(server.requests[1].url).toBe(INVENTORY_QUERY);
    expect(response.status === 200 && JSON.parse(await text(response.body))).toEqual({ echo: { facilityId: 'f1' } });
    const error = await openInventoryQuery({}, { baseUrl: server.url, accessToken: 't', retry: fast }).catch((e: unknown) => e);
    expect((error as AisleError).code).toBe('bad_response');
  });

  it('a body that stalls fails with timeout; cancelling fails the body too', async () => {
    server = await localServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('[');
    });
    const stalled = await openList('hazmat', { baseUrl: server.url, accessToken: 't', timeoutMs: 150, retry: fast });
    const error = await (stalled.status === 200 ? text(stalled.body) : Promise.resolve('')).catch((e: unknown) => e);
    expect((error as AisleError).code).toBe('timeout');

    const controller = new AbortController();
    const open = await openList('hazmat', { baseUrl: server.url, accessToken: 't', signal: controller.signal, retry: fast });
    const reading = open.status === 200 ? text(open.body) : Promise.resolve('');
    controller.abort();
    expect(((await reading.catch((e: unknown) => e)) as AisleError).code).toBe('timeout');
  });

  it('401 is unauthorized (the caller refreshes), with the server message', async () => {
    server = await localServer((_req, res) => json(res, 401, { message: 'token expired' }));
    const error = (await openList('users', { baseUrl: server.url, accessToken: 't', retry: fast }).catch((e: unknown) => e)) as AisleError;
    expect(error.code).toBe('unauthorized');
    expect(error.message).toContain('token expired');
    expect(server.requests).toHaveLength(1);
  });

  it('asks for gzip, deflate and br (identity when told not to), and reads each', async () => {
    const { brotliCompressSync, deflateSync, gzipSync } = await import('node:zlib');
    const body = Buffer.from('[{"id":"a"}]');
    const encoded: Record<string, Buffer> = { gzip: gzipSync(body), deflate: deflateSync(body), br: brotliCompressSync(body) };
    let encoding = 'gzip';
    server = await localServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
      res.end(encoded[encoding]);
    });
    for (encoding of ['gzip', 'deflate', 'br']) {
      const response = await openList('hazmat', { baseUrl: server.url, accessToken: 't', retry: fast });
      expect(response.status === 200 && (await text(response.body)), encoding).toBe('[{"id":"a"}]');
    }
    expect(server.requests[0].headers['accept-encoding']).toBe('gzip, deflate, br');
    await openList('hazmat', { baseUrl: server.url, accessToken: 't', retry: fast, gzip: false });
    expect(server.requests.at(-1)!.headers['accept-encoding']).toBe('identity');
  });

  it('reads any JSON media type or none, a 204 as an empty body, and names the call and status of an error', async () => {
    let answer: { status: number; type?: string } = { status: 200 };
    server = await localServer((_req, res) => {
      res.writeHead(answer.status, answer.type ? { 'Content-Type': answer.type, Link: '</next>; rel="next"' } : {});
      res.end(answer.status === 204 ? undefined : answer.status === 200 ? '[]' : JSON.stringify({ message: 'License L-7 does not include hazmat' }));
    });
    for (const type of ['application/json;charset=UTF-8', 'text/json', 'application/hal+json', 'application/vnd.api+json; charset=utf-8', undefined]) {
      answer = { status: 200, type };
      const response = await openList('hazmat', { baseUrl: server.url, accessToken: 't', retry: fast });
      expect(response.status === 200 && (await text(response.body)), type).toBe('[]');
      if (type && response.status === 200) expect(response.link).toBe('</next>; rel="next"');
    }
    for (const type of ['text/html', 'text/plain', 'application/json; charset=iso-8859-1', 'application/jsonp']) {
      answer = { status: 200, type };
      const error = (await openList('hazmat', { baseUrl: server.url, accessToken: 't', retry: fast }).catch((e: unknown) => e)) as AisleError;
      expect(error.code, type).toBe('bad_response');
      expect(error.message).toBe(`GET /v1/api/pub/lists/hazmat/query answered ${type} where JSON in UTF-8 was expected.`);
    }
    answer = { status: 204 };
    const empty = await openList('hazmat', { baseUrl: server.url, accessToken: 't', retry: fast });
    expect(empty.status === 200 && (await text(empty.body))).toBe('');
    answer = { status: 403, type: 'application/json' };
    const forbidden = (await openList('hazmat', { baseUrl: server.url, accessToken: 't', retry: fast }).catch((e: unknown) => e)) as AisleError;
    expect(forbidden).toMatchObject({ code: 'forbidden', status: 403, message: 'GET /v1/api/pub/lists/hazmat/query answered 403: License L-7 does not include hazmat' });
  });

  it('a body that trickles within the stall timeout still fails at its deadline', async () => {
    const timers: NodeJS.Timeout[] = [];
    server = await localServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const drip = () => {
        if (res.destroyed) return;
        res.write(' ');
        timers.push(setTimeout(drip, 20));
      };
      drip();
    });
    const response = await openList('hazmat', { baseUrl: server.url, accessToken: 't', retry: fast, timeoutMs: 1000, deadlineMs: 200 });
    const error = (await (response.status === 200 ? text(response.body) : Promise.resolve('')).catch((e: unknown) => e)) as AisleError;
    timers.forEach(clearTimeout);
    expect(error).toMatchObject({ code: 'timeout', message: 'The server did not send the whole answer within 200 ms.' });
  });
});
