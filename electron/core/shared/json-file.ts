// Small JSON files in the data folder, written atomically with mode 0600.
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function readJsonFile<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

/** A file of one record per user, keyed by userKey. */
export interface UsersFile<T> {
  version: 1;
  users: Record<string, T>;
}

/** A users file as stored; empty when it is missing, damaged or of another version. */
export function readUsersFile<T>(file: string): UsersFile<T> {
  const data = readJsonFile<UsersFile<T> | null>(file, null);
  return data && data.version === 1 && typeof data.users === 'object' && data.users ? data : { version: 1, users: {} };
}

export function writeJsonFile(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(value, null, 1), { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

export function removeFile(file: string): void {
  rmSync(file, { force: true });
}

/** The key of a (server, e-mail) pair in the session files. */
export function userKey(server: string, email: string): string {
  return `${server} ${email.trim().toLowerCase()}`;
}
