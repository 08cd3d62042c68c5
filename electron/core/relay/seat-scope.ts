// Who a seat is, asked of the warehouse server with the seat's own token: GET /v1/auth/pub/jwt
// names its license, GET /v1/auth/pub/jwt/list its facilities. The answer is kept until the
// session's expiry (at most `maxCacheMs`), so a seat's many requests cost the server two calls.
// A token the server refuses is refused here too; the relay never guesses a scope.
import { createHash } from 'node:crypto';
import { AisleError } from '../../contract/errors.ts';
import { sessionInfoSchema, userSchema, validate } from '../api/auth-schemas.ts';
import { createHttpClient, parseJson, type HttpClient } from '../api/http-client.ts';

const AUTH = '/v1/auth/pub';
/** Seats' answers kept before the expired ones are dropped. */
const MAX_CACHED = 10_000;

export interface SeatScope {
  email: string;
  licenseId: string;
  /** The facilities the user's profile names; empty when it names none (then, as on a workstation, every facility of the license). */
  facilities: string[];
  /** ms since the epoch. */
  expiresAt: number;
}

export interface SeatChecker {
  check(token: string): Promise<SeatScope>;
  /** Vendor calls made so far (the tests count them). */
  readonly vendorCalls: number;
}

export interface SeatCheckerOptions {
  server: string;
  maxCacheMs?: number;
  now?: () => number;
  http?: HttpClient;
}

/** Whether a seat with this scope may read a dataset of license `license`, scoped as given. */
export function seatMaySee(seat: SeatScope, license: string, scopeKind: string, scopeId: string | null): boolean {
  if (seat.licenseId !== license) return false;
  if (scopeKind !== 'facility') return true;
  return seat.facilities.length === 0 || (scopeId !== null && seat.facilities.includes(scopeId));
}

export function createSeatChecker(options: SeatCheckerOptions): SeatChecker {
  const http = options.http ?? createHttpClient({ baseUrl: options.server });
  const now = options.now ?? Date.now;
  const maxCacheMs = options.maxCacheMs ?? 5 * 60_000;
  const cache = new Map<string, Promise<SeatScope>>();
  let vendorCalls = 0;

  async function ask(path: string, token: string, what: string): Promise<unknown> {
    vendorCalls++;
    const response = await http.request({ method: 'GET', path, headers: { Authorization: `Bearer ${token}` }, idempotent: true, what });
    return parseJson(response.text, what);
  }

  async function fromVendor(token: string): Promise<SeatScope> {
    const info = validate(sessionInfoSchema, await ask(`${AUTH}/jwt`, token, 'the session information'), 'the session information');
    const user = validate(userSchema, await ask(`${AUTH}/jwt/list`, token, 'the user profile'), 'the user profile');
    const licenseId = String(info.licenseId ?? '');
    if (!licenseId) throw new AisleError('unauthorized', "The warehouse server's session information (GET /v1/auth/pub/jwt) names no licenseId: the relay cannot tell which data this seat may see.");
    const expiry = Date.parse(String(info.expiresAt ?? ''));
    const until = Math.min(now() + maxCacheMs, Number.isNaN(expiry) ? now() : expiry);
    return { email: String(info.userEmail ?? user.email), licenseId, facilities: user.facilities.map((f) => String(f.id)), expiresAt: until };
  }

  return {
    get vendorCalls() {
      return vendorCalls;
    },
    async check(token) {
      const key = createHash('sha256').update(token).digest('hex');
      const cached = cache.get(key);
      if (cached) {
        const scope = await cached.catch(() => null);
        if (scope && scope.expiresAt > now()) return scope;
        cache.delete(key);
      }
      if (cache.size >= MAX_CACHED) for (const [k, v] of cache) if (((await v.catch(() => null))?.expiresAt ?? 0) <= now()) cache.delete(k);
      const asked = fromVendor(token);
      cache.set(key, asked);
      try {
        return await asked;
      } catch (error) {
        cache.delete(key);
        throw error;
      }
    },
  };
}
