// Retries with exponential backoff and full jitter (design.md section 3): network errors, 429
// (honouring Retry-After) and 5xx. A call that may have reached the server is retried only when it
// is idempotent: a session refresh rotates its refresh token, so a blind retry would reuse a dead
// one and end the session family.
import { AisleError } from '../../contract/errors.ts';
import { neverSent } from './http-errors.ts';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the rate_limited error is returned instead. */
  maxRetryAfterMs: number;
  random?: () => number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };

/** The wait before retry number `attempt` (0-based), or null when the error must not be retried. */
export function retryDelay(error: AisleError, attempt: number, idempotent: boolean, policy: RetryPolicy): number | null {
  if (attempt >= policy.retries) return null;
  const random = policy.random ?? Math.random;
  const backoff = Math.round(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
  if (error.code === 'rate_limited') {
    const wait = (error.retryAfterSeconds ?? 0) * 1000;
    return wait > policy.maxRetryAfterMs ? null : Math.max(wait, backoff);
  }
  if (neverSent(error)) return backoff;
  if (!idempotent) return null;
  if (error.code === 'offline' || error.code === 'server_error' || error.code === 'timeout') return backoff;
  return null;
}

/** Runs `attempt` until it succeeds or retryDelay says stop; a cancelled `signal` stops it at once. */
export async function withRetry<T>(attempt: () => Promise<T>, options: { idempotent: boolean; policy: RetryPolicy; signal?: AbortSignal }): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof AisleError)) throw error;
      const delay = retryDelay(error, n, options.idempotent, options.policy);
      if (delay === null || options.signal?.aborted) throw error;
      await sleep(delay, options.signal);
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AisleError('timeout', 'The request was cancelled.'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
