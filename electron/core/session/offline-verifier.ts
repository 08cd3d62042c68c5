// Offline sign-in: after a successful online sign-in we keep, per server and
// e-mail, a salted scrypt verifier of the password, so the same person can open their own mirror
// with the network down. Wrong passwords are rate limited with an exponential lockout that
// survives restarts. Within a process a lockout is timed on a clock that never runs back (a wall
// clock set back would restart it); the file's wall-clock end is only for the next start.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { AisleError } from '../../contract/errors.ts';
import { readUsersFile, userKey, writeJsonFile } from '../shared/json-file.ts';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's floor for scrypt (N=2^17 is the recommendation; 2^15 keeps an offline sign-in quick on a floor workstation). */
export const DEFAULT_SCRYPT: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

/** Wrong offline passwords allowed before the first lockout. */
export const FREE_ATTEMPTS = 3;
const FIRST_LOCKOUT_MS = 30_000;
const MAX_LOCKOUT_MS = 60 * 60_000;

/** A secret's salted scrypt key, as kept on file (base64). */
export interface StoredKey {
  salt: string;
  hash: string;
  cost: ScryptCost;
}

interface Verifier extends StoredKey {
  failures: number;
  lockedUntil: number;
}

/** The scrypt key of a password (NFKC, so that the same characters typed on another keyboard match). */
function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 32, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new salted key of a password (offline sign-in, unlock PINs, the kiosk's exit). */
export async function makeKey(password: string, cost: ScryptCost): Promise<StoredKey> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost);
  return { salt: salt.toString('base64'), hash: hash.toString('base64'), cost };
}

/** Whether a password derives the stored key, compared in constant time. */
export async function keyMatches(password: string, key: StoredKey): Promise<boolean> {
  const expected = Buffer.from(key.hash, 'base64');
  const actual = await derive(password, Buffer.from(key.salt, 'base64'), key.cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function lockoutMs(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_LOCKOUT_MS, FIRST_LOCKOUT_MS * 2 ** (failures - FREE_ATTEMPTS));
}

/**
 * The end of a lockout, never further away than the lockout's own length: after a clock set back
 * (by hand, by a dead battery) a 30 s lockout ends 30 s from now, not a day from now.
 */
export function lockoutEnd(lockedUntil: number, failures: number, now: number): number {
  return Math.min(lockedUntil, now + lockoutMs(failures));
}

export interface VerifierClocks {
  cost?: ScryptCost;
  /** The wall clock, ms since the epoch: what the file's lockout end is written in. */
  now?: () => number;
  /** A clock that never runs back (performance.now): what a lockout is timed on while the process lives. */
  elapsed?: () => number;
}

export function createOfflineVerifier(dataDir: string, options: VerifierClocks = {}) {
  const file = path.join(dataDir, 'offline-verifiers.json');
  const cost = options.cost ?? DEFAULT_SCRYPT;
  const now = options.now ?? Date.now;
  const elapsed = options.elapsed ?? (() => performance.now());
  const load = () => readUsersFile<Verifier>(file);
  /** Lockouts this process has seen, by user: when they end on the `elapsed` clock. */
  const lockedUntilElapsed = new Map<string, number>();

  /** The ms left of a user's lockout: on the never-back clock once this process knows it, else from the file. */
  function waitOf(key: string, entry: Verifier): number {
    const known = lockedUntilElapsed.get(key);
    if (known !== undefined) return known - elapsed();
    const until = lockoutEnd(entry.lockedUntil, entry.failures, now());
    if (until !== entry.lockedUntil) {
      const data = load();
      const current = data.users[key];
      if (current) writeJsonFile(file, { ...data, users: { ...data.users, [key]: { ...current, lockedUntil: until } } });
    }
    const wait = until - now();
    if (wait > 0) lockedUntilElapsed.set(key, elapsed() + wait);
    return wait;
  }

  return {
    has(server: string, email: string): boolean {
      return !!load().users[userKey(server, email)];
    },

    /** Records the password that just worked online. */
    async remember(server: string, email: string, password: string): Promise<void> {
      const key = await makeKey(password, cost);
      const data = load();
      data.users[userKey(server, email)] = { ...key, failures: 0, lockedUntil: 0 };
      writeJsonFile(file, data);
    },

    /** Resolves when the password matches; throws wrong_credentials or too_many_attempts. */
    async verify(server: string, email: string, password: string): Promise<void> {
      const key = userKey(server, email);
      const entry = load().users[key];
      if (!entry) throw new AisleError('offline', 'The server cannot be reached, and this account has not signed in online on this workstation yet.');
      const wait = waitOf(key, entry);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new AisleError('too_many_attempts', `Too many wrong passwords. Try again in ${seconds} s.`, { retryAfterSeconds: seconds });
      }
      const ok = await keyMatches(password, entry);
      const data = load();
      const current = data.users[key];
      if (!current) throw new AisleError('offline', 'The offline sign-in for this account was removed.');
      lockedUntilElapsed.delete(key);
      if (ok) {
        current.failures = 0;
        current.lockedUntil = 0;
      } else {
        current.failures += 1;
        const lock = lockoutMs(current.failures);
        current.lockedUntil = lock > 0 ? now() + lock : 0;
        if (lock > 0) lockedUntilElapsed.set(key, elapsed() + lock);
      }
      writeJsonFile(file, data);
      if (!ok) throw new AisleError('wrong_credentials', 'Wrong e-mail or password.');
    },
  };
}
export type OfflineVerifier = ReturnType<typeof createOfflineVerifier>;
