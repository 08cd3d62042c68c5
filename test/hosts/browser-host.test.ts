// The browser host over real HTTP on 127.0.0.1: the secret, the Host/Origin checks, the contract
// calls, server-sent events and static files.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createCore, type Core } from '../../electron/core/core.ts';
import { createMemorySettingsStore } from '../../electron/core/settings/settings-store.ts';
import { KEY_HEADER, allowedHostHeaders, startBrowserHost, type BrowserHost } from '../../electron/hosts/browser/browser-host.ts';
import { tempDir } from '../support/temp-dir.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(host: BrowserHost, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Answer> {
  const url = new URL(host.origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: options.method ?? 'GET', path: options.path ?? '/', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('browser host', () => {
  const data = tempDir();
  const rendererDir = path.join(data.path, 'renderer');
  let core: Core;
  let host: BrowserHost;
  let key: Record<string, string>;

  function call(method: string, body: unknown, extra: Record<string, string> = {}) {
    return request(host, {
      method: 'POST',
      path: `/api/call/${method}`,
      headers: { ...key, Origin: host.origin, 'Content-Type': 'application/json', ...extra },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
    writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Aisle</title>');
    writeFileSync(path.join(rendererDir, 'assets/app.js'), 'console.log(1)');
    writeFileSync(path.join(data.path, 'secret.txt'), 'outside the renderer folder');
    core = createCore({ host: 'browser', version: '9.9.9', dataDir: data.path, settings: createMemorySettingsStore() });
    host = await startBrowserHost({ core, rendererDir });
    key = { [KEY_HEADER]: host.secret };
  });

  afterAll(async () => {
    await host.close();
    await core.close();
    data.remove();
  });

  it('listens on loopback only, on a random port, and prints a URL that carries the secret', () => {
    expect(host.address).toBe('127.0.0.1');
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.url).toBe(`${host.origin}/?k=${host.secret}`);
    expect(host.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('demands the key: the page needs it in its address, a call as its header with the page\'s Origin; a cookie is no key', async () => {
    expect((await request(host, { path: '/' })).status).toBe(401);
    expect((await request(host, { path: '/?k=wrong' })).status).toBe(401);
    // cookies ignore ports: another listener on 127.0.0.1 could have read one
    expect((await request(host, { path: '/', headers: { Cookie: `aisle_k=${host.secret}` } })).status).toBe(401);
    const info = { method: 'POST', path: '/api/call/app.info', body: '{}' };
    expect((await request(host, { ...info, headers: { 'Content-Type': 'application/json', Origin: host.origin } })).status).toBe(401);
    expect((await request(host, { ...info, headers: { 'Content-Type': 'application/json', Origin: host.origin, Cookie: `aisle_k=${host.secret}` } })).status).toBe(401);
    // a call with the key but without the page's Origin is not the page's
    expect((await request(host, { ...info, headers: { 'Content-Type': 'application/json', ...key } })).status).toBe(403);
    expect((await request(host, { ...info, headers: { 'Content-Type': 'application/json', Origin: host.origin, ...key } })).status).toBe(200);

    const page = await request(host, { path: `/?k=${host.secret}` });
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain('<title>Aisle</title>');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    // the built scripts hold nothing secret: they load without the key
    expect((await request(host, { path: '/assets/app.js' })).status).toBe(200);
  });

  it('refuses a foreign Host header (DNS rebinding) and a foreign Origin', async () => {
    const port = new URL(host.origin).port;
    for (const name of [`evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, '127.0.0.1']) {
      expect((await request(host, { path: `/?k=${host.secret}`, headers: { Host: name } })).status).toBe(421);
    }
    expect((await call('app.info', {}, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('app.info', {}, { Origin: 'null' })).status).toBe(403);
    expect((await call('app.info', {}, { Origin: `http://127.0.0.1:${Number(port) + 1}` })).status).toBe(403);
    expect((await call('app.info', {}, { Origin: host.origin })).status).toBe(200);
    expect((await call('app.info', {}, { Host: `localhost:${port}`, Origin: `http://localhost:${port}` })).status).toBe(200);
  });

  it('answers contract calls through dispatch: value, validation error, unknown method', async () => {
    const info = await call('app.info', {});
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toEqual({ ok: true, value: expect.objectContaining({ name: 'Aisle', version: '9.9.9', host: 'browser' }) });
    expect(JSON.parse((await call('settings.set', { historyDays: 'many' })).body)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(JSON.parse((await call('no.such.method', {})).body)).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(JSON.parse((await call('__proto__', {})).body)).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    const malformed = await call('app.%E0%A4%A', {});
    expect(malformed.status).toBe(200);
    expect(JSON.parse(malformed.body)).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect((await request(host, { path: '/api/call/app.info', headers: key })).status).toBe(405);
  });

  it('answers contract calls over the WebSocket, and opens it only with Host, same Origin and secret', async () => {
    const socketUrl = `${host.origin.replace('http', 'ws')}/api/socket`;
    /** Opens a socket with these headers: the socket, or the HTTP status that refused it. */
    const open = (headers: Record<string, string>, url = socketUrl) =>
      new Promise<WebSocket | number>((resolve, reject) => {
        const ws = new WebSocket(url, { headers });
        ws.once('open', () => resolve(ws));
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('error', reject);
      });
    expect(await open({ Origin: host.origin })).toBe(403);
    expect(await open(key)).toBe(403);
    expect(await open({ ...key, Origin: 'https://evil.example' })).toBe(403);
    expect(await open({ [KEY_HEADER]: 'wrong', Origin: host.origin })).toBe(403);
    expect(await open({ Cookie: `aisle_k=${host.secret}`, Origin: host.origin })).toBe(403);
    const viaUrl = await open({ Origin: host.origin }, `${socketUrl}?k=${host.secret}`);
    expect(typeof viaUrl).not.toBe('number');
    if (typeof viaUrl !== 'number') viaUrl.close();
    expect(await open({ ...key, Origin: host.origin }, `${host.origin.replace('http', 'ws')}/api/other`)).toBe(403);

    const ws = await open({ ...key, Origin: host.origin });
    if (typeof ws === 'number') throw new Error(`refused: ${ws}`);
    const answers = new Map<number | null, unknown>();
    ws.on('message', (data) => {
      const { id, result } = JSON.parse(data.toString()) as { id: number | null; result: unknown };
      answers.set(id, result);
    });
    ws.send(JSON.stringify({ id: 1, method: 'app.info', args: {} }));
    ws.send(JSON.stringify({ id: 2, method: 'settings.set', args: { historyDays: 'many' } }));
    ws.send(JSON.stringify({ id: 3, method: 'no.such.method' }));
    ws.send('not json');
    await expect.poll(() => answers.size).toBe(4);
    expect(answers.get(1)).toEqual({ ok: true, value: expect.objectContaining({ name: 'Aisle', version: '9.9.9', host: 'browser' }) });
    expect(answers.get(2)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(answers.get(3)).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(answers.get(null)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    ws.close();
  });

  it('offers CSV exports as one-time download links: a bad view or no mirror is a typed error, an unknown link is 404 (its token stands for the key)', async () => {
    const invalid = JSON.parse((await call('export.csv', { view: { list: '' } })).body);
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    for (const headers of [{ sku: 5 }, { sku: 'x'.repeat(201) }, ['SKU']]) {
      expect(JSON.parse((await call('export.csv', { view: { list: 'items' }, headers })).body)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    }
    // a time zone that is none is said before any download starts, in words that name it
    const zone = JSON.parse((await call('export.csv', { view: { list: 'items' }, words: { timeZone: 'Mars/Olympus' } })).body);
    expect(zone).toMatchObject({ ok: false, error: { code: 'invalid_argument', message: expect.stringContaining('Mars/Olympus') } });
    expect(JSON.parse((await call('export.csv', { view: { list: 'items' }, words: { raw: 'yes' } })).body)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    const signedOut = JSON.parse((await call('export.csv', { view: { list: 'items' } })).body);
    expect(signedOut).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    const unknown = await request(host, { path: '/api/export/not-a-token', headers: key });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('export again');
    expect((await request(host, { path: '/api/export/not-a-token' })).status).toBe(404);
  });

  it('refuses bodies that are not JSON (415, 400) or over 1 MiB (413)', async () => {
    expect((await call('app.info', '{}', { 'Content-Type': 'text/plain' })).status).toBe(415);
    const broken = await call('app.info', '{"a":');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    const big = JSON.stringify({ q: 'x'.repeat(1024 * 1024 + 10) });
    const declared = await call('search.query', big);
    expect(declared.status).toBe(413);
    // The same without a Content-Length (chunked): the limit holds while reading.
    const chunked = await call('search.query', big, { 'Transfer-Encoding': 'chunked' });
    expect(chunked.status).toBe(413);
    // A body just under the limit is read and judged by the schema instead.
    const under = await call('search.query', JSON.stringify({ q: 'x'.repeat(20_000) }));
    expect(JSON.parse(under.body)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('pushes core events to connected clients as server-sent events', async () => {
    const url = new URL(host.origin);
    const received = new Promise<string>((resolve, reject) => {
      const req = http.get({ host: url.hostname, port: url.port, path: '/api/events', headers: key, agent: false }, (res) => {
        expect(res.headers['content-type']).toBe('text/event-stream');
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes(': connected')) core.events.emit('sync.progress', { phase: 'test' } as never);
          const frame = /event: sync\.progress\ndata: (.*)\n\n/.exec(text);
          if (frame) {
            req.destroy();
            resolve(frame[1]);
          }
        });
      });
      req.on('error', reject);
    });
    expect(JSON.parse(await received)).toEqual({ phase: 'test' });
  });

  it('serves only files inside the renderer folder', async () => {
    expect((await request(host, { path: '/assets/app.js', headers: key })).headers['content-type']).toMatch(/javascript/);
    for (const attempt of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/%2e%2e%2f%2e%2e%2fsecret.txt', '/nope.js']) {
      const answer = await request(host, { path: attempt, headers: key });
      expect(answer.status, attempt).toBe(404);
      expect(answer.body).not.toContain('outside the renderer folder');
    }
    expect((await request(host, { method: 'DELETE', path: '/index.html', headers: key })).status).toBe(405);
  });
});

describe('browser host binding', () => {
  it('listens on another interface only when told, and then accepts that address as Host', async () => {
    const core = createCore({ host: 'browser', version: '0', dataDir: '/tmp', settings: createMemorySettingsStore() });
    const host = await startBrowserHost({ core, rendererDir: '/nonexistent', host: '0.0.0.0' });
    try {
      expect(host.address).toBe('0.0.0.0');
      const port = Number(new URL(host.origin).port);
      const allowed = allowedHostHeaders('0.0.0.0', port);
      expect(allowed.has(`127.0.0.1:${port}`)).toBe(true);
      expect(allowed.has(`evil.example:${port}`)).toBe(false);
    } finally {
      await host.close();
      await core.close();
    }
  });
});
