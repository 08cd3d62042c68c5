// Opens a list or inventory response as a byte stream, never buffering it whole (design.md section 3).
// Conditional: sends If-None-Match and reports 304. Retries network errors, 429 and 5xx before the
// body starts (lists and inventory queries are read-only, so every call is idempotent). A body that
// stalls longer than the timeout, or is not all there by its deadline, is destroyed with a `timeout`
// AisleError. Failures are AisleErrors with the closed codes, their message naming the request, the
// status and the server's own words. Any JSON media type (`application/json; charset=UTF-8`,
// `text/json`, `application/hal+json`...) or none is read; gzip, deflate and br bodies are
// decompressed; a 204 is an empty body (an empty list, to the reader).
import { Readable, Transform } from 'node:stream';
import axios, { type AxiosResponse } from 'axios';
import { AisleError } from '../../contract/errors.ts';
import type { WholeStockWhy } from '../../contract/types.ts';
import { networkError, serverMessage, statusError } from './http-errors.ts';
import { transportFor } from './network.ts';
import { type OnRequest, requestReport, requestUrl, startedNow } from './request-report.ts';
import { DEFAULT_RETRY, type RetryPolicy, withRetry } from './retry.ts';

export interface StreamRequest {
  baseUrl: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  accessToken: string;
  etag?: string | null;
  signal?: AbortSignal;
  /** Time allowed until the response headers arrive, and between body chunks. */
  timeoutMs?: number;
  /** Time allowed for the whole answer, from the request to its body's last byte (none by default). */
  deadlineMs?: number;
  /** Retries before the body starts; defaults to DEFAULT_RETRY. */
  retry?: RetryPolicy;
  /** Ask for a compressed body (gzip, deflate or br; default true). Sync turns it off for a server on this machine, where compressing only burns CPU on both ends. */
  gzip?: boolean;
  /** Told of every attempt when its headers came, or it failed (diagnostics). */
  onRequest?: OnRequest;
  /** Why it is asked (diagnostics: a stock read whole). */
  why?: WholeStockWhy | null;
}

export type StreamResponse =
  | { status: 304; etag: string | null; serverDate: string | null }
  | { status: 200; etag: string | null; body: Readable; contentLength: number | null; serverDate: string | null; link: string | null; total?: number | null };

/** Time allowed until the headers, and between body chunks, unless the request says otherwise. */
export const DEFAULT_STREAM_TIMEOUT_MS = 30_000;

export function openJsonStream(request: StreamRequest): Promise<StreamResponse> {
  return withRetry(() => openOnce(request), { idempotent: true, policy: request.retry ?? DEFAULT_RETRY, signal: request.signal });
}

async function openOnce(request: StreamRequest): Promise<StreamResponse> {
  if (!request.onRequest) return attempt(request);
  const started = startedNow();
  const sent = { method: request.method ?? 'GET', url: requestUrl(request.baseUrl, request.path), body: request.body === undefined ? null : JSON.stringify(request.body), why: request.why };
  try {
    const response = await attempt(request);
    request.onRequest(requestReport(started, sent, { status: response.status, date: response.serverDate }));
    return response;
  } catch (error) {
    request.onRequest(requestReport(started, sent, { status: error instanceof AisleError ? (error.status ?? null) : null, error }));
    throw error;
  }
}

/** `application/json`, `text/json`, `application/<anything>+json`, with any parameters. */
const JSON_TYPE = /^\s*(application|text)\/([\w.+-]*\+)?json\s*(;|$)/i;

/** The charset a content type names; null when it names none. */
function charsetOf(type: string): string | null {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1].toLowerCase() ?? null;
}

/** Redirects of one read followed at most (a trailing slash, a moved path): more is a loop. */
export const MAX_REDIRECTS = 5;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * One attempt, following redirects on the same server (scheme, host and port) up to MAX_REDIRECTS:
 * the request goes again as it was (method, body, token) to the new place. A redirect to another
 * server is refused in words: the session's token never goes there.
 */
async function attempt(request: StreamRequest): Promise<StreamResponse> {
  const origin = new URL(request.baseUrl).origin;
  let path = request.path;
  for (let hops = 0; ; hops++) {
    const answer = await attemptOnce({ ...request, path });
    if (!('location' in answer)) return answer;
    const call = `${request.method ?? 'GET'} ${request.path}`;
    let to: URL;
    try {
      to = new URL(answer.location, new URL(path, `${request.baseUrl.replace(/\/+$/, '')}/`));
    } catch {
      throw new AisleError('bad_response', `${call} answered ${answer.status} with a Location that is no URL.`, { status: answer.status });
    }
    if (to.origin !== origin) {
      throw new AisleError('bad_response', `${call} answered ${answer.status}, redirecting to another server (${to.origin}): Aisle does not follow it, so the session never goes there. If that is the warehouse server, sign in to it by its own address.`, { status: answer.status });
    }
    if (hops + 1 > MAX_REDIRECTS) throw new AisleError('bad_response', `${call} was redirected more than ${MAX_REDIRECTS} times (last to ${to.pathname}): a redirect loop on the server.`, { status: answer.status });
    path = to.href;
  }
}

async function attemptOnce(request: StreamRequest): Promise<StreamResponse | { status: number; location: string }> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_STREAM_TIMEOUT_MS;
  const startedAt = Date.now();
  const call = `${request.method ?? 'GET'} ${request.path}`;
  const headers: Record<string, string> = {
    Authorization: `Bearer ${request.accessToken}`,
    Accept: 'application/json',
    'Accept-Encoding': request.gzip === false ? 'identity' : 'gzip, deflate, br',
  };
  if (request.etag) headers['If-None-Match'] = request.etag;
  let response: AxiosResponse<Readable>;
  try {
    response = await axios.request<Readable>({
      ...(await transportFor(request.baseUrl)),
      baseURL: request.baseUrl,
      url: request.path,
      method: request.method ?? 'GET',
      data: request.body,
      headers,
      responseType: 'stream',
      decompress: true,
      timeout: timeoutMs,
      signal: request.signal,
      validateStatus: () => true,
      maxRedirects: 0,
    });
  } catch (error) {
    throw networkError(error);
  }
  const location = response.headers.location as string | undefined;
  if (REDIRECTS.has(response.status) && location) {
    response.data.resume();
    return { status: response.status, location };
  }
  const etag = (response.headers.etag as string | undefined) ?? null;
  const serverDate = (response.headers.date as string | undefined) ?? null;
  if (response.status === 304) {
    response.data.resume();
    // "not modified" says something only of a version Aisle named: without one it proves nothing
    if (!request.etag) throw new AisleError('bad_response', `${call} answered 304 Not Modified to a request that named no version (no If-None-Match): Aisle cannot tell what the server means is unchanged.`, { status: 304 });
    return { status: 304, etag, serverDate };
  }
  const link = (response.headers.link as string | undefined) ?? null;
  const total = headerTotal(response.headers['x-total-count'] as string | undefined, response.headers['content-range'] as string | undefined);
  if (response.status === 204) {
    response.data.resume();
    return { status: 200, etag, body: Readable.from([]), contentLength: 0, serverDate, link, total };
  }
  // 206: a page of a list that says which part it is (`Content-Range: items 0-99/1234`), read as any page
  if (response.status !== 200 && response.status !== 206) {
    const message = await readSmall(response.data);
    const error = statusError(response.status, message, response.headers['retry-after'] as string | undefined);
    // the same code (retries and callers go by it), in words that say which call got which answer
    throw new AisleError(error.code, `${call} answered ${response.status}${message ? `: ${message}` : ''}`, { status: error.status, retryAfterSeconds: error.retryAfterSeconds, cause: error });
  }
  const type = String(response.headers['content-type'] ?? '');
  const charset = charsetOf(type);
  if ((type !== '' && !JSON_TYPE.test(type)) || (charset !== null && charset !== 'utf-8' && charset !== 'utf8')) {
    response.data.destroy();
    throw new AisleError('bad_response', `${call} answered ${type} where JSON in UTF-8 was expected.`, { status: 200 });
  }
  const length = Number(response.headers['content-length']);
  const deadline = request.deadlineMs === undefined ? null : { at: startedAt + request.deadlineMs, ms: request.deadlineMs };
  return {
    status: 200,
    etag,
    body: watchBody(response.data, timeoutMs, request.signal, deadline),
    contentLength: Number.isFinite(length) && response.headers['content-length'] !== undefined ? length : null,
    serverDate,
    link,
    total,
  };
}

/** The list's total as headers give it: `X-Total-Count: 1234`, or `Content-Range: items 0-99/1234`; null when neither does. */
export function headerTotal(xTotalCount: string | undefined, contentRange: string | undefined): number | null {
  if (xTotalCount !== undefined && /^\s*\d{1,15}\s*$/.test(xTotalCount)) return Number(xTotalCount);
  const match = contentRange ? /\/\s*(\d{1,15})\s*$/.exec(contentRange) : null;
  return match ? Number(match[1]) : null;
}

/** Passes the body through, failing it with typed errors when it stalls, breaks, is cancelled or misses its deadline. */
function watchBody(source: Readable, idleMs: number, signal?: AbortSignal, deadline: { at: number; ms: number } | null = null): Readable {
  let timer: NodeJS.Timeout | undefined;
  // a body trickling a byte at a time never stalls: only a deadline for the whole ends it
  const deadlineTimer = deadline
    ? setTimeout(() => fail(new AisleError('timeout', `The server did not send the whole answer within ${deadline.ms < 10_000 ? `${Math.round(deadline.ms)} ms` : `${Math.round(deadline.ms / 1000)} s`}.`)), Math.max(0, deadline.at - Date.now()))
    : undefined;
  deadlineTimer?.unref?.();
  const fail = (error: AisleError) => {
    source.destroy();
    out.destroy(error);
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(new AisleError('timeout', 'The server stopped sending in the middle of an answer.')), idleMs);
    timer.unref?.();
  };
  const onAbort = () => fail(new AisleError('timeout', 'The request was cancelled.'));
  const out = new Transform({
    transform(chunk, _encoding, callback) {
      arm();
      callback(null, chunk);
    },
    flush(callback) {
      clearTimeout(timer);
      clearTimeout(deadlineTimer);
      callback();
    },
  });
  out.on('close', () => {
    clearTimeout(timer);
    clearTimeout(deadlineTimer);
    signal?.removeEventListener('abort', onAbort);
    if (!source.destroyed) source.destroy();
  });
  source.on('error', (error) => {
    if (!out.destroyed) out.destroy(networkError(error));
  });
  // The caller may not read yet (a sync round queues bodies behind its write lock): a body that
  // breaks meanwhile must not throw an unhandled 'error' (it crashed the sync worker). Reading it
  // later still fails with this error.
  out.on('error', () => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  arm();
  source.pipe(out);
  return out;
}

async function readSmall(stream: Readable, limit = 8192): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= limit) {
        stream.destroy();
        break;
      }
    }
  } catch {
    // a broken error body is still an error of its status
  }
  return serverMessage(Buffer.concat(chunks).toString('utf8').slice(0, limit));
}
