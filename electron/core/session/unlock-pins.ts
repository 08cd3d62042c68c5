// Unlock PINs (shared workstations, where the settings allow them): a user who is signed in sets a
// PIN of 4 to 8 digits on this workstation, and a locked session of theirs opens with it instead of
// the password: quicker with gloves. A PIN opens nothing else: not a sign-in, not another user's
// session, and it tells nothing of the password. Kept per (server, e-mail) as a salted scrypt key in
// `unlock-pins.json` (mode 0600); three wrong PINs in a row remove it, and the password opens.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { readJsonFile, userKey, writeJsonFile } from './json-file.ts';
import { DEFAULT_SCRYPT, derive, FREE_ATTEMPTS, type ScryptCost } from './offline-verifier.ts';

interface StoredPin {
  salt: string;
  hash: string;
  cost: ScryptCost;
  failures: number;
}

interface PinsFile {
  version: 1;
  users: Record<string, StoredPin>;
}

/** What a PIN try found: it matched; it did not; it did not and the PIN is gone now (too many). */
export type PinCheck = 'match' | 'wrong' | 'removed';

export function createUnlockPins(dataDir: string, options: { cost?: ScryptCost } = {}) {
  const file = path.join(dataDir, 'unlock-pins.json');
  const cost = options.cost ?? DEFAULT_SCRYPT;
  const load = (): PinsFile => {
    const data = readJsonFile<PinsFile | null>(file, null);
    return data && data.version === 1 && typeof data.users === 'object' && data.users ? data : { version: 1, users: {} };
  };
  const save = (change: (users: PinsFile['users']) => void) => {
    const data = load();
    change(data.users);
    writeJsonFile(file, data);
  };

  return {
    has: (server: string, email: string): boolean => !!load().users[userKey(server, email)],

    async set(server: string, email: string, pin: string): Promise<void> {
      const salt = randomBytes(16);
      const hash = await derive(pin, salt, cost);
      save((users) => (users[userKey(server, email)] = { salt: salt.toString('base64'), hash: hash.toString('base64'), cost, failures: 0 }));
    },

    clear(server: string, email: string): void {
      if (this.has(server, email)) save((users) => delete users[userKey(server, email)]);
    },

    /** Checks a PIN; the wrong ones are counted on file, and the last one allowed removes it. */
    async check(server: string, email: string, pin: string): Promise<PinCheck> {
      const key = userKey(server, email);
      const entry = load().users[key];
      if (!entry) return 'removed';
      const expected = Buffer.from(entry.hash, 'base64');
      const actual = await derive(pin, Buffer.from(entry.salt, 'base64'), entry.cost);
      const match = actual.length === expected.length && timingSafeEqual(actual, expected);
      let outcome: PinCheck = match ? 'match' : 'wrong';
      save((users) => {
        const current = users[key];
        if (!current) return;
        current.failures = match ? 0 : current.failures + 1;
        if (current.failures >= FREE_ATTEMPTS) {
          delete users[key];
          outcome = 'removed';
        }
      });
      return outcome;
    },
  };
}
export type UnlockPins = ReturnType<typeof createUnlockPins>;
