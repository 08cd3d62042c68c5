// What the session remembers between launches, in the data folder (mode 0600):
// - per (server, e-mail), non-secret: the license last chosen and the profile needed to open the
//   mirror offline (name, locale, facilities, roles);
// - with "remember me", one sign-in whose password is encrypted by the host's SecretBox
//   (Electron's safeStorage); without a working SecretBox nothing is written.
import path from 'node:path';
import type { FacilityRef } from '../../contract/types.ts';
import type { SecretBox } from '../context.ts';
import { readJsonFile, readUsersFile, removeFile, userKey, writeJsonFile } from '../shared/json-file.ts';

export interface RememberedProfile {
  licenseId: string;
  licenseType: string | null;
  userName: string | null;
  locale: string | null;
  zoneIdStr: string | null;
  facilities: FacilityRef[];
  roles: { id: string; name: string }[];
  updatedAt: string;
}

export function createProfileStore(dataDir: string) {
  const file = path.join(dataDir, 'session-profiles.json');
  const load = () => readUsersFile<RememberedProfile>(file);
  return {
    get(server: string, email: string): RememberedProfile | null {
      return load().users[userKey(server, email)] ?? null;
    },
    set(server: string, email: string, profile: RememberedProfile): void {
      const data = load();
      data.users[userKey(server, email)] = profile;
      writeJsonFile(file, data);
    },
  };
}
export type ProfileStore = ReturnType<typeof createProfileStore>;

interface RememberedFile {
  server: string;
  email: string;
  /** base64 of SecretBox.encrypt(password). */
  secret: string;
}

export function createRememberedSignIn(dataDir: string, secrets: SecretBox | null | undefined) {
  const file = path.join(dataDir, 'remembered-sign-in.json');
  const usable = () => !!secrets && safe(() => secrets.isAvailable(), false);
  return {
    available: usable,
    save(server: string, email: string, password: string): boolean {
      if (!usable()) return false;
      const secret = secrets!.encrypt(password).toString('base64');
      writeJsonFile(file, { server, email, secret } satisfies RememberedFile);
      return true;
    },
    load(): { server: string; email: string; password: string } | null {
      if (!usable()) return null;
      const data = readJsonFile<RememberedFile | null>(file, null);
      if (!data || typeof data.secret !== 'string' || typeof data.server !== 'string' || typeof data.email !== 'string') return null;
      const password = safe(() => secrets!.decrypt(Buffer.from(data.secret, 'base64')), null);
      return password === null ? null : { server: data.server, email: data.email, password };
    },
    forget(): void {
      removeFile(file);
    },
  };
}
export type RememberedSignIn = ReturnType<typeof createRememberedSignIn>;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
