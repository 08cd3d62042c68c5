// Retries with exponential backoff and full jitter (design.md section 3): network errors, 429
// (honouring Retry-After, as seconds or an HTTP date) and 5xx. A 429 without Retry-After backs off
// from about a second, growing and capped, with jitter so that many workstations do not return in step. A call that may have reached the server is retried only when it
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
  /** First wait after a 429 that did not say how long (default a second); doubles each time. */
  rateLimitBaseMs?: number;
  /** Longest wait after a 429 that did not say how long (default 30 s). */
  rateLimitMaxMs?: number;
  random?: () => number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };

const RATE_LIMIT_BASE_MS = 1_000;
const RATE_LIMIT_MAX_MS = 30_000;

/** The wait before retry number `attempt` (0-based), or null when the error must not be retried. */
export function retryDelay(error: AisleError, attempt: number, idempotent: boolean, policy: RetryPolicy): number | null {
  if (attempt >= policy.retries) return null;
  const random = policy.random ?? Math.random;
  const backoff = Math.round(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
  if (error.code === 'rate_limited') {
    if (error.retryAfterSeconds === undefined) return rateLimitBackoff(attempt, policy, random);
    const wait = error.retryAfterSeconds * 1000;
    return wait > policy.maxRetryAfterMs ? null : Math.max(wait, backoff);
  }
  if (neverSent(error)) return backoff;
  if (!idempotent) return null;
  if (error.code === 'offline' || error.code === 'server_error' || error.code === 'timeout') return backoff;
  return null;
}

/** The wait after the `attempt`-th 429 without Retry-After: half fixed, half jitter, doubling up to the cap. */
export function rateLimitBackoff(attempt: number, policy: RetryPolicy, random: () => number = policy.random ?? Math.random): number {
  const ceiling = Math.min(policy.rateLimitMaxMs ?? RATE_LIMIT_MAX_MS, (policy.rateLimitBaseMs ?? RATE_LIMIT_BASE_MS) * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
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
