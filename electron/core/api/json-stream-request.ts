// Opens a list or inventory response as a byte stream, never buffering it whole (design.md section 3).
// Conditional: sends If-None-Match and reports 304. Retries network errors, 429 and 5xx before the
// body starts (lists and inventory queries are read-only, so every call is idempotent). A body that
// stalls longer than the timeout is destroyed with a `timeout` AisleError. Failures are AisleErrors
// with the closed codes.
import { Transform, type Readable } from 'node:stream';
import axios, { type AxiosResponse } from 'axios';
import { AisleError } from '../../contract/errors.ts';
import type { WholeStockWhy } from '../../contract/types.ts';
import { networkError, serverMessage, statusError } from './http-errors.ts';
import { type OnRequest, requestReport, requestUrl, startedNow } from './request-report.ts';
import { DEFAULT_RETRY, type RetryPolicy, withRetry } from './retry.ts';

export { networkError, statusError } from './http-errors.ts';

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
  /** Retries before the body starts; defaults to DEFAULT_RETRY. */
  retry?: RetryPolicy;
  /** Ask for a gzip body (default true). Sync turns it off for a server on this machine, where compressing only burns CPU on both ends. */
  gzip?: boolean;
  /** Told of every attempt when its headers came, or it failed (diagnostics). */
  onRequest?: OnRequest;
  /** Why it is asked (diagnostics: a stock read whole). */
  why?: WholeStockWhy | null;
}

export type StreamResponse =
  | { status: 304; etag: string | null; serverDate: string | null }
  | { status: 200; etag: string | null; body: Readable; contentLength: number | null; serverDate: string | null };

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

async function attempt(request: StreamRequest): Promise<StreamResponse> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_STREAM_TIMEOUT_MS;
  const headers: Record<string, string> = {
    Authorization: `Bearer ${request.accessToken}`,
    Accept: 'application/json',
    'Accept-Encoding': request.gzip === false ? 'identity' : 'gzip',
  };
  if (request.etag) headers['If-None-Match'] = request.etag;
  let response: AxiosResponse<Readable>;
  try {
    response = await axios.request<Readable>({
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
  const etag = (response.headers.etag as string | undefined) ?? null;
  const serverDate = (response.headers.date as string | undefined) ?? null;
  if (response.status === 304) {
    response.data.resume();
    return { status: 304, etag, serverDate };
  }
  if (response.status !== 200) {
    const message = await readSmall(response.data);
    throw statusError(response.status, message, response.headers['retry-after'] as string | undefined);
  }
  const type = String(response.headers['content-type'] ?? '');
  if (!type.includes('json')) {
    response.data.destroy();
    throw new AisleError('bad_response', `The server answered ${type || 'no content type'} where JSON was expected.`, { status: 200 });
  }
  const length = Number(response.headers['content-length']);
  return {
    status: 200,
    etag,
    body: watchBody(response.data, timeoutMs, request.signal),
    contentLength: Number.isFinite(length) && response.headers['content-length'] !== undefined ? length : null,
    serverDate,
  };
}

/** Passes the body through, failing it with typed errors when it stalls, breaks or is cancelled. */
function watchBody(source: Readable, idleMs: number, signal?: AbortSignal): Readable {
  let timer: NodeJS.Timeout | undefined;
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
      callback();
    },
  });
  out.on('close', () => {
    clearTimeout(timer);
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
