// Per-client rate limit: a token bucket of `perMinute` requests, refilled continuously.
export interface RateLimiter {
  /** 0 when the request may go ahead, else the seconds to wait. */
  take(client: string, now?: number): number;
}

export function createRateLimiter(perMinute: number): RateLimiter {
  if (perMinute <= 0) return { take: () => 0 };
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(client, now = Date.now()) {
      let bucket = buckets.get(client);
      if (!bucket) {
        if (buckets.size > 10_000) buckets.clear();
        bucket = { tokens: perMinute, at: now };
        buckets.set(client, bucket);
      }
      bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.at) * perMs);
      bucket.at = now;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    },
  };
}
