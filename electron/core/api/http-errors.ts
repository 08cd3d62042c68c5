// The closed set of typed errors every REST call ends in (design.md section 3): nothing untyped
// leaves api/. Each carries the HTTP status and the server's message when there was one.
import axios from 'axios';
import { AisleError } from '../../contract/errors.ts';

/** Codes the network layer uses for "the request never reached the server": always safe to retry. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/** Maps a thrown transport failure (axios, socket, parser) to an AisleError. */
export function networkError(error: unknown): AisleError {
  if (error instanceof AisleError) return error;
  if (axios.isCancel(error)) return new AisleError('timeout', 'The request was cancelled.', { cause: error });
  const code = String((error as { code?: unknown })?.code ?? '');
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return new AisleError('timeout', 'The server took too long to answer.', { cause: error });
  if (code.startsWith('HPE_') || code === 'ERR_BAD_RESPONSE' || code === 'Z_DATA_ERROR' || code === 'ERR_FR_MAX_BODY_LENGTH_EXCEEDED') {
    return new AisleError('bad_response', 'The server sent a malformed or oversized answer.', { cause: error });
  }
  if (error instanceof Error && /maxContentLength/.test(error.message)) {
    return new AisleError('bad_response', 'The server sent an oversized answer.', { cause: error });
  }
  return new AisleError('offline', 'The server cannot be reached.', { cause: error });
}

/** True when the request certainly never reached the server (so even a non-idempotent call may be retried). */
export function neverSent(error: unknown): boolean {
  const cause = error instanceof AisleError ? error.cause : error;
  return NOT_SENT.has(String((cause as { code?: unknown })?.code ?? ''));
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (value === undefined || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** Maps a non-success HTTP status to an AisleError with the server's own message. */
export function statusError(status: number, serverMessage: string, retryAfter?: string): AisleError {
  const detail = serverMessage ? `: ${serverMessage}` : '';
  if (status === 401) return new AisleError('unauthorized', `The server refused the session${detail}`, { status });
  if (status === 403) return new AisleError('forbidden', `Not allowed${detail}`, { status });
  if (status === 404) return new AisleError('not_found', `Not found on the server${detail}`, { status });
  if (status === 429) {
    const wait = parseRetryAfter(retryAfter) ?? 30;
    return new AisleError('rate_limited', `The server asks to wait ${wait} s before trying again.`, { status, retryAfterSeconds: wait });
  }
  if (status >= 500) return new AisleError('server_error', `The server failed (${status})${detail}`, { status });
  return new AisleError('bad_response', `Unexpected answer ${status}${detail}`, { status });
}

/** The `message` (or `error`) of a JSON error body, cut short; '' for anything else. */
export function serverMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown; error?: unknown } | null;
    if (parsed === null || typeof parsed !== 'object') return '';
    const message = parsed.message ?? parsed.error;
    return typeof message === 'string' ? message.slice(0, 300) : '';
  } catch {
    return '';
  }
}
