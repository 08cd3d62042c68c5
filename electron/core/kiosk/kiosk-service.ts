// A kiosk in the core. Its exit: the window asks, main checks the exit password (session/kiosk-policy.ts)
// and, when it matches, has the host close the app; wrong passwords lock the exit out as offline
// sign-in does (three free, then 30 s doubling), one try at a time: a burst of calls cannot race
// the count. And its settings: the workstation's are IT's, only the look is the user's.
import { isDeepStrictEqual } from 'node:util';
import type { Handlers } from '../../contract/dispatch.ts';
import type { Settings } from '../../contract/types.ts';
import { AisleError, noticeError } from '../../contract/errors.ts';
import { keyMatches, lockoutEnd, lockoutMs } from '../session/offline-verifier.ts';
import type { KioskHost, KioskPolicy } from '../context.ts';
import { pinnedServerOf } from '../session/kiosk-policy.ts';

export type KioskHandlers = Pick<Handlers, 'kiosk.status' | 'kiosk.exit'>;

export function createKioskHandlers(host: KioskHost | undefined, options: { now?: () => number; workstationServer?: () => string } = {}): KioskHandlers {
  const now = options.now ?? Date.now;
  const policy: KioskPolicy = host?.policy ?? { enabled: false };
  let failures = 0;
  let lockedUntil = 0;
  let queue: Promise<unknown> = Promise.resolve();

  async function tryExit(password: string): Promise<{ leaving: true }> {
    if (!host || !policy.enabled) throw noticeError('conflict', { code: 'kiosk_not_on' });
    if (!policy.exit) {
      throw new AisleError('forbidden', 'The kiosk policy (kiosk.json) cannot be read, so no exit password can be checked. IT must fix or remove the file.');
    }
    lockedUntil = lockoutEnd(lockedUntil, failures, now());
    const wait = lockedUntil - now();
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new AisleError('too_many_attempts', `Too many wrong passwords. Try again in ${seconds} s.`, { retryAfterSeconds: seconds });
    }
    if (!(await keyMatches(password, policy.exit))) {
      failures++;
      const lock = lockoutMs(failures);
      lockedUntil = lock > 0 ? now() + lock : 0;
      throw new AisleError('wrong_credentials', 'Wrong exit password.');
    }
    failures = 0;
    lockedUntil = 0;
    host.leave();
    return { leaving: true };
  }

  return {
    'kiosk.status': () =>
      policy.enabled ? { enabled: true, canExit: policy.exit !== null, server: pinnedServerOf(policy, options.workstationServer?.() ?? 'demo') } : { enabled: false, canExit: false, server: null },
    'kiosk.exit': ({ password }) => {
      const attempt = queue.then(() => tryExit(password));
      queue = attempt.catch(() => undefined);
      return attempt;
    },
  };
}

/**
 * What a kiosk's users may change themselves: how the screen looks and sounds to them. The rest
 * (server, sync, what is kept offline, staleness, locking, PINs, and any setting added later) is
 * the workstation's, set by IT in its settings.json.
 */
const PERSONAL_SETTINGS: ReadonlySet<string> = new Set<keyof Settings>(['theme', 'floorMode', 'textSize', 'scanSound', 'language', 'languages', 'columns', 'columnWidths', 'lastEmail']);

/** Refuses a change of a kiosk's workstation settings (the same value again is no change). */
export function refuseWorkstationChanges(patch: Partial<Settings>, current: Settings): void {
  const changed = Object.entries(patch)
    .filter(([key, value]) => !PERSONAL_SETTINGS.has(key) && !isDeepStrictEqual(value, current[key as keyof Settings]))
    .map(([key]) => key);
  if (changed.length > 0) {
    throw new AisleError('forbidden', `On a kiosk, IT sets this workstation's settings, in its settings.json (${changed.join(', ')}).`);
  }
}
