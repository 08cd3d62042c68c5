// The request pipeline: rate limit, route, handler; every failure becomes the JSON error body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { HttpError, notFound, sendError } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { ErrorShape } from '../profile/server-profile.ts';
import type { Route } from './router.ts';
import { createRouter } from './router.ts';

export interface PipelineOptions {
  routes: Route[];
  limiter: RateLimiter;
  /** Unexpected failures (bugs) are reported here, never to the client. */
  onUnexpected(error: unknown): void;
  /** The error body's shape (a server profile's choice); the demo's own by default. */
  errorShape?: ErrorShape;
}

function parseUrl(raw: string): URL {
  try {
    return raw.startsWith('/') ? new URL(`http://demo.invalid${raw}`) : new URL(raw);
  } catch {
    throw new HttpError(400, 'The request target is not a valid URL.');
  }
}

export function createPipeline(options: PipelineOptions) {
  const route = createRouter(options.routes);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let path = '/';
    try {
      const url = parseUrl(req.url ?? '/');
      path = url.pathname;
      const wait = options.limiter.take(req.socket.remoteAddress ?? 'unknown');
      if (wait > 0) throw new HttpError(429, `Too many requests; try again in ${wait} s.`, { headers: { 'Retry-After': String(wait) } });
      const match = route(req.method ?? 'GET', url.pathname);
      if (match.kind === 'none') throw notFound(`There is no operation at ${path}.`);
      if (match.kind === 'wrong-method') {
        throw new HttpError(405, `${req.method} is not allowed on ${path}; allowed: ${match.allowed.join(', ')}.`, { headers: { Allow: match.allowed.join(', ') } });
      }
      await match.route.handle({ req, res, url, params: match.params });
    } catch (error) {
      if (!(error instanceof HttpError)) options.onUnexpected(error);
      sendError(res, path, error instanceof HttpError ? error : new HttpError(500, 'The demo server failed unexpectedly.'), options.errorShape);
    }
  };
}

/** Malformed HTTP (bad request line, oversized headers): answer with the JSON error body too. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || (error as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ status, error: STATUS_CODES[status], message: 'The request is not valid HTTP.', path: '', timestamp: new Date().toISOString() });
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
