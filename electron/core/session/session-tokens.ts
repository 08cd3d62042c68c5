// Staying signed in: the access token is refreshed before it expires (with the rotated refresh
// token, or by signing in again when the server gives none), a 401 leads to one refresh, and a refused refresh moves the session to "expired" —
// tokens and password go, the identity stays, so the mirror stays readable.
import { AisleError } from '../../contract/errors.ts';
import type { AuthApi } from '../api/auth-api.ts';
import { isUnreachable, localExpiry, refreshLeadMs, type LiveSession } from './live-session.ts';
import type { SessionShared } from './session-shared.ts';

export type SessionTokens = ReturnType<typeof createSessionTokens>;

export function createSessionTokens(s: SessionShared) {
  function scheduleRefresh(live: LiveSession, delayMs?: number): void {
    live.refreshTimer?.cancel();
    live.refreshTimer = null;
    if (live.expiresAt === null || s.current !== live || live.state !== 'signed-in') return;
    // At least a second apart, so that a server handing out short-lived tokens cannot make us spin.
    const delay = delayMs ?? Math.max(1_000, live.expiresAt - refreshLeadMs(live) - s.clock.now());
    live.refreshTimer = s.clock.after(Math.max(0, delay), () => void refresh(live).catch(() => undefined));
  }

  /** One refresh at a time; resolves to the new access token. */
  function refresh(live: LiveSession): Promise<string> {
    if (live.refreshing) return live.refreshing;
    live.refreshing = (async () => {
      try {
        if (!live.api || !live.password) throw new AisleError('session_expired', 'The session has ended; sign in again.');
        const locale = s.locale(live.server, live.email);
        // A server that gave no refresh token renews by a new sign-in with the password kept in memory.
        const how = live.refreshToken ? 'refresh token' : 'sign-in again';
        const opened = live.refreshToken
          ? await live.api.refreshSession({ email: live.email, password: live.password, refreshToken: live.refreshToken, form: live.refreshForm, locale })
          : await live.api.openSession({ email: live.email, password: live.password, licenseId: live.licenseId, locale });
        if (s.current !== live) throw new AisleError('not_signed_in', 'Signed out during the refresh.');
        live.accessToken = opened.accessToken;
        // the rotated refresh token replaces the old (a spent one may end the session if used again)
        live.refreshToken = opened.refreshToken;
        live.refreshForm = opened.refreshForm;
        live.receivedAt = s.clock.now();
        live.expiresAt = localExpiry(opened, live.receivedAt);
        scheduleRefresh(live);
        s.ctx.log.info('session: renewed', { email: live.email, server: live.server, how });
        s.monitor.report('online');
        s.emit();
        return opened.accessToken;
      } catch (error) {
        if (s.current !== live) throw error;
        if (!refused(error)) {
          const left = (live.expiresAt ?? 0) - s.clock.now();
          if (left > 1000) scheduleRefresh(live, Math.min(15_000, left / 2));
          else {
            live.state = 'offline';
            live.accessToken = null;
            live.refreshTimer?.cancel();
            s.emit();
          }
          s.monitor.report('offline');
          throw error;
        }
        expire(live);
        s.ctx.log.warn('session: expired, the server refused to renew it', { email: live.email, server: live.server, code: (error as AisleError).code ?? 'internal', status: (error as AisleError).status ?? null });
        throw new AisleError('session_expired', 'The server refused to renew the session; sign in again. The data on this workstation stays readable.', {
          cause: error,
        });
      } finally {
        live.refreshing = null;
      }
    })();
    return live.refreshing;
  }

  /** The server said no to the session itself (as opposed to not answering usefully). */
  function refused(error: unknown): boolean {
    return !(error instanceof AisleError) || error.code === 'unauthorized' || error.code === 'forbidden' || error.code === 'session_expired';
  }

  /** The server refused the session: tokens and password go, the identity (and so the mirror) stays. */
  function expire(live: LiveSession): void {
    live.state = 'expired';
    live.refreshTimer?.cancel();
    live.refreshTimer = null;
    live.password = null;
    live.accessToken = null;
    live.refreshToken = null;
    live.api?.cookies.clear();
    s.emit();
    void s.monitor.checkNow();
  }

  function usable(): LiveSession {
    const live = s.current;
    if (!live) throw new AisleError('not_signed_in', 'Nobody is signed in.');
    if (live.state === 'expired') throw new AisleError('session_expired', 'The session has expired; sign in again.');
    if (live.state === 'offline' || !live.accessToken) throw new AisleError('offline', 'Signed in offline: the server is not reachable right now.');
    return live;
  }

  async function accessToken(): Promise<string> {
    const live = usable();
    if (live.expiresAt !== null && s.clock.now() >= live.expiresAt - refreshLeadMs(live)) {
      try {
        return await refresh(live);
      } catch (error) {
        if (isUnreachable(error) && live.accessToken && live.expiresAt > s.clock.now()) return live.accessToken;
        throw error;
      }
    }
    return live.accessToken!;
  }

  async function refreshAfterUnauthorized(rejected: string): Promise<string> {
    const live = usable();
    if (live.accessToken !== rejected) return live.accessToken!;
    return refresh(live);
  }

  /** An auth call that identifies us by the session cookie: one refresh and one retry on 401. */
  async function authCall<T>(call: (api: AuthApi) => Promise<T>): Promise<T> {
    const live = usable();
    try {
      return await call(live.api!);
    } catch (error) {
      if (!(error instanceof AisleError) || error.code !== 'unauthorized') throw error;
      await refreshAfterUnauthorized(live.accessToken!);
      return call(live.api!);
    }
  }
  return { scheduleRefresh, refresh, expire, usable, accessToken, refreshAfterUnauthorized, authCall };
}
