// Signing in and out: credentials → licenses → the chosen (or remembered, or only) license →
// session, profile and session information; offline sign-in against the local verifier when the
// server cannot be reached, and going online by itself when it answers again. The profile and the
// session information are read for what they give: a server that cannot answer them still signs
// the user in (it costs the name, locale and facilities). Every step takes the sign-in's
// AbortSignal, so that a sign-out or a newer sign-in cancels a sign-in stuck on a slow server.
import { AisleError } from '../../contract/errors.ts';
import type { SessionInfo, SignInResult } from '../../contract/types.ts';
import { completeServer } from '../../contract/server-address.ts';
import type { AuthApi } from '../api/auth-api.ts';
import type { License, User } from '../api/auth-schemas.ts';
import { normalizeBaseUrl } from '../api/http-client.ts';
import { isPinnedServer, pinnedServerOf, serverOrNull } from './kiosk-policy.ts';
import { isUnreachable, licenseView, localExpiry, profileParts, refreshLeadMs, sessionView, signInError, type LiveSession } from './live-session.ts';
import { facilityNotice } from './facility-notice.ts';
import { checkPlainHttpAllowed, plainHttpNotice } from './plain-http.ts';
import { codeOf, type ApiListener, type Pending, type SessionShared } from './session-shared.ts';
import { signInDeadline, type SignInDeadline } from './sign-in-deadline.ts';
import type { SessionTokens } from './session-tokens.ts';

export function createSignInFlow(s: SessionShared, tokens: SessionTokens) {
  async function resolveServer(server: string): Promise<{ server: string; baseUrl: string | null; unreachable: AisleError | null }> {
    if (server.trim().toLowerCase() !== 'demo') {
      // read as every form and command reads an address (`wms.example.com` is https://…)
      const baseUrl = normalizeBaseUrl(completeServer(server));
      return { server: baseUrl, baseUrl, unreachable: null };
    }
    if (!s.ctx.deps.startDemoServer) throw new AisleError('not_implemented', 'The demo warehouse is not available in this host.');
    try {
      return { server: 'demo', baseUrl: normalizeBaseUrl((await s.ctx.deps.startDemoServer()).url), unreachable: null };
    } catch (error) {
      return { server: 'demo', baseUrl: null, unreachable: new AisleError('offline', 'The demo warehouse did not start.', { cause: error }) };
    }
  }

  /** The server a kiosk pins (kiosk.json), or null: sign-ins go there and nowhere else. */
  function pinnedServer(): string | null {
    const kiosk = s.ctx.deps.kiosk?.policy;
    return kiosk ? pinnedServerOf(kiosk, s.ctx.deps.settings.get().server) : null;
  }

  function allowedServer(requested: string): string {
    const policy = s.ctx.deps.policy;
    if (policy) {
      const isDemo = requested.trim().toLowerCase() === 'demo';
      if (isDemo && !policy.demoAllowed) throw new AisleError('forbidden', 'The demo warehouse is turned off on this workstation by your IT department (machine policy).');
      if (policy.allowedServers && !policy.allowedServers.some((allowed) => isPinnedServer(requested, serverOrNull(allowed) ?? allowed))) {
        throw new AisleError('forbidden', `This workstation signs in to ${policy.allowedServers.join(', ')} only (set by your IT department in ${policy.file}).`);
      }
    }
    const pinned = pinnedServer();
    if (pinned === null || isPinnedServer(requested, pinned)) return pinned ?? requested;
    throw new AisleError('forbidden', `This workstation signs in to ${pinned} only (kiosk mode, set by IT).`);
  }

  /** Makes `next` the session, ending the previous one (on the server too, best effort). */
  function replaceCurrent(next: LiveSession | null): void {
    const previous = s.current;
    s.current = next;
    s.pending = null;
    if (previous && previous !== next) forget(previous, true);
    s.emit();
    if (next?.baseUrl) s.monitor.start();
    else s.monitor.stop();
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

  /** A deadline for a whole sign-in step (settings: authDeadlineSeconds), its end when `run` settles. */
  async function within<T>(server: string, outer: AbortSignal | undefined, run: (d: SignInDeadline) => Promise<T>): Promise<T> {
    const d = signInDeadline(s.ctx.deps.settings.get().authDeadlineSeconds, server, outer);
    try {
      return await run(d);
    } finally {
      d.end();
    }
  }

  async function signIn(
    args: { server: string; email: string; password: string; rememberMe: boolean; licenseId?: string; chooseLicense?: boolean },
    outer?: AbortSignal,
  ): Promise<SignInResult> {
    const email = args.email.trim();
    const target = await resolveServer(allowedServer(args.server));
    outer?.throwIfAborted();
    if (!target.baseUrl) return offlineSignIn(target.server, null, email, args.password, target.unreachable!);
    checkPlainHttpAllowed(target.baseUrl, s.ctx.deps.settings.get().allowPlainHttp);
    return within(target.server, outer, (d) => signInOnline(target.server, target.baseUrl!, email, args, d, outer));
  }

  async function signInOnline(
    server: string,
    baseUrl: string,
    email: string,
    args: { password: string; rememberMe: boolean; licenseId?: string; chooseLicense?: boolean },
    d: SignInDeadline,
    outer: AbortSignal | undefined,
  ): Promise<SignInResult> {
    const listen: ApiListener = { heard: d.heard };
    const api = s.makeApi(baseUrl, listen);
    let licenses: License[];
    try {
      d.waitingFor('the license list');
      licenses = await api.licenses({ email, password: args.password }, d.signal);
    } catch (error) {
      outer?.throwIfAborted();
      // the whole sign-in's deadline passed: said as such, and a server that slow is as good as unreachable
      const failed = d.signal.aborted ? d.signal.reason : error;
      if (isUnreachable(failed) && s.verifier.has(server, email)) return offlineSignIn(server, api, email, args.password, failed as AisleError);
      throw signInError(failed, 'licenses');
    }
    if (licenses.length === 0) throw new AisleError('license_required', 'This account holds no license on this server.');
    const rememberedId = s.profiles.get(server, email)?.licenseId ?? null;
    const rememberedLicense = licenses.find((l) => l.id === rememberedId && l.enabled);
    if (args.licenseId && !licenses.some((l) => l.id === args.licenseId)) {
      throw new AisleError('invalid_argument', 'That license is not one of this account’s licenses.');
    }
    // the remembered license opens without asking, unless the user asked to choose
    const choice = args.licenseId ? licenses.find((l) => l.id === args.licenseId) : licenses.length === 1 ? licenses[0] : args.chooseLicense ? undefined : rememberedLicense;
    const next: Pending = { server: server, api, listen, email, password: args.password, rememberMe: args.rememberMe, licenses };
    if (!choice) {
      s.pending = next;
      return {
        status: 'choose-license',
        licenses: licenses.map(licenseView),
        rememberedLicenseId: licenses.some((l) => l.id === rememberedId) ? rememberedId : null,
      };
    }
    return { status: 'signed-in', session: sessionView(await openOnline(next, choice, d)) };
  }

  async function chooseLicense(licenseId: string, outer?: AbortSignal) {
    const pending = s.pending;
    const choice = pending?.licenses.find((l) => l.id === licenseId);
    if (!pending) throw new AisleError('not_signed_in', 'Sign in first; then choose a license.');
    if (!choice) throw new AisleError('invalid_argument', 'That license is not one of this account’s licenses.');
    return within(pending.server, outer, async (d) => {
      pending.listen.heard = d.heard;
      return sessionView(await openOnline(pending, choice, d));
    });
  }

  /**
   * The profile and the session information, each null when the server cannot give it: neither is
   * needed to use the session, so neither blocks it. A cancelled sign-in stops here.
   */
  async function optionalParts(api: AuthApi, server: string, email: string, d?: SignInDeadline): Promise<{ user: User | null; info: SessionInfo | null }> {
    const signal = d?.signal;
    const read = async <T>(call: () => Promise<T>, what: string): Promise<T | null> => {
      // past the sign-in's deadline the session is open: what is optional is left out, not waited for
      if (d?.passed) return null;
      try {
        d?.waitingFor(what);
        return await call();
      } catch (error) {
        if (!d?.passed) signal?.throwIfAborted();
        s.ctx.log.warn(`session: ${what} could not be read; signing in without it`, { server, code: codeOf(error), status: (error as AisleError).status });
        return null;
      }
    };
    const user = await read(() => api.profile(signal), 'the user profile');
    const info = await read(() => api.sessionInfo(signal), 'the session information');
    return { user, info };
  }

  /** What the profile gives; what it cannot give comes from the last sign-in's profile on this workstation. */
  function userParts(user: User | null, server: string, email: string): ReturnType<typeof profileParts> {
    if (user) return profileParts(user);
    const kept = s.profiles.get(server, email);
    return { userName: kept?.userName ?? null, locale: kept?.locale ?? null, facilities: kept?.facilities ?? [], roles: kept?.roles ?? [] };
  }

  async function openOnline(p: Pending, license: License, d: SignInDeadline): Promise<LiveSession> {
    if (!license.enabled) throw new AisleError('license_disabled', license.msg || 'This license is disabled.');
    const localeParam = s.locale(p.server, p.email);
    let opened;
    try {
      d.waitingFor('opening the session');
      opened = await p.api.openSession({ email: p.email, password: p.password, licenseId: license.id, locale: localeParam }, d.signal);
    } catch (error) {
      d.signal.throwIfAborted();
      throw signInError(error, 'session');
    }
    const receivedAt = s.clock.now();
    let user, info;
    try {
      ({ user, info } = await optionalParts(p.api, p.server, p.email, d));
    } catch (error) {
      // cancelled after the server opened the session: end it there too
      void p.api.endSession().catch(() => undefined);
      throw error;
    }
    const parts = userParts(user, p.server, p.email);
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
      refreshForm: opened.refreshForm,
      expiresAt: localExpiry(opened, receivedAt),
      receivedAt,
      sessionId: info?.sn || null,
      zoneIdStr: info?.zoneIdStr || s.profiles.get(p.server, p.email)?.zoneIdStr || null,
      ...parts,
      notice: facilityNotice(parts.facilities, s.ctx.deps.settings.get().offlineFacilities),
      serverNotice: plainHttpNotice(p.api.baseUrl),
      refreshTimer: null,
      refreshing: null,
      goingOnline: false,
      locked: false,
    };
    // What sign-in writes to disk is for later (offline sign-in, the next start): on a full disk the
    // session opens all the same, and what could not be saved is logged in words.
    await bestEffort(() => afterOnline(live));
    await bestEffort(() => (p.rememberMe ? s.remembered.save(p.server, p.email, p.password) : s.remembered.forget()));
    await bestEffort(() => s.ctx.deps.settings.set({ server: p.server, lastEmail: p.email }));
    replaceCurrent(live);
    tokens.scheduleRefresh(live);
    return live;
  }

  async function bestEffort(write: () => unknown): Promise<void> {
    try {
      await write();
    } catch (error) {
      // the error itself, or the one a store wrapped in words (settings: AisleError with its cause)
      const codes = [error, (error as { cause?: unknown }).cause].map((e) => (e as NodeJS.ErrnoException | undefined)?.code);
      if (!codes.includes('ENOSPC') && !codes.includes('EDQUOT')) throw error;
      s.ctx.log.error('the disk is full: offline unlock is not available until space is freed', { error: (error as Error).message });
    }
  }

  /** Remembers what an offline sign-in needs: the license, the profile, the password verifier. */
  async function afterOnline(live: LiveSession): Promise<void> {
    const { server, email } = live;
    s.profiles.set(server, email, {
      licenseId: live.licenseId,
      licenseType: live.licenseType,
      userName: live.userName,
      locale: live.locale,
      zoneIdStr: live.zoneIdStr,
      facilities: live.facilities,
      roles: live.roles,
      updatedAt: new Date(s.clock.now()).toISOString(),
    });
    if (live.password) await s.verifier.remember(server, email, live.password);
  }

  async function offlineSignIn(server: string, api: AuthApi | null, email: string, password: string, cause: AisleError): Promise<SignInResult> {
    const profile = s.profiles.get(server, email);
    if (!profile || !s.verifier.has(server, email)) throw cause;
    await s.verifier.verify(server, email, password);
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
      refreshForm: 'spec',
      expiresAt: null,
      receivedAt: s.clock.now(),
      sessionId: null,
      zoneIdStr: profile.zoneIdStr,
      userName: profile.userName,
      locale: profile.locale,
      facilities: profile.facilities,
      roles: profile.roles,
      notice: facilityNotice(profile.facilities, s.ctx.deps.settings.get().offlineFacilities),
      serverNotice: plainHttpNotice(api?.baseUrl ?? null),
      refreshTimer: null,
      refreshing: null,
      goingOnline: false,
      locked: false,
    };
    replaceCurrent(live);
    return { status: 'signed-in', session: sessionView(live) };
  }

  /** The server answers again: an offline session opens a real one with what it holds. */
  async function onServerBack(live: LiveSession): Promise<void> {
    if (live.state === 'offline' && live.password && live.api && !live.goingOnline) await goOnline(live);
    else if (live.state === 'signed-in' && live.expiresAt !== null && s.clock.now() >= live.expiresAt - refreshLeadMs(live)) {
      await tokens.refresh(live).catch(() => undefined);
    }
  }

  async function goOnline(live: LiveSession): Promise<void> {
    live.goingOnline = true;
    const api = live.api!;
    try {
      const opened = await api.openSession({ email: live.email, password: live.password!, licenseId: live.licenseId, locale: s.locale(live.server, live.email) });
      const receivedAt = s.clock.now();
      const { user, info } = await optionalParts(api, live.server, live.email);
      if (s.current !== live) {
        void api.endSession().catch(() => undefined);
        return;
      }
      Object.assign(live, {
        state: 'signed-in',
        accessToken: opened.accessToken,
        refreshToken: opened.refreshToken,
        refreshForm: opened.refreshForm,
        expiresAt: localExpiry(opened, receivedAt),
        receivedAt,
        sessionId: info?.sn || null,
        zoneIdStr: info?.zoneIdStr || live.zoneIdStr,
        ...(user ? profileParts(user) : {}),
      } satisfies Partial<LiveSession>);
      live.notice = facilityNotice(live.facilities, s.ctx.deps.settings.get().offlineFacilities);
      await afterOnline(live);
      tokens.scheduleRefresh(live);
      s.emit();
    } catch (error) {
      if (s.current !== live) return;
      if (error instanceof AisleError && (error.code === 'unauthorized' || error.code === 'forbidden')) tokens.expire(live);
      else s.monitor.report('offline');
    } finally {
      live.goingOnline = false;
    }
  }

  /** An API for calls that need no session: the current server, or the last one used. */
  async function anyApi(): Promise<AuthApi> {
    if (s.current?.api) return s.current.api;
    if (s.pending) return s.pending.api;
    const target = await resolveServer(pinnedServer() ?? s.ctx.deps.settings.get().server);
    if (!target.baseUrl) throw target.unreachable!;
    return s.makeApi(target.baseUrl);
  }

  async function signOut() {
    const live = s.current;
    if (live) {
      live.refreshTimer?.cancel();
      if (live.state === 'signed-in' && live.api) {
        try {
          await tokens.authCall((api) => api.endSession());
        } catch (error) {
          s.ctx.log.warn('session: the server did not confirm the sign-out', { code: codeOf(error) });
        }
      }
      s.current = null;
      forget(live, false);
    }
    s.pending = null;
    s.remembered.forget();
    s.monitor.stop();
    s.emit();
    return sessionView(null);
  }

  async function endSession(sessionId: string): Promise<SessionInfo> {
    const info = await tokens.authCall((api) => api.endSessionById(sessionId));
    const live = s.current;
    if (live && (sessionId === live.sessionId || info.sn === live.sessionId)) {
      s.current = null;
      forget(live, false);
      s.monitor.stop();
      s.emit();
    }
    return info;
  }

  return { signIn, chooseLicense, onServerBack, anyApi, signOut, endSession };
}
