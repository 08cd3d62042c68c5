// Shared workstations: a session left alone locks, so whoever comes to the terminal next sees none
// of the last person's data until the password is typed again. Main holds the lock, not the window:
// every window shows the lock screen, and the contract refuses every read while locked
// (guardWhileLocked), so a second window or devtools cannot go round it. Sync keeps running. The
// password is checked against the offline verifier (scrypt, with its lockout after wrong tries), so
// unlocking works with the network down.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Handlers } from '../../contract/dispatch.ts';
import { AisleError } from '../../contract/errors.ts';
import type { MethodName } from '../../contract/methods.ts';
import type { PinStatus, SessionView } from '../../contract/types.ts';
import type { Timer } from '../shared/clock.ts';
import { sessionView, type LiveSession } from './live-session.ts';
import type { SessionShared } from './session-shared.ts';

/** What a locked session still answers: enough to draw the lock screen, unlock, or sign out. */
export const OPEN_WHILE_LOCKED: ReadonlySet<MethodName> = new Set<MethodName>([
  'app.info',
  // a failure of the lock screen itself is worth a log line too
  'app.reportProblem',
  'kiosk.status',
  // a locked kiosk can still be closed by whoever holds the exit password
  'kiosk.exit',
  'settings.get',
  'policy.get',
  'connectivity.get',
  'sync.status',
  'session.current',
  'session.lock',
  'session.unlock',
  'session.pin',
  'session.unlockWithPin',
  'session.activity',
  'session.signOut',
]);

export const lockedError = () => new AisleError('locked', 'The session is locked. Unlock it with your password, or sign out.');

export interface SessionLock {
  isLocked(): boolean;
  lock(): SessionView;
  unlock(password: string): Promise<SessionView>;
  /** Opens with the user's PIN, where settings allow PINs (unlock-pins.ts). */
  unlockWithPin(pin: string): Promise<SessionView>;
  pinStatus(): PinStatus;
  setPin(pin: string): Promise<PinStatus>;
  clearPin(): PinStatus;
  /** Input was seen at the workstation: the idle time starts again. */
  activity(): { locked: boolean };
  /** `lockAfterMinutes` may have changed. */
  settingsChanged(): void;
  stop(): void;
}

/** `idle: false` turns the idle timer off (the CLI, whose commands are short); locking by hand still works. */
export function createSessionLock(s: SessionShared, options: { idle: boolean }): SessionLock {
  let timer: Timer | null = null;
  let watched: LiveSession | null = null;
  let lastInput = s.clock.now();

  function arm(): void {
    timer?.cancel();
    timer = null;
    const live = s.current;
    // A new session starts its idle time when it opens.
    if (live !== watched) {
      watched = live;
      lastInput = s.clock.now();
    }
    const minutes = s.ctx.deps.settings.get().lockAfterMinutes;
    if (!options.idle || !live || live.locked || !(minutes > 0)) return;
    timer = s.clock.after(lastInput + minutes * 60_000 - s.clock.now(), () => {
      timer = null;
      if (s.current === live && !live.locked) setLocked(live, true, 'idle');
    });
  }

  function setLocked(live: LiveSession, locked: boolean, how: 'idle' | 'asked' | 'password' | 'pin'): void {
    live.locked = locked;
    s.ctx.log.info(locked ? 'session: locked' : 'session: unlocked', { email: live.email, server: live.server, how });
    if (!locked) lastInput = s.clock.now();
    s.emit(); // every window learns, and arm() runs again through the event
  }

  function signedIn(): LiveSession {
    if (!s.current) throw new AisleError('not_signed_in', 'No one is signed in.');
    return s.current;
  }

  async function checkPassword(live: LiveSession, password: string): Promise<void> {
    if (s.verifier.has(live.server, live.email)) return s.verifier.verify(live.server, live.email, password);
    // No verifier on file (removed by hand): the password held for refresh, when there is one.
    if (live.password !== null && sameText(live.password, password)) return;
    throw new AisleError('wrong_credentials', 'Wrong password.');
  }

  const off = s.ctx.events.on('session.changed', arm);
  const pinsAllowed = () => s.ctx.deps.settings.get().unlockWithPin === true;

  function pinStatus(): PinStatus {
    const live = s.current;
    return { allowed: pinsAllowed(), set: !!live && s.pins.has(live.server, live.email) };
  }

  return {
    isLocked: () => s.current?.locked === true,
    lock() {
      const live = signedIn();
      if (!live.locked) setLocked(live, true, 'asked');
      return sessionView(live);
    },
    async unlock(password) {
      const live = signedIn();
      if (!live.locked) return sessionView(live);
      await checkPassword(live, password).catch((error: unknown) => {
        s.ctx.log.warn('session: unlock refused', { email: live.email, how: 'password', code: (error as AisleError).code ?? 'internal' });
        throw error;
      });
      if (s.current !== live) throw new AisleError('not_signed_in', 'The session ended while it was locked.');
      if (live.locked) setLocked(live, false, 'password');
      return sessionView(live);
    },
    async unlockWithPin(pin) {
      const live = signedIn();
      if (!live.locked) return sessionView(live);
      if (!pinsAllowed()) throw new AisleError('forbidden', 'Unlocking with a PIN is off on this workstation. Use your password.');
      if (!s.pins.has(live.server, live.email)) throw new AisleError('forbidden', 'You have no PIN on this workstation. Use your password.');
      const checked = await s.pins.check(live.server, live.email, pin);
      if (checked.outcome !== 'match') s.ctx.log.warn('session: unlock refused', { email: live.email, how: 'pin', outcome: checked.outcome });
      if (checked.outcome === 'removed') throw new AisleError('too_many_attempts', 'Too many wrong PINs: the PIN is removed. Unlock with your password.');
      if (checked.outcome === 'wrong') {
        const tries = checked.triesLeft === 1 ? '1 try' : `${checked.triesLeft} tries`;
        throw new AisleError('wrong_credentials', `Wrong PIN: ${tries} left before it is removed.`, { triesLeft: checked.triesLeft });
      }
      if (s.current !== live) throw new AisleError('not_signed_in', 'The session ended while it was locked.');
      if (live.locked) setLocked(live, false, 'pin');
      return sessionView(live);
    },
    pinStatus,
    async setPin(pin) {
      const live = signedIn();
      if (!pinsAllowed()) throw new AisleError('forbidden', 'PINs are off on this workstation (Settings).');
      await s.pins.set(live.server, live.email, pin);
      return pinStatus();
    },
    clearPin() {
      const live = signedIn();
      s.pins.clear(live.server, live.email);
      return pinStatus();
    },
    activity() {
      const live = s.current;
      if (live && !live.locked) {
        lastInput = s.clock.now();
        arm();
      }
      return { locked: live?.locked === true };
    },
    settingsChanged: arm,
    stop() {
      off();
      timer?.cancel();
      timer = null;
    },
  };
}

/** Every method but OPEN_WHILE_LOCKED refuses with `locked` while the session is locked. */
export function guardWhileLocked(handlers: Handlers, isLocked: () => boolean): Handlers {
  const guarded: Record<string, (args: never) => unknown> = { ...handlers };
  for (const [name, handler] of Object.entries(handlers) as [MethodName, (args: never) => unknown][]) {
    if (OPEN_WHILE_LOCKED.has(name)) continue;
    guarded[name] = (args) => {
      if (isLocked()) throw lockedError();
      return handler(args);
    };
  }
  return guarded as unknown as Handlers;
}

function sameText(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text.normalize('NFKC')).digest();
  return timingSafeEqual(digest(a), digest(b));
}
