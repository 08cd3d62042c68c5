// The browser host: the same core as Electron, served to a real browser over HTTP on loopback.
// The page is the built renderer; the contract travels as POST /api/call/<method> and events as
// server-sent events on /api/events. Every request needs the per-launch secret (given once in the
// URL, then kept in an HttpOnly cookie), a Host header naming this server, and no foreign Origin.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { dispatch } from '../../contract/dispatch.ts';
import { EVENT_NAMES } from '../../contract/events.ts';
import type { Core } from '../../core/core.ts';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy.ts';

export const SECRET_COOKIE = 'aisle_k';
const MAX_BODY_BYTES = 1024 * 1024;

export interface BrowserHostOptions {
  core: Core;
  /** Folder of the built renderer (index.html and assets). */
  rendererDir: string;
  host?: string;
  port?: number;
  /** Fixed secret for tests; a random one otherwise. */
  secret?: string;
}

export interface BrowserHost {
  /** The URL to open: it carries the secret once, the server then sets the cookie. */
  readonly url: string;
  readonly origin: string;
  readonly secret: string;
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const bindHost = options.host ?? '127.0.0.1';
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  const secretBuffer = Buffer.from(secret);
  const sseClients = new Set<http.ServerResponse>();
  let allowedHosts = new Set<string>();

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: 'Request failed.' } });
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    if (!allowedHosts.has(req.headers.host ?? '')) return sendText(res, 421, 'Unknown host.');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts.has(originHost(origin))) return sendText(res, 403, 'Foreign origin.');

    const url = new URL(req.url ?? '/', 'http://placeholder');
    const given = url.searchParams.get('k');
    if (given !== null && req.method === 'GET' && url.pathname === '/') {
      if (!secretMatches(given)) return sendText(res, 401, 'Wrong or stale link. Open the URL that `npm start` printed.');
      res.setHeader('Set-Cookie', `${SECRET_COOKIE}=${secret}; HttpOnly; SameSite=Strict; Path=/`);
      res.writeHead(303, { Location: '/' });
      res.end();
      return;
    }
    if (!secretMatches(readCookie(req.headers.cookie, SECRET_COOKIE))) {
      return sendText(res, 401, 'This page needs the link with its key. Open the URL that `npm start` printed.');
    }

    if (url.pathname.startsWith('/api/call/')) return handleCall(req, res, decodeURIComponent(url.pathname.slice('/api/call/'.length)));
    if (url.pathname === '/api/events') return handleEvents(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed.');
    return serveStatic(res, url.pathname);
  }

  function secretMatches(value: string | null | undefined): boolean {
    if (!value) return false;
    const candidate = Buffer.from(value);
    return candidate.length === secretBuffer.length && timingSafeEqual(candidate, secretBuffer);
  }

  async function handleCall(req: http.IncomingMessage, res: http.ServerResponse, method: string): Promise<void> {
    if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: { code: 'invalid_argument', message: 'Use POST.' } });
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendJson(res, 415, { ok: false, error: { code: 'invalid_argument', message: 'Send application/json.' } });
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      const tooLarge = error instanceof Error && error.message === 'too large';
      return sendJson(res, tooLarge ? 413 : 400, { ok: false, error: { code: 'invalid_argument', message: tooLarge ? 'Request too large.' : 'Body is not valid JSON.' } });
    }
    const result = await dispatch(options.core.handlers, method, body);
    sendJson(res, 200, result);
  }

  function handleEvents(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    sseClients.add(res);
    req.on('close', () => sseClients.delete(res));
  }

  const unsubscribes = EVENT_NAMES.map((name) =>
    options.core.events.on(name, (payload) => {
      const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
      for (const client of sseClients) client.write(frame);
    }),
  );

  async function serveStatic(res: http.ServerResponse, pathname: string): Promise<void> {
    const root = path.resolve(options.rendererDir);
    let file = path.resolve(root, '.' + path.posix.normalize(pathname));
    if (!file.startsWith(root + path.sep) && file !== root) return sendText(res, 404, 'Not found.');
    let info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      file = path.join(file, 'index.html');
      info = await stat(file).catch(() => null);
    }
    if (!info?.isFile()) return sendText(res, 404, 'Not found.');
    const type = MIME[path.extname(file)] ?? 'application/octet-stream';
    const headers: http.OutgoingHttpHeaders = { 'Content-Type': type, 'Content-Length': info.size };
    if (type.startsWith('text/html')) {
      headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
      headers['X-Frame-Options'] = 'DENY';
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = bindHost === '0.0.0.0' || bindHost === '::' ? '127.0.0.1' : bindHost;
  allowedHosts = new Set([`${shownHost}:${port}`, `127.0.0.1:${port}`, `localhost:${port}`]);
  const origin = `http://${shownHost}:${port}`;

  return {
    url: `${origin}/?k=${secret}`,
    origin,
    secret,
    async close() {
      for (const unsubscribe of unsubscribes) unsubscribe();
      for (const client of sseClients) client.end();
      sseClients.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function originHost(origin: string): string {
  try {
    const parsed = new URL(origin);
    return parsed.protocol === 'http:' ? parsed.host : '';
  } catch {
    return '';
  }
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function sendText(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
