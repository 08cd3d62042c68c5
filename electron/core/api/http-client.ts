// Small JSON requests (the auth operations): an idle timeout and a total deadline on every request
// (a server that trickles a byte every few seconds never trips an idle timer), cancellation,
// retries, a size cap, and every failure as an AisleError. Bodies come back as text (gzip, deflate
// and br undone, a UTF-8 BOM dropped, whatever the JSON content type); callers validate them with
// zod, so a server that answers garbage gives `bad_response`, never a crash.
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { AisleError } from '../../contract/errors.ts';
import { networkError, serverMessage, statusError } from './http-errors.ts';
import { transportFor } from './network.ts';
import { type OnRequest, requestReport, requestUrl, startedNow } from './request-report.ts';
import { DEFAULT_RETRY, type RetryPolicy, withRetry } from './retry.ts';

export interface HttpOptions {
  baseUrl: string;
  /** Longest silence from the server within one request. */
  timeoutMs?: number;
  /** Longest one request may take from start to its last byte, however steadily the server trickles. */
  deadlineMs?: number;
  retry?: RetryPolicy;
  /** Largest body accepted from an auth operation. */
  maxBodyBytes?: number;
  /** Told of every attempt (diagnostics); never of a body: a sign-in's holds the password. */
  onRequest?: OnRequest;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Safe to repeat after it may have reached the server. */
  idempotent: boolean;
  signal?: AbortSignal;
  /** Overrides the client's retry count (0 for a probe that has its own backoff, such as ping). */
  retries?: number;
  /** The call in words ("the user profile"), for error messages. */
  what?: string;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface HttpClient {
  readonly baseUrl: string;
  /** Resolves on 2xx; any other status or failure throws AisleError. */
  request(request: HttpRequest): Promise<HttpResponse>;
}

export function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AisleError('invalid_argument', 'The server address is not a URL (expected http://… or https://…).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AisleError('invalid_argument', 'The server address must start with http:// or https://.');
  }
  if (url.username || url.password) throw new AisleError('invalid_argument', 'The server address must not carry credentials.');
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

/** Redirects of one request followed at most (a trailing slash, a moved path): more is a loop. */
export const MAX_REDIRECTS = 5;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Default total deadline of one auth request. */
export const DEFAULT_DEADLINE_MS = 30_000;

export function createHttpClient(options: HttpOptions): HttpClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const policy = options.retry ?? DEFAULT_RETRY;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const instance: AxiosInstance = axios.create({
    baseURL: baseUrl,
    timeout: options.timeoutMs ?? 15_000,
    maxRedirects: 0,
    validateStatus: () => true,
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
    maxContentLength: options.maxBodyBytes ?? 1024 * 1024,
    decompress: true,
  });

  async function once(request: HttpRequest): Promise<HttpResponse> {
    const started = startedNow();
    const sent = { method: request.method, url: requestUrl(baseUrl, request.path, request.query), body: null };
    try {
      const response = await attempt(request);
      options.onRequest?.(requestReport(started, sent, { status: response.status, date: response.headers.date }));
      return response;
    } catch (error) {
      const status = error instanceof AisleError ? (error.status ?? null) : null;
      options.onRequest?.(requestReport(started, sent, { status, error }));
      throw error;
    }
  }

  /**
   * Redirects on the same server (scheme, host and port) are followed up to MAX_REDIRECTS, the
   * request going again as it was; one to another server is refused in words, so that a password
   * or token never goes there.
   */
  async function attempt(request: HttpRequest): Promise<HttpResponse> {
    const origin = new URL(baseUrl).origin;
    let path = request.path;
    for (let hops = 0; ; hops++) {
      const answer = await attemptAt(request, path);
      const location = headerValue(answer.headers.location);
      if (!REDIRECTS.has(answer.status) || !location) return checked(request, answer);
      const of = request.what ?? `${request.method} ${request.path}`;
      let to: URL;
      try {
        to = new URL(location, new URL(path, `${baseUrl}/`));
      } catch {
        throw new AisleError('bad_response', `The server answered ${answer.status} to ${of} with a Location that is no URL.`, { status: answer.status });
      }
      if (to.origin !== origin) {
        throw new AisleError('bad_response', `The server answered ${answer.status} to ${of}, redirecting to another server (${to.origin}): Aisle does not follow it, so no password or token goes there. If that is the warehouse server, use its own address.`, { status: answer.status });
      }
      if (hops + 1 > MAX_REDIRECTS) throw new AisleError('bad_response', `${of} was redirected more than ${MAX_REDIRECTS} times: a redirect loop on the server.`, { status: answer.status });
      path = to.href;
    }
  }

  /** A 2xx answer, or its status as an AisleError. */
  function checked(request: HttpRequest, answer: HttpResponse): HttpResponse {
    const { headers, text } = answer;
    if (answer.status < 200 || answer.status > 299) {
      throw statusError(answer.status, serverMessage(text, headerValue(headers['content-type'])), headerValue(headers['retry-after']), {
        what: request.what,
        wwwAuthenticate: headerValue(headers['www-authenticate']),
      });
    }
    return answer;
  }

  async function attemptAt(request: HttpRequest, path: string): Promise<HttpResponse> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), deadlineMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal;
    let response: AxiosResponse<unknown>;
    try {
      response = await instance.request({
        ...(await transportFor(baseUrl)),
        method: request.method,
        url: path,
        // a redirect's Location carries its own query
        params: path === request.path ? request.query : undefined,
        data: request.body === undefined ? undefined : JSON.stringify(request.body),
        headers: {
          Accept: 'application/json, text/json;q=0.9, */*;q=0.5',
          ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...request.headers,
        },
        signal,
      });
    } catch (error) {
      if (deadline.signal.aborted && !request.signal?.aborted) {
        const of = request.what ? ` ${request.what}` : '';
        throw new AisleError('timeout', `The server did not finish answering${of} within ${seconds(deadlineMs)} s.`, { cause: error });
      }
      throw networkError(error, request.what);
    } finally {
      clearTimeout(timer);
    }
    const text = (typeof response.data === 'string' ? response.data : '').replace(/^\uFEFF/, '');
    const headers = Object.fromEntries(Object.entries(response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v as string | string[] | undefined]));
    return { status: response.status, headers, text };
  }

  return {
    baseUrl,
    request: (request) => withRetry(() => once(request), {
        idempotent: request.idempotent,
        policy: request.retries === undefined ? policy : { ...policy, retries: request.retries },
        signal: request.signal,
      }),
  };
}

/** Milliseconds as seconds for a message: whole above ten, else to a tenth. */
function seconds(ms: number): string {
  return ms >= 10_000 ? String(Math.round(ms / 1000)) : String(Math.round(ms / 100) / 10);
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Parses a JSON body; anything unreadable is `bad_response`. */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new AisleError('bad_response', `The server's answer to ${what} is not JSON.`);
  }
}
