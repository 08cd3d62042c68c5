// What the HTTP layer tells of each request it made (an attempt, with retries each its own), for
// the diagnostics page: never a header, so never a token or a cookie.
import type { RequestRecord, WholeStockWhy } from '../../contract/types.ts';
import { AisleError } from '../../contract/errors.ts';

export type RequestReport = Omit<RequestRecord, 'repeated' | 'by'>;

export type OnRequest = (report: RequestReport) => void;

/** The URL as sent: the base, the path and the query (undefined values left out, as axios does). */
export function requestUrl(baseUrl: string, path: string, query?: Record<string, string | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.append(key, String(value));
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/** The report of one attempt, from when it started and how it ended. */
export function requestReport(
  started: { at: number; mark: number },
  request: { method: string; url: string; body: string | null; why?: WholeStockWhy | null },
  outcome: { status: number | null; date?: unknown; error?: unknown },
): RequestReport {
  const date = typeof outcome.date === 'string' ? Date.parse(outcome.date) : NaN;
  const error = outcome.error;
  return {
    at: new Date(started.at).toISOString(),
    method: request.method,
    url: request.url,
    status: outcome.status,
    ms: Math.round(performance.now() - started.mark),
    serverDate: Number.isNaN(date) ? null : new Date(date).toISOString(),
    error: error === undefined ? null : error instanceof AisleError ? { code: error.code, message: error.message } : { code: 'internal', message: String(error) },
    body: request.body,
    why: request.why ?? null,
  };
}

export const startedNow = () => ({ at: Date.now(), mark: performance.now() });
