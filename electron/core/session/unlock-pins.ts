// Unlock PINs (shared workstations, where the settings allow them): a user who is signed in sets a
// PIN of 4 to 8 digits on this workstation, and a locked session of theirs opens with it instead of
// the password: quicker with gloves. A PIN opens nothing else: not a sign-in, not another user's
// session, and it tells nothing of the password. Kept per (server, e-mail) as a salted scrypt key in
// `unlock-pins.json` (mode 0600); three wrong PINs in a row remove it, and the password opens.
import path from 'node:path';
import { readUsersFile, userKey, writeJsonFile } from '../shared/json-file.ts';
import { DEFAULT_SCRYPT, FREE_ATTEMPTS, keyMatches, makeKey, type ScryptCost, type StoredKey } from './offline-verifier.ts';

interface StoredPin extends StoredKey {
  failures: number;
}

/**
 * What a PIN try found: it matched; it did not (with the wrong tries still allowed before the PIN
 * is removed); it did not and the PIN is gone now (too many).
 */
export type PinCheck = { outcome: 'match' } | { outcome: 'wrong'; triesLeft: number } | { outcome: 'removed' };

export function createUnlockPins(dataDir: string, options: { cost?: ScryptCost } = {}) {
  const file = path.join(dataDir, 'unlock-pins.json');
  const cost = options.cost ?? DEFAULT_SCRYPT;
  const load = () => readUsersFile<StoredPin>(file);
  const save = (change: (users: Record<string, StoredPin>) => void) => {
    const data = load();
    change(data.users);
    writeJsonFile(file, data);
  };

  return {
    has: (server: string, email: string): boolean => !!load().users[userKey(server, email)],

    async set(server: string, email: string, pin: string): Promise<void> {
      const key = await makeKey(pin, cost);
      save((users) => (users[userKey(server, email)] = { ...key, failures: 0 }));
    },

    clear(server: string, email: string): void {
      if (this.has(server, email)) save((users) => delete users[userKey(server, email)]);
    },

    /** Checks a PIN; the wrong ones are counted on file, and the last one allowed removes it. */
    async check(server: string, email: string, pin: string): Promise<PinCheck> {
      const key = userKey(server, email);
      const entry = load().users[key];
      if (!entry) return { outcome: 'removed' };
      const match = await keyMatches(pin, entry);
      let outcome: PinCheck = match ? { outcome: 'match' } : { outcome: 'wrong', triesLeft: FREE_ATTEMPTS - entry.failures - 1 };
      save((users) => {
        const current = users[key];
        if (!current) return;
        current.failures = match ? 0 : current.failures + 1;
        if (!match) outcome = { outcome: 'wrong', triesLeft: FREE_ATTEMPTS - current.failures };
        if (current.failures >= FREE_ATTEMPTS) {
          delete users[key];
          outcome = { outcome: 'removed' };
        }
      });
      return outcome;
    },
  };
}
export type UnlockPins = ReturnType<typeof createUnlockPins>;
