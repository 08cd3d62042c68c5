// Offline sign-in (issue 4, point 4): after a successful online sign-in we keep, per server and
// e-mail, a salted scrypt verifier of the password, so the same person can open their own mirror
// with the network down. Wrong passwords are rate limited with an exponential lockout that
// survives restarts.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { AisleError } from '../../contract/errors.ts';
import { readJsonFile, userKey, writeJsonFile } from './json-file.ts';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's floor for scrypt (N=2^17 is the recommendation; 2^15 keeps sign-in under ~100 ms). */
export const DEFAULT_SCRYPT: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

/** Wrong offline passwords allowed before the first lockout. */
export const FREE_ATTEMPTS = 3;
const FIRST_LOCKOUT_MS = 30_000;
const MAX_LOCKOUT_MS = 60 * 60_000;

interface Verifier {
  salt: string;
  hash: string;
  cost: ScryptCost;
  failures: number;
  lockedUntil: number;
}

interface VerifierFile {
  version: 1;
  users: Record<string, Verifier>;
}

/** The scrypt key of a password (NFKC, so that the same characters typed on another keyboard match). */
export function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 32, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export function lockoutMs(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_LOCKOUT_MS, FIRST_LOCKOUT_MS * 2 ** (failures - FREE_ATTEMPTS));
}

export function createOfflineVerifier(dataDir: string, options: { cost?: ScryptCost; now?: () => number } = {}) {
  const file = path.join(dataDir, 'offline-verifiers.json');
  const cost = options.cost ?? DEFAULT_SCRYPT;
  const now = options.now ?? Date.now;
  const load = (): VerifierFile => {
    const data = readJsonFile<VerifierFile | null>(file, null);
    return data && data.version === 1 && typeof data.users === 'object' && data.users ? data : { version: 1, users: {} };
  };

  return {
    has(server: string, email: string): boolean {
      return !!load().users[userKey(server, email)];
    },

    /** Records the password that just worked online. */
    async remember(server: string, email: string, password: string): Promise<void> {
      const salt = randomBytes(16);
      const hash = await derive(password, salt, cost);
      const data = load();
      data.users[userKey(server, email)] = { salt: salt.toString('base64'), hash: hash.toString('base64'), cost, failures: 0, lockedUntil: 0 };
      writeJsonFile(file, data);
    },

    /** Resolves when the password matches; throws wrong_credentials or too_many_attempts. */
    async verify(server: string, email: string, password: string): Promise<void> {
      const key = userKey(server, email);
      const entry = load().users[key];
      if (!entry) throw new AisleError('offline', 'The server cannot be reached, and this account has not signed in online on this workstation yet.');
      const wait = entry.lockedUntil - now();
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new AisleError('too_many_attempts', `Too many wrong passwords. Try again in ${seconds} s.`, { retryAfterSeconds: seconds });
      }
      const expected = Buffer.from(entry.hash, 'base64');
      const actual = await derive(password, Buffer.from(entry.salt, 'base64'), entry.cost);
      const ok = actual.length === expected.length && timingSafeEqual(actual, expected);
      const data = load();
      const current = data.users[key];
      if (!current) throw new AisleError('offline', 'The offline sign-in for this account was removed.');
      if (ok) {
        current.failures = 0;
        current.lockedUntil = 0;
      } else {
        current.failures += 1;
        const lock = lockoutMs(current.failures);
        current.lockedUntil = lock > 0 ? now() + lock : 0;
      }
      writeJsonFile(file, data);
      if (!ok) throw new AisleError('wrong_credentials', 'Wrong e-mail or password.');
    },
  };
}
export type OfflineVerifier = ReturnType<typeof createOfflineVerifier>;
