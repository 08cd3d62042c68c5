// A sync that failed before it read any list (the sign-in refused, the server not reached) leaves
// no trace in the mirror's datasets: it is recorded in the data folder instead, so that the next
// `aisle status` or window says the last sync failed and why, not "no problems".
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SyncFailure } from '../../contract/types.ts';

const FILE = 'last-sync-failure.json';

export function recordSyncFailure(dataDir: string, failure: SyncFailure): void {
  writeFileSync(path.join(dataDir, FILE), JSON.stringify(failure) + '\n');
}

/** Forgotten once a sync has read its lists (their own states say the rest). */
export function clearSyncFailure(dataDir: string): void {
  rmSync(path.join(dataDir, FILE), { force: true });
}

/** The recorded failure; null when none, or when the file is not one (a damaged record is no failure to report). */
export function readSyncFailure(dataDir: string): SyncFailure | null {
  const file = path.join(dataDir, FILE);
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<SyncFailure>;
    if (typeof value.at !== 'string' || typeof value.code !== 'string' || typeof value.message !== 'string') return null;
    return { at: value.at, code: value.code, message: value.message, ...(typeof value.server === 'string' ? { server: value.server } : {}), ...(typeof value.email === 'string' ? { email: value.email } : {}) };
  } catch {
    return null;
  }
}
