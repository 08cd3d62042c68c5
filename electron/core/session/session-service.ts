// The life of a user's session, owned by main: sign in (licenses → choose → open),
// stay signed in (refresh before expiry, one refresh on 401), sign in offline against a local
// verifier and go online by itself, sign out, and watch connectivity. Emits `session.changed` on
// every state change and `connectivity.changed` on every connectivity change. The parts:
// session-sign-in.ts (in and out), session-tokens.ts (refresh), connectivity-monitor.ts (ping).
import { AisleError, noticeError } from '../../contract/errors.ts';
import type { SignInCancelled } from '../../contract/notices.ts';
import type { Handlers } from '../../contract/dispatch.ts';
import type { CoreContext } from '../context.ts';
import type { SessionPort } from '../ports.ts';
import { systemClock } from '../shared/clock.ts';
import { createConnectivityMonitor } from './connectivity-monitor.ts';
import { facilityNotice, sameNotice } from './facility-notice.ts';
import { sessionView } from './live-session.ts';
import { openSessions } from './open-sessions.ts';
import { codeOf, createShared, type SessionOptions } from './session-shared.ts';
import { createSessionLock, type SessionLock } from './session-lock.ts';
import { createSignInFlow } from './session-sign-in.ts';
import { createSessionTokens } from './session-tokens.ts';

export type SessionHandlers = Pick<
  Handlers,
  | 'session.signIn'
  | 'session.chooseLicense'
  | 'session.current'
  | 'session.info'
  | 'session.signOut'
  | 'session.lock'
  | 'session.unlock'
  | 'session.pin'
  | 'session.setPin'
  | 'session.clearPin'
  | 'session.unlockWithPin'
  | 'session.activity'
  | 'session.endSession'
  | 'session.list'
  | 'session.validate'
  | 'session.userByEmail'
  | 'session.ping'
  | 'connectivity.get'
>;

export interface SessionService extends SessionPort {
  readonly handlers: SessionHandlers;
  isLocked: SessionLock['isLocked'];
  /** Settings changed (the idle lock's time may have). */
  settingsChanged: SessionLock['settingsChanged'];
  close(): Promise<void>;
}

export function createSessionService(ctx: CoreContext, options: SessionOptions = {}): SessionService {
  const clock = options.clock ?? systemClock;
  const monitor = createConnectivityMonitor({
    clock,
    ...options.monitor,
    ping: () => (s.current?.api ? s.current.api.ping() : Promise.reject(new AisleError('offline', 'No server to ask.'))),
    sessionRefused: () => s.current?.state === 'expired',
    onChange: (connectivity) => ctx.events.emit('connectivity.changed', connectivity),
    // Every answer from the server is a chance for an offline session to go online.
    onReachable: () => (s.current ? flow.onServerBack(s.current) : undefined),
  });
  const s = createShared(ctx, clock, options, monitor);
  const tokens = createSessionTokens(s);
  const flow = createSignInFlow(s, tokens);
  const lock = createSessionLock(s, { idle: ctx.deps.idleLock ?? true });
  let closed = false;

  // Sign-ins, license choices and sign-outs run one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }

  // A sign-in in progress can be cancelled: a sign-out or a newer sign-in aborts it, so that a server
  // that answers slowly (or a byte at a time) never holds the queue above.
  let signingIn: AbortController | null = null;
  function cancelSignIn(why: SignInCancelled): void {
    signingIn?.abort(noticeError('conflict', { code: 'sign_in_cancelled', why }));
    signingIn = null;
  }
  function cancellable<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    cancelSignIn('replaced');
    const controller = new AbortController();
    signingIn = controller;
    return serial(() => {
      controller.signal.throwIfAborted();
      return fn(controller.signal);
    }).finally(() => {
      if (signingIn === controller) signingIn = null;
    });
  }

  // "Remember me": sign in again at start, with the password the SecretBox kept.
  if (options.restoreRemembered !== false) {
    const saved = s.remembered.load();
    if (saved) {
      queueMicrotask(() => {
        if (closed || s.current) return;
        void cancellable((signal) => flow.signIn({ ...saved, rememberMe: true }, signal)).catch((error: unknown) =>
          ctx.log.warn('session: the remembered sign-in failed', { code: codeOf(error) }),
        );
      });
    }
  }

  /** Sign-in and sign-out as IT reads them in the log: who, on which server, how it ended; never a password. */
  const logged = <T>(what: string, run: () => Promise<T>): Promise<T> =>
    run().then(
      (value) => {
        const live = s.current;
        if (live) ctx.log.info(`session: ${what}`, { server: live.server, email: live.email, state: live.state, license: live.licenseType });
        else ctx.log.info(`session: ${what}`, {});
        return value;
      },
      (error: unknown) => {
        ctx.log.warn(`session: ${what} failed`, { code: codeOf(error), status: (error as AisleError).status ?? null, message: (error as Error).message });
        throw error;
      },
    );

  return {
    handlers: {
      'session.signIn': (args) => logged('sign-in', () => cancellable((signal) => flow.signIn(args, signal))),
      'session.chooseLicense': ({ licenseId }) => logged('license chosen', () => cancellable((signal) => flow.chooseLicense(licenseId, signal))),
      'session.current': () => sessionView(s.current),
      'session.info': () => tokens.authCall((api) => api.sessionInfo()),
      'session.signOut': () => {
        cancelSignIn('signed_out');
        const who = s.current ? { server: s.current.server, email: s.current.email } : {};
        return serial(flow.signOut).then((value) => {
          ctx.log.info('session: signed out', who);
          return value;
        });
      },
      'session.lock': () => lock.lock(),
      'session.unlock': ({ password }) => serial(() => lock.unlock(password)),
      // one PIN try at a time: three wrong ones in a row remove it
      'session.unlockWithPin': ({ pin }) => serial(() => lock.unlockWithPin(pin)),
      'session.pin': () => lock.pinStatus(),
      'session.setPin': ({ pin }) => serial(() => lock.setPin(pin)),
      'session.clearPin': () => lock.clearPin(),
      'session.activity': () => lock.activity(),
      'session.endSession': ({ sessionId }) => flow.endSession(sessionId),
      'session.list': async () => openSessions(await tokens.authCall((api) => api.profile()), s.current?.sessionId ?? null),
      'session.validate': async ({ email, password }) => ({ valid: await (await flow.anyApi()).validate({ email, password }) }),
      'session.userByEmail': async ({ email, includeDisabled }) => {
        const { name, ...user } = await tokens.authCall((api) => api.userByEmail(email, includeDisabled));
        return name == null ? user : { ...user, name };
      },
      'session.ping': async () => {
        try {
          const { latencyMs } = await (await flow.anyApi()).ping();
          return { reachable: true, latencyMs };
        } catch (error) {
          if (error instanceof AisleError && (error.code === 'invalid_argument' || error.code === 'not_implemented')) throw error;
          return { reachable: false, latencyMs: null };
        }
      },
      'connectivity.get': () => monitor.current(),
    },
    view: () => sessionView(s.current),
    isLocked: lock.isLocked,
    settingsChanged: lock.settingsChanged,
    identity: () => (s.current ? { server: s.current.server, email: s.current.email, licenseId: s.current.licenseId } : null),
    baseUrl: () => s.current?.baseUrl ?? null,
    accessToken: tokens.accessToken,
    refreshAfterUnauthorized: tokens.refreshAfterUnauthorized,
    facilities: () => (s.current ? s.current.facilities.map((f) => ({ ...f })) : []),
    keptFacilities: (names) => {
      const live = s.current;
      if (!live) return;
      const notice = facilityNotice(live.facilities, ctx.deps.settings.get().offlineFacilities, names);
      if (sameNotice(notice, live.notice)) return;
      live.notice = notice;
      s.emit();
    },
    unreachable: () => {
      if (!closed && monitor.current().state === 'online') void monitor.checkNow();
    },
    async close() {
      closed = true;
      cancelSignIn('closing');
      lock.stop();
      monitor.stop();
      s.current?.refreshTimer?.cancel();
    },
  };
}
