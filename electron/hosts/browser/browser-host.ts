// The browser host: the same core as Electron, served to a real browser over HTTP on loopback.
// The page is the built renderer; the contract travels as POST /api/call/<method> (or, quicker,
// over the WebSocket /api/socket, see call-socket.ts) and events as server-sent events on /api/events.
// The per-launch key is in the URL printed (`/?k=<key>`); the page reads it from its own address and
// sends it with every call as the `X-Aisle-Key` header (the socket and the event stream, which
// cannot carry headers, in their URL). It is never a cookie: cookies ignore ports, so any other
// listener on 127.0.0.1 would receive it. Every request also needs a Host header naming this server
// and no foreign Origin; a call (which can change state) needs this page's own Origin.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { dispatch } from '../../contract/dispatch.ts';
import { EVENT_NAMES } from '../../contract/events.ts';
import type { Result } from '../../contract/errors.ts';
import type { Core, Logger } from '../../core/index.ts';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy.ts';
import { createCallSocket, SOCKET_PATH } from './call-socket.ts';
import { createCsvDownloads, DOWNLOAD_PATH } from './csv-downloads.ts';
import { answerText } from '../sendable.ts';

/** The header that carries the key on a call. */
export const KEY_HEADER = 'x-aisle-key';
const MAX_BODY_BYTES = 1024 * 1024;
/** Events written to a page's stream but not yet taken by it, past which the stream is closed. */
export const MAX_EVENT_BACKLOG_BYTES = 1024 * 1024;

export interface BrowserHostOptions {
  core: Core;
  /** Folder of the built renderer (index.html and assets). */
  rendererDir: string;
  /** Interface to listen on: loopback unless the user explicitly asked for another (`--host`). */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Fixed secret for tests; a random one otherwise. */
  secret?: string;
  /** Where unexpected failures are reported (never with arguments). */
  log?: Logger;
}

export interface BrowserHost {
  /** The URL to open: it carries the key, which the page then sends with each call. */
  readonly url: string;
  readonly origin: string;
  readonly secret: string;
  /** The address the server is bound to (127.0.0.1 unless told otherwise). */
  readonly address: string;
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
  const downloads = createCsvDownloads(options.core);
  let allowedHosts = new Set<string>();

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'internal', message: 'Request failed.' } });
      else res.destroy();
    });
  });

  /** One contract call, over HTTP or the socket: `export.csv` answers with a download link here. */
  function callCore(method: string, args: unknown): Promise<Result<unknown>> {
    if (method === 'export.csv') return downloads.offer(args);
    return dispatch(options.core.handlers, method, args, {
      onInternalError: (name, error) => options.log?.error('Unexpected failure', { method: name, error: error instanceof Error ? error.message : String(error) }),
    });
  }

  const callSocket = createCallSocket({
    call: callCore,
    maxPayload: MAX_BODY_BYTES,
    onSendFailure: (error) => options.log?.error('An answer could not be sent over the socket', { error: error instanceof Error ? error.message : String(error) }),
    // Stricter than a request: the Origin must be there (browsers always send it on a handshake).
    allowed: (req) =>
      allowedHosts.has(req.headers.host ?? '') &&
      req.headers.origin !== undefined &&
      allowedHosts.has(originHost(req.headers.origin)) &&
      secretMatches(keyOf(req, new URL(req.url ?? '/', 'http://placeholder'))),
  });
  server.on('upgrade', (req, socket, head) => callSocket.handleUpgrade(req, socket, head));

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    if (!allowedHosts.has(req.headers.host ?? '')) return sendText(res, 421, 'Unknown host.');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts.has(originHost(origin))) return sendText(res, 403, 'Foreign origin.');

    const url = new URL(req.url ?? '/', 'http://placeholder');
    const isCall = url.pathname.startsWith('/api/call/');
    // The page's own scripts send their Origin on every POST; a call without one is not from it.
    if (isCall && req.method === 'POST' && origin === undefined) return sendText(res, 403, 'A call needs the Origin of this page.');
    // The page itself (its address carries the key) and what it calls. The built scripts and styles
    // hold nothing secret; a download's one-time token stands for the key.
    const guarded = isCall || url.pathname === '/api/events' || url.pathname === '/' || url.pathname === '/index.html';
    if (guarded && !secretMatches(keyOf(req, url))) {
      return sendText(res, 401, 'This page needs the link with its key. Open the URL that `npm start` printed.');
    }

    if (isCall) return handleCall(req, res, safeDecode(url.pathname.slice('/api/call/'.length)));
    if (url.pathname === '/api/events') return handleEvents(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed.');
    if (url.pathname.startsWith(DOWNLOAD_PATH)) return downloads.serve(res, url.pathname.slice(DOWNLOAD_PATH.length));
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
    const declared = Number(req.headers['content-length'] ?? 0);
    const text = declared > MAX_BODY_BYTES ? null : await readBody(req);
    if (text === null) return refuseTooLarge(req, res);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, { ok: false, error: { code: 'invalid_argument', message: 'Body is not valid JSON.' } });
    }
    sendJsonText(res, 200, answerText(method, await callCore(method, body)));
  }

  function handleEvents(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    sseClients.add(res);
    req.on('close', () => sseClients.delete(res));
  }

  const unsubscribes = EVENT_NAMES.map((name) =>
    options.core.events.on(name, (payload) => {
      let data: string;
      try {
        data = JSON.stringify(payload);
      } catch (error) {
        options.log?.error('An event could not be sent to the page', { event: name, error: error instanceof Error ? error.message : String(error) });
        return;
      }
      const frame = `event: ${name}\ndata: ${data}\n\n`;
      for (const client of sseClients) {
        // A page that stopped reading (a frozen tab, a stalled connection) would otherwise keep every
        // later event in this process's memory: past the bound it is dropped, and its EventSource
        // reconnects once it reads again.
        if (client.writableLength > MAX_EVENT_BACKLOG_BYTES) {
          sseClients.delete(client);
          client.destroy();
          options.log?.warn('A page stopped reading its events; its stream was closed', { backlogBytes: client.writableLength });
          continue;
        }
        client.write(frame);
      }
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
    if (!info?.isFile()) {
      // Browsers ask for a favicon on their own; the renderer may not ship one.
      if (pathname === '/favicon.ico') return void res.writeHead(204).end();
      return sendText(res, 404, 'Not found.');
    }
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
  const { port, address } = server.address() as AddressInfo;
  allowedHosts = allowedHostHeaders(bindHost, port);
  const shownHost = isWildcard(bindHost) ? '127.0.0.1' : hostForUrl(bindHost);
  const origin = `http://${shownHost}:${port}`;

  return {
    url: `${origin}/?k=${secret}`,
    origin,
    secret,
    address,
    async close() {
      for (const unsubscribe of unsubscribes) unsubscribe();
      callSocket.close();
      for (const client of sseClients) client.end();
      sseClients.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A method name from the path; a malformed escape gives a name no method has. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The Host (and Origin) values this server answers to: its loopback names, plus the address it was
 * told to bind, plus every local address when bound to all interfaces. Anything else is refused,
 * which stops DNS-rebinding pages.
 */
export function allowedHostHeaders(bindHost: string, port: number): Set<string> {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', hostForUrl(bindHost)]);
  if (isWildcard(bindHost)) {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) names.add(hostForUrl(address.address.split('%')[0]));
    }
  }
  return new Set([...names].map((name) => `${name}:${port}`));
}

function originHost(origin: string): string {
  try {
    const parsed = new URL(origin);
    return parsed.protocol === 'http:' ? parsed.host : '';
  } catch {
    return '';
  }
}

/** Where the key may come in the URL: the page's address, and what a browser cannot give a header (the event stream, the socket's handshake). */
const KEY_IN_URL = new Set(['/', '/index.html', '/api/events', SOCKET_PATH]);

/** The key a request carries: the header (a call), else in the URL where that is allowed. */
function keyOf(req: http.IncomingMessage, url: URL): string | null {
  const header = req.headers[KEY_HEADER];
  if (typeof header === 'string') return header;
  return KEY_IN_URL.has(url.pathname) ? url.searchParams.get('k') : null;
}

/** Reads the body as text; resolves to null (and stops collecting) once it passes MAX_BODY_BYTES. */
function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Answers 413 and closes the connection. The rest of the body is drained (up to a bound) so that
 * the client, still sending, reads the answer instead of a reset.
 */
function refuseTooLarge(req: http.IncomingMessage, res: http.ServerResponse): void {
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > 16 * MAX_BODY_BYTES) req.socket.destroy();
  });
  req.resume();
  res.setHeader('Connection', 'close');
  sendJson(res, 413, { ok: false, error: { code: 'invalid_argument', message: `Request too large (over ${MAX_BODY_BYTES} bytes).` } });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, JSON.stringify(body));
}

function sendJsonText(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function sendText(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
