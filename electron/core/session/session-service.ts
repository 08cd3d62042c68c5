// The life of a user's session, owned by main (issue 4): sign in (licenses → choose → open),
// stay signed in (refresh before expiry, one refresh on 401), sign in offline against a local
// verifier and go online by itself, sign out, and watch connectivity. Emits `session.changed` on
// every state change and `connectivity.changed` on every connectivity change.
import { AisleError } from '../../contract/errors.ts';
import type { Handlers } from '../../contract/dispatch.ts';
import type { SessionInfo, SignInResult } from '../../contract/types.ts';
import { createAuthApi, type AuthApi } from '../api/auth-api.ts';
import type { License } from '../api/auth-schemas.ts';
import { normalizeBaseUrl } from '../api/http-client.ts';
import type { RetryPolicy } from '../api/retry.ts';
import type { CoreContext } from '../core.ts';
import type { SessionPort } from '../ports.ts';
import { systemClock, type Clock } from './clock.ts';
import { createConnectivityMonitor } from './connectivity-monitor.ts';
import {
  isUnreachable,
  licenseView,
  localeTag,
  profileParts,
  refreshLeadMs,
  sessionView,
  signInError,
  type LiveSession,
} from './live-session.ts';
import { createOfflineVerifier, type ScryptCost } from './offline-verifier.ts';
import { createProfileStore, createRememberedSignIn } from './session-files.ts';

export { SIGNED_OUT } from './live-session.ts';

export type SessionHandlers = Pick<
  Handlers,
  | 'session.signIn'
  | 'session.chooseLicense'
  | 'session.current'
  | 'session.info'
  | 'session.signOut'
  | 'session.endSession'
  | 'session.validate'
  | 'session.userByEmail'
  | 'session.ping'
  | 'connectivity.get'
>;

export interface SessionService extends SessionPort {
  readonly handlers: SessionHandlers;
  close(): Promise<void>;
}

export interface SessionOptions {
  clock?: Clock;
  scrypt?: ScryptCost;
  http?: { timeoutMs?: number; retry?: RetryPolicy };
  monitor?: { onlineIntervalMs?: number; retryBaseMs?: number; retryMaxMs?: number };
  /** Sign in again at start with a "remember me" sign-in (default true). */
  restoreRemembered?: boolean;
}

interface Pending {
  server: string;
  api: AuthApi;
  email: string;
  password: string;
  rememberMe: boolean;
  licenses: License[];
}

export function createSessionService(ctx: CoreContext, options: SessionOptions = {}): SessionService {
  const clock = options.clock ?? systemClock;
  const { dataDir } = ctx.deps;
  const profiles = createProfileStore(dataDir);
  const remembered = createRememberedSignIn(dataDir, ctx.deps.secrets);
  const verifier = createOfflineVerifier(dataDir, { cost: options.scrypt, now: () => clock.now() });
  let current: LiveSession | null = null;
  let pending: Pending | null = null;
  let closed = false;

  const monitor = createConnectivityMonitor({
    clock,
    ...options.monitor,
    ping: () => {
      if (!current?.api) return Promise.reject(new AisleError('offline', 'No server.'));
      return current.api.ping();
    },
    sessionRefused: () => current?.state === 'expired',
    onChange: (connectivity) => {
      ctx.events.emit('connectivity.changed', connectivity);
      if (connectivity.state === 'online' && current) onServerBack(current);
    },
  });

  const emit = () => ctx.events.emit('session.changed', sessionView(current));
  const makeApi = (baseUrl: string) => createAuthApi({ baseUrl, timeoutMs: options.http?.timeoutMs, retry: options.http?.retry });
  const locale = (server: string, email: string) => localeTag(profiles.get(server, email)?.locale ?? null, ctx.deps.settings.get().language);

  // Sign-ins, license choices and sign-outs run one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }

  async function resolveServer(server: string): Promise<{ server: string; baseUrl: string | null; unreachable: AisleError | null }> {
    if (server.trim().toLowerCase() !== 'demo') {
      const baseUrl = normalizeBaseUrl(server);
      return { server: baseUrl, baseUrl, unreachable: null };
    }
    if (!ctx.deps.startDemoServer) throw new AisleError('not_implemented', 'The demo warehouse is not available in this host.');
    try {
      return { server: 'demo', baseUrl: normalizeBaseUrl((await ctx.deps.startDemoServer()).url), unreachable: null };
    } catch (error) {
      return { server: 'demo', baseUrl: null, unreachable: new AisleError('offline', 'The demo warehouse did not start.', { cause: error }) };
    }
  }

  /** Makes `next` the session, ending the previous one (on the server too, best effort). */
  function replaceCurrent(next: LiveSession | null): void {
    const previous = current;
    current = next;
    pending = null;
    if (previous && previous !== next) forget(previous, true);
    emit();
    if (next?.baseUrl) monitor.start();
    else monitor.stop();
  }

  function forget(live: LiveSession, endOnServer: boolean): void {
    live.refreshTimer?.cancel();
    live.refreshTimer = null;
    if (endOnServer && live.state === 'signed-in' && live.api) {
      const api = live.api;
      void api.endSession().catch(() => undefined).finally(() => api.cookies.clear());
    } else {
      live.api?.cookies.clear();
    }
    live.password = null;
    live.accessToken = null;
    live.refreshToken = null;
  }

  async function signIn(args: { server: string; email: string; password: string; rememberMe: boolean; licenseId?: string }): Promise<SignInResult> {
    const email = args.email.trim();
    const target = await resolveServer(args.server);
    if (!target.baseUrl) return offlineSignIn(target.server, null, email, args.password, target.unreachable!);
    const api = makeApi(target.baseUrl);
    let licenses: License[];
    try {
      licenses = await api.licenses({ email, password: args.password });
    } catch (error) {
      if (isUnreachable(error) && verifier.has(target.server, email)) return offlineSignIn(target.server, api, email, args.password, error as AisleError);
      throw signInError(error, 'licenses');
    }
    if (licenses.length === 0) throw new AisleError('license_required', 'This account holds no license on this server.');
    const rememberedId = profiles.get(target.server, email)?.licenseId ?? null;
    const rememberedLicense = licenses.find((l) => l.id === rememberedId && l.enabled);
    if (args.licenseId && !licenses.some((l) => l.id === args.licenseId)) {
      throw new AisleError('invalid_argument', 'That license is not one of this account’s licenses.');
    }
    const choice = args.licenseId ? licenses.find((l) => l.id === args.licenseId) : licenses.length === 1 ? licenses[0] : rememberedLicense;
    const next: Pending = { server: target.server, api, email, password: args.password, rememberMe: args.rememberMe, licenses };
    if (!choice) {
      pending = next;
      return {
        status: 'choose-license',
        licenses: licenses.map(licenseView),
        rememberedLicenseId: licenses.some((l) => l.id === rememberedId) ? rememberedId : null,
      };
    }
    return { status: 'signed-in', session: sessionView(await openOnline(next, choice)) };
  }

  async function chooseLicense(licenseId: string) {
    const choice = pending?.licenses.find((l) => l.id === licenseId);
    if (!pending) throw new AisleError('not_signed_in', 'Sign in first; then choose a license.');
    if (!choice) throw new AisleError('invalid_argument', 'That license is not one of this account’s licenses.');
    return sessionView(await openOnline(pending, choice));
  }

  async function openOnline(p: Pending, license: License): Promise<LiveSession> {
    if (!license.enabled) throw new AisleError('license_disabled', license.msg || 'This license is disabled.');
    const localeParam = locale(p.server, p.email);
    let opened;
    try {
      opened = await p.api.openSession({ email: p.email, password: p.password, licenseId: license.id, locale: localeParam });
    } catch (error) {
      throw signInError(error, 'session');
    }
    const receivedAt = clock.now();
    let user, info;
    try {
      user = await p.api.profile();
      info = await p.api.sessionInfo();
    } catch (error) {
      void p.api.endSession().catch(() => undefined);
      throw error;
    }
    const live: LiveSession = {
      state: 'signed-in',
      server: p.server,
      baseUrl: p.api.baseUrl,
      api: p.api,
      email: p.email,
      password: p.password,
      licenseId: license.id,
      licenseType: license.license_type || null,
      accessToken: opened.accessToken,
      refreshToken: opened.refreshToken,
      expiresAt: Date.parse(opened.expiresAt),
      receivedAt,
      sessionId: info.sn,
      zoneIdStr: info.zoneIdStr || null,
      ...profileParts(user),
      refreshTimer: null,
      refreshing: null,
      goingOnline: false,
    };
    await afterOnline(live);
    if (p.rememberMe) remembered.save(p.server, p.email, p.password);
    else remembered.forget();
    ctx.deps.settings.set({ server: p.server, lastEmail: p.email });
    replaceCurrent(live);
    scheduleRefresh(live);
    return live;
  }

  /** Remembers what an offline sign-in needs: the license, the profile, the password verifier. */
  async function afterOnline(live: LiveSession): Promise<void> {
    const { server, email } = live;
    profiles.set(server, email, {
      licenseId: live.licenseId,
      licenseType: live.licenseType,
      userName: live.userName,
      locale: live.locale,
      zoneIdStr: live.zoneIdStr,
      facilities: live.facilities,
      roles: live.roles,
      updatedAt: new Date(clock.now()).toISOString(),
    });
    if (live.password) await verifier.remember(server, email, live.password);
  }

  async function offlineSignIn(server: string, api: AuthApi | null, email: string, password: string, cause: AisleError): Promise<SignInResult> {
    const profile = profiles.get(server, email);
    if (!profile || !verifier.has(server, email)) throw cause;
    await verifier.verify(server, email, password);
    const live: LiveSession = {
      state: 'offline',
      server,
      baseUrl: api?.baseUrl ?? null,
      api,
      email,
      password,
      licenseId: profile.licenseId,
      licenseType: profile.licenseType,
      accessToken: null,
      refreshToken: null,
      expiresAt: null,
      receivedAt: clock.now(),
      sessionId: null,
      zoneIdStr: profile.zoneIdStr,
      userName: profile.userName,
      locale: profile.locale,
      facilities: profile.facilities,
      roles: profile.roles,
      refreshTimer: null,
      refreshing: null,
      goingOnline: false,
    };
    replaceCurrent(live);
    return { status: 'signed-in', session: sessionView(live) };
  }

  /** The server answers again: an offline session opens a real one with what it holds. */
  function onServerBack(live: LiveSession): void {
    if (live.state === 'offline' && live.password && live.api && !live.goingOnline) void goOnline(live);
    else if (live.state === 'signed-in' && live.expiresAt !== null && clock.now() >= live.expiresAt - refreshLeadMs(live)) {
      void refresh(live).catch(() => undefined);
    }
  }

  async function goOnline(live: LiveSession): Promise<void> {
    live.goingOnline = true;
    const api = live.api!;
    try {
      const opened = await api.openSession({ email: live.email, password: live.password!, licenseId: live.licenseId, locale: locale(live.server, live.email) });
      const receivedAt = clock.now();
      const user = await api.profile();
      const info = await api.sessionInfo();
      if (current !== live) {
        void api.endSession().catch(() => undefined);
        return;
      }
      Object.assign(live, {
        state: 'signed-in',
        accessToken: opened.accessToken,
        refreshToken: opened.refreshToken,
        expiresAt: Date.parse(opened.expiresAt),
        receivedAt,
        sessionId: info.sn,
        zoneIdStr: info.zoneIdStr || live.zoneIdStr,
        ...profileParts(user),
      } satisfies Partial<LiveSession>);
      await afterOnline(live);
      scheduleRefresh(live);
      emit();
    } catch (error) {
      if (current !== live) return;
      if (error instanceof AisleError && (error.code === 'unauthorized' || error.code === 'forbidden')) expire(live);
      else monitor.report('offline');
    } finally {
      live.goingOnline = false;
    }
  }

  function scheduleRefresh(live: LiveSession, delayMs?: number): void {
    live.refreshTimer?.cancel();
    live.refreshTimer = null;
    if (live.expiresAt === null || current !== live || live.state !== 'signed-in') return;
    const delay = delayMs ?? live.expiresAt - refreshLeadMs(live) - clock.now();
    live.refreshTimer = clock.after(Math.max(0, delay), () => void refresh(live).catch(() => undefined));
  }

  /** One refresh at a time; resolves to the new access token. */
  function refresh(live: LiveSession): Promise<string> {
    if (live.refreshing) return live.refreshing;
    live.refreshing = (async () => {
      try {
        if (!live.api || !live.password || !live.refreshToken) throw new AisleError('session_expired', 'The session has ended; sign in again.');
        const opened = await live.api.refreshSession({
          email: live.email,
          password: live.password,
          refreshToken: live.refreshToken,
          locale: locale(live.server, live.email),
        });
        if (current !== live) throw new AisleError('not_signed_in', 'Signed out during the refresh.');
        live.accessToken = opened.accessToken;
        live.refreshToken = opened.refreshToken;
        live.expiresAt = Date.parse(opened.expiresAt);
        live.receivedAt = clock.now();
        scheduleRefresh(live);
        monitor.report('online');
        emit();
        return opened.accessToken;
      } catch (error) {
        if (current !== live) throw error;
        if (!refused(error)) {
          const left = (live.expiresAt ?? 0) - clock.now();
          if (left > 1000) scheduleRefresh(live, Math.min(15_000, left / 2));
          else {
            live.state = 'offline';
            live.accessToken = null;
            live.refreshTimer?.cancel();
            emit();
          }
          monitor.report('offline');
          throw error;
        }
        expire(live);
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
    emit();
    void monitor.checkNow();
  }

  function usable(): LiveSession {
    const live = current;
    if (!live) throw new AisleError('not_signed_in', 'Nobody is signed in.');
    if (live.state === 'expired') throw new AisleError('session_expired', 'The session has expired; sign in again.');
    if (live.state === 'offline' || !live.accessToken) throw new AisleError('offline', 'Signed in offline: the server is not reachable right now.');
    return live;
  }

  async function accessToken(): Promise<string> {
    const live = usable();
    if (live.expiresAt !== null && clock.now() >= live.expiresAt - refreshLeadMs(live)) {
      try {
        return await refresh(live);
      } catch (error) {
        if (isUnreachable(error) && live.accessToken && live.expiresAt > clock.now()) return live.accessToken;
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

  /** An API for calls that need no session: the current server, or the last one used. */
  async function anyApi(): Promise<AuthApi> {
    if (current?.api) return current.api;
    if (pending) return pending.api;
    const target = await resolveServer(ctx.deps.settings.get().server);
    if (!target.baseUrl) throw target.unreachable!;
    return makeApi(target.baseUrl);
  }

  async function signOut() {
    const live = current;
    if (live) {
      live.refreshTimer?.cancel();
      if (live.state === 'signed-in' && live.api) {
        try {
          await authCall((api) => api.endSession());
        } catch (error) {
          ctx.log.warn('session: the server did not confirm the sign-out', { code: error instanceof AisleError ? error.code : 'internal' });
        }
      }
      current = null;
      forget(live, false);
    }
    pending = null;
    remembered.forget();
    monitor.stop();
    emit();
    return sessionView(null);
  }

  async function endSession(sessionId: string): Promise<SessionInfo> {
    const info = await authCall((api) => api.endSessionById(sessionId));
    const live = current;
    if (live && (sessionId === live.sessionId || info.sn === live.sessionId)) {
      current = null;
      forget(live, false);
      monitor.stop();
      emit();
    }
    return info;
  }

  if (options.restoreRemembered !== false) {
    const saved = remembered.load();
    if (saved) {
      queueMicrotask(() => {
        if (closed || current) return;
        void serial(() => signIn({ ...saved, rememberMe: true })).catch((error: unknown) =>
          ctx.log.warn('session: the remembered sign-in failed', { code: error instanceof AisleError ? error.code : 'internal' }),
        );
      });
    }
  }

  return {
    handlers: {
      'session.signIn': (args) => serial(() => signIn(args)),
      'session.chooseLicense': ({ licenseId }) => serial(() => chooseLicense(licenseId)),
      'session.current': () => sessionView(current),
      'session.info': () => authCall((api) => api.sessionInfo()),
      'session.signOut': () => serial(signOut),
      'session.endSession': ({ sessionId }) => endSession(sessionId),
      'session.validate': async ({ email, password }) => ({ valid: await (await anyApi()).validate({ email, password }) }),
      'session.userByEmail': async ({ email, includeDisabled }) => {
        const { name, ...user } = await authCall((api) => api.userByEmail(email, includeDisabled));
        return name == null ? user : { ...user, name };
      },
      'session.ping': async () => {
        try {
          const { latencyMs } = await (await anyApi()).ping();
          return { reachable: true, latencyMs };
        } catch (error) {
          if (error instanceof AisleError && (error.code === 'invalid_argument' || error.code === 'not_implemented')) throw error;
          return { reachable: false, latencyMs: null };
        }
      },
      'connectivity.get': () => monitor.current(),
    },
    view: () => sessionView(current),
    identity: () => (current ? { server: current.server, email: current.email, licenseId: current.licenseId } : null),
    baseUrl: () => current?.baseUrl ?? null,
    accessToken,
    refreshAfterUnauthorized,
    facilities: () => (current ? current.facilities.map((f) => ({ ...f })) : []),
    async close() {
      closed = true;
      monitor.stop();
      current?.refreshTimer?.cancel();
    },
  };
}
