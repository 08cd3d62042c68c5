// Responses: strong ETags with If-None-Match -> 304, gzip when asked, and JSON arrays streamed with
// backpressure so a million records never sit in memory as one body.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants, createGzip, gzipSync } from 'node:zlib';

const CHUNK = 64 * 1024;
const GZIP_SUFFIX = '-gzip';

/** A strong ETag from what determines the content (never from the body bytes). */
export function etagOf(parts: unknown[]): string {
  return `"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32)}"`;
}

export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (!header) return false;
  return String(header)
    .split(',')
    .some((part) => {
      const [coding, ...params] = part.trim().toLowerCase().split(';');
      if (coding !== 'gzip' && coding !== '*') return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return !q || Number(q.slice(2)) > 0;
    });
}

/** The tag as sent for this representation: gzip bodies get their own strong tag. */
function representationTag(etag: string, gzip: boolean): string {
  return gzip ? `${etag.slice(0, -1)}${GZIP_SUFFIX}"` : etag;
}

export function matchesIfNoneMatch(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '').replace(`${GZIP_SUFFIX}"`, '"');
    return tag === etag;
  });
}

function commonHeaders(etag: string | undefined, gzip: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding' };
  if (etag) headers.ETag = representationTag(etag, gzip);
  if (gzip) headers['Content-Encoding'] = 'gzip';
  return headers;
}

function sendNotModified(res: ServerResponse, etag: string, gzip: boolean): void {
  res.writeHead(304, { ETag: representationTag(etag, gzip), 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding' });
  res.end();
}

export interface JsonOptions {
  status?: number;
  etag?: string;
  headers?: Record<string, string>;
}

/** A small JSON value, whole. */
export function sendJson(req: IncomingMessage, res: ServerResponse, value: unknown, options: JsonOptions = {}): void {
  const gzip = acceptsGzip(req);
  if (options.etag && matchesIfNoneMatch(req, options.etag)) return sendNotModified(res, options.etag, gzip);
  const text = Buffer.from(JSON.stringify(value), 'utf8');
  const body = gzip ? gzipSync(text) : text;
  res.writeHead(options.status ?? 200, { ...commonHeaders(options.etag, gzip), 'Content-Length': String(body.length), ...options.headers });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** How a server profile wraps the array: an envelope around it, and each record reshaped. */
export interface ArrayWrapping {
  /** Text before the first record, e.g. `{"data":[` (default `[`). */
  open: string;
  /** Text after the last record, e.g. `]}` (default `]`). */
  close: string;
  map: ((record: unknown) => unknown) | null;
}

/**
 * A JSON array written record by record, waiting whenever the socket is full. `source` may be a
 * function: it is called only for a 200, so a 304 never pays for building the answer.
 */
export async function streamJsonArray(
  req: IncomingMessage,
  res: ServerResponse,
  source: Iterable<unknown> | (() => Iterable<unknown>),
  etag: string,
  wrapping?: ArrayWrapping,
): Promise<void> {
  const gzip = acceptsGzip(req);
  if (matchesIfNoneMatch(req, etag)) return sendNotModified(res, etag, gzip);
  const records = typeof source === 'function' ? source() : source;
  res.writeHead(200, commonHeaders(etag, gzip));
  let closed = false;
  res.once('close', () => {
    closed = true;
  });
  const zip = gzip ? createGzip({ level: constants.Z_BEST_SPEED }) : null;
  if (zip) {
    zip.on('error', () => res.destroy());
    zip.pipe(res);
    res.once('close', () => zip.destroy());
  }
  const target = zip ?? res;
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        target.off('drain', done);
        res.off('close', done);
        resolve();
      };
      target.once('drain', done);
      res.once('close', done);
    });
  let buffer = wrapping?.open ?? '[';
  const map = wrapping?.map ?? null;
  let first = true;
  for (const record of records) {
    if (closed) return;
    const text = JSON.stringify(map ? map(record) : record);
    buffer += first ? text : ',' + text;
    first = false;
    if (buffer.length >= CHUNK) {
      const more = target.write(buffer);
      buffer = '';
      if (!more) await drained();
    }
  }
  if (closed) return;
  target.end(buffer + (wrapping?.close ?? ']'));
}
