// The relay's HTTP side, on Node's own http module: five GET routes that stream, with no body to
// parse, need no framework, and every answer is one of the core's relay answers. nginx stands in
// front (build/relay/nginx.conf): it asks /relay/v1/auth before each data request and keeps the
// immutable answers for every seat of the site.
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { AisleError } from '../../contract/errors.ts';
import { changesBetween, seatCatalog, visibleDataset, wholeAt, type ImmutableBody, type SeatChecker, type SeatScope } from '../../core/entrances/relay.ts';

export const RELAY_PREFIX = '/relay/v1';

export interface RelayHttpCounts {
  catalog: number;
  changes: number;
  whole: number;
  auth: number;
}

export interface RelayHttp {
  url: string;
  counts: RelayHttpCounts;
  close(): Promise<void>;
}

export interface RelayHttpOptions {
  pool: pg.Pool;
  seats: SeatChecker;
  host: string;
  port: number;
  version: string;
  /** The warehouse server the relay reads: a seat whose settings allow it syncs from it directly when the relay does not answer. */
  server: string;
}

type Route = { kind: 'changes'; license: string; key: string; from: number; to: number } | { kind: 'whole'; license: string; key: string; at: number };

/** A data route's parts, or null when the path is not one. */
export function dataRoute(pathname: string): Route | null {
  const parts = pathname.slice(RELAY_PREFIX.length + 1).split('/');
  const decode = (s: string | undefined) => (s === undefined ? null : decodeURIComponent(s));
  const n = (s: string | undefined) => (s !== undefined && /^\d{1,15}$/.test(s) ? Number(s) : NaN);
  const license = decode(parts[1]);
  const key = decode(parts[2]);
  if (!license || !key) return null;
  if (parts[0] === 'changes' && parts.length === 5) return { kind: 'changes', license, key, from: n(parts[3]), to: n(parts[4]) };
  if (parts[0] === 'whole' && parts.length === 4) return { kind: 'whole', license, key, at: n(parts[3]) };
  return null;
}

function statusOf(error: unknown): number {
  if (!(error instanceof AisleError)) return 500;
  switch (error.code) {
    case 'invalid_argument':
      return 400;
    case 'unauthorized':
    case 'session_expired':
      return 401;
    case 'forbidden':
      return 403;
    case 'not_found':
      return error.status === 409 || error.status === 410 ? error.status : 404;
    case 'offline':
    case 'timeout':
    case 'server_error':
    case 'rate_limited':
    case 'bad_response':
      return 502;
    default:
      return 500;
  }
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function bearer(req: http.IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AisleError('unauthorized', 'A relay request carries the seat\'s own token as "Authorization: Bearer <token>" (the one the warehouse server gave at sign-in).');
  return match[1];
}

async function sendImmutable(req: http.IncomingMessage, res: http.ServerResponse, answer: ImmutableBody): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable', ETag: answer.etag, Vary: 'Accept-Encoding' };
  if (req.headers['if-none-match'] === answer.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const gzipOk = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const source = Readable.from(answer.body);
  if (gzipOk) headers['Content-Encoding'] = 'gzip';
  res.writeHead(200, headers);
  if (answer.encoding === 'gzip') await (gzipOk ? pipeline(source, res) : pipeline(source, createGunzip(), res));
  else await (gzipOk ? pipeline(source, createGzip(), res) : pipeline(source, res));
}

export function startRelayHttp(options: RelayHttpOptions): Promise<RelayHttp> {
  const counts: RelayHttpCounts = { catalog: 0, changes: 0, whole: 0, auth: 0 };
  const seat = (req: http.IncomingMessage): Promise<SeatScope> => options.seats.check(bearer(req));

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://relay');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'method_not_allowed', message: 'The relay answers GET only.' }, { Allow: 'GET, HEAD' });
    const pathname = url.pathname;
    if (pathname === `${RELAY_PREFIX}/info`) return send(res, 200, { relay: 'aisle', api: 1, version: options.version, server: options.server });
    if (pathname === `${RELAY_PREFIX}/catalog`) {
      counts.catalog++;
      const s = await seat(req);
      return send(res, 200, { email: s.email, license: s.licenseId, datasets: await seatCatalog(options.pool, s) });
    }
    if (pathname === `${RELAY_PREFIX}/auth`) {
      // nginx's auth_request: the data route it is about comes in X-Original-URI
      counts.auth++;
      const s = await seat(req);
      const original = new URL(String(req.headers['x-original-uri'] ?? ''), 'http://relay').pathname;
      const route = dataRoute(original);
      if (route) await visibleDataset(options.pool, s, route.license, route.key);
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    const route = dataRoute(pathname);
    if (!route) return send(res, 404, { error: 'not_found', message: `The relay has no ${pathname}.` });
    const s = await seat(req);
    const head = await visibleDataset(options.pool, s, route.license, route.key);
    if (route.kind === 'changes') {
      counts.changes++;
      return sendImmutable(req, res, await changesBetween(options.pool, head, route.license, route.from, route.to));
    }
    counts.whole++;
    return sendImmutable(req, res, wholeAt(options.pool, head, route.license, route.at));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy(error as Error);
        return;
      }
      const status = statusOf(error);
      send(res, status, { error: error instanceof AisleError ? error.code : 'internal', message: error instanceof AisleError ? error.message : 'The relay failed to answer; its log says why.' });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://${options.host}:${address.port}`,
        counts,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
