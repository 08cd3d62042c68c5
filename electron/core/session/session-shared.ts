// What the parts of the session service share: the current session, the files it remembers, the
// clock, the connectivity monitor and the event emitter.
import { AisleError } from '../../contract/errors.ts';
import { createAuthApi, type AuthApi } from '../api/auth-api.ts';
import type { License } from '../api/auth-schemas.ts';
import type { OnRequest } from '../api/request-report.ts';
import type { RetryPolicy } from '../api/retry.ts';
import type { CoreContext } from '../context.ts';
import type { Clock } from '../shared/clock.ts';
import type { ConnectivityMonitor } from './connectivity-monitor.ts';
import { localeTag, sessionView, type LiveSession } from './live-session.ts';
import { createOfflineVerifier, type OfflineVerifier, type ScryptCost } from './offline-verifier.ts';
import { createServerHabits, type ServerHabitsStore } from './server-habits.ts';
import { createProfileStore, createRememberedSignIn, type ProfileStore, type RememberedSignIn } from './session-files.ts';
import { createUnlockPins, type UnlockPins } from './unlock-pins.ts';

export interface SessionOptions {
  clock?: Clock;
  scrypt?: ScryptCost;
  /** Idle timeout, total deadline (else the `authDeadlineSeconds` setting) and retries of every auth request. */
  http?: { timeoutMs?: number; deadlineMs?: number; retry?: RetryPolicy };
  monitor?: { onlineIntervalMs?: number; retryBaseMs?: number; retryMaxMs?: number };
  /** Sign in again at start with a "remember me" sign-in (default true). */
  restoreRemembered?: boolean;
}

/** Told of every attempt of an api's requests (a sign-in's deadline says what the server last answered). */
export interface ApiListener {
  heard?: OnRequest;
}

/** Credentials checked, licenses listed, waiting for the user to pick one. */
export interface Pending {
  server: string;
  api: AuthApi;
  listen: ApiListener;
  email: string;
  password: string;
  rememberMe: boolean;
  licenses: License[];
}

export interface SessionShared {
  ctx: CoreContext;
  clock: Clock;
  profiles: ProfileStore;
  remembered: RememberedSignIn;
  verifier: OfflineVerifier;
  pins: UnlockPins;
  habits: ServerHabitsStore;
  monitor: ConnectivityMonitor;
  current: LiveSession | null;
  pending: Pending | null;
  emit(): void;
  /** The locale parameter for session calls: the user's own when known. */
  locale(server: string, email: string): string;
  makeApi(baseUrl: string, listen?: ApiListener): AuthApi;
}

export function createShared(ctx: CoreContext, clock: Clock, options: SessionOptions, monitor: ConnectivityMonitor): SessionShared {
  const { dataDir } = ctx.deps;
  const shared: SessionShared = {
    ctx,
    clock,
    profiles: createProfileStore(dataDir),
    remembered: createRememberedSignIn(dataDir, ctx.deps.secrets),
    // a clock with no never-back reading of its own (a test's) is taken as one: it runs back only when told
    verifier: createOfflineVerifier(dataDir, { cost: options.scrypt, now: () => clock.now(), elapsed: () => (clock.elapsed ? clock.elapsed() : clock.now()) }),
    pins: createUnlockPins(dataDir, { cost: options.scrypt }),
    habits: createServerHabits(dataDir),
    monitor,
    current: null,
    pending: null,
    emit: () => ctx.events.emit('session.changed', sessionView(shared.current)),
    locale: (server, email) => localeTag(shared.profiles.get(server, email)?.locale ?? null, ctx.deps.settings.get().language),
    makeApi: (baseUrl, listen) =>
      createAuthApi({
        baseUrl,
        timeoutMs: options.http?.timeoutMs,
        deadlineMs: options.http?.deadlineMs ?? ctx.deps.settings.get().authDeadlineSeconds * 1000,
        retry: options.http?.retry,
        onRequest: (report) => {
          ctx.requests.add('session', report);
          listen?.heard?.(report);
        },
        habits: shared.habits.get(baseUrl),
        onLearned: (habits) => shared.habits.set(baseUrl, habits),
      }),
  };
  return shared;
}

/** The code of a failure, for logs (which never carry messages that might hold secrets). */
export const codeOf = (error: unknown) => (error instanceof AisleError ? error.code : 'internal');
