// Each user's scan list, kept on this workstation so that a count survives a restart, a crash or a
// sign-out for a break: whoever scanned it finds it again when they sign in, and nobody else does.
// A file per (server, e-mail) in `scan-lists/` (mode 0600), named by a hash of the pair and written
// whole at each change: a scan writes its own user's list only (at most SCAN_ROWS_KEPT rows, ~1.5
// MB), whatever the other users keep here. The main thread never writes the mirror, hence files
// beside it. A list nobody changed for SCAN_LIST_FORGOTTEN_AFTER_DAYS is dropped at the next write.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { scanLocationSchema, scanRowSchema } from '../../contract/methods.ts';
import { SCAN_ROWS_KEPT, type SavedScanList, type ScanListSaved, type ScanLocation, type ScanRow } from '../../contract/types.ts';
import type { MirrorIdentity } from '../ports.ts';
import { readJsonFile, readUsersFile, removeFile, userKey, writeJsonFile } from '../shared/json-file.ts';

export const SCAN_LISTS_DIR = 'scan-lists';
/** The older versions' one file of every user's list: moved into SCAN_LISTS_DIR when found. */
export const SCAN_LISTS_FILE = 'scan-lists.json';
export const SCAN_LIST_FORGOTTEN_AFTER_DAYS = 30;

// The contract's schemas and its types are one shape: this fails to compile when they part.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rowsAgree: Same<z.output<typeof scanRowSchema>, ScanRow> = true;
const locationsAgree: Same<z.output<typeof scanLocationSchema>, ScanLocation> = true;
void rowsAgree;
void locationsAgree;

/** One user's file. */
interface Stored {
  /** userKey(server, email): the file's name is a hash of it, this says whose it is. */
  user: string;
  rows: unknown[];
  location: unknown;
  savedAt: string;
}

export interface ScanLists {
  get(identity: MirrorIdentity): SavedScanList;
  save(identity: MirrorIdentity, list: { rows: ScanRow[]; location: ScanLocation | null }, now?: Date): ScanListSaved;
}

export function createScanLists(dataDir: string): ScanLists {
  const dir = path.join(dataDir, SCAN_LISTS_DIR);
  const fileOf = (user: string) => path.join(dir, `${createHash('sha256').update(user).digest('hex').slice(0, 32)}.json`);
  let moved = false;
  /** Older versions kept every list in one file: each goes to its own file (unless it has one), then the old file goes. */
  const moveOldFile = () => {
    if (moved) return;
    moved = true;
    const old = path.join(dataDir, SCAN_LISTS_FILE);
    if (!existsSync(old)) return;
    for (const [user, stored] of Object.entries(readUsersFile<Partial<Stored>>(old).users)) {
      if (!stored || typeof stored !== 'object' || existsSync(fileOf(user))) continue;
      writeJsonFile(fileOf(user), { ...stored, user });
      const savedAt = new Date(String(stored.savedAt));
      if (!Number.isNaN(savedAt.getTime())) utimesSync(fileOf(user), savedAt, savedAt);
    }
    removeFile(old);
  };
  const read = (user: string): Partial<Stored> | null => {
    moveOldFile();
    const stored = readJsonFile<unknown>(fileOf(user), null);
    return stored && typeof stored === 'object' && (stored as Partial<Stored>).user === user ? (stored as Partial<Stored>) : null;
  };

  return {
    get(identity) {
      return readable(read(userKey(identity.server, identity.email)));
    },
    save(identity, list, now = new Date()) {
      moveOldFile();
      const user = userKey(identity.server, identity.email);
      const file = fileOf(user);
      const empty = list.rows.length === 0 && list.location === null;
      if (empty) removeFile(file);
      else {
        writeJsonFile(file, { user, rows: list.rows, location: list.location, savedAt: now.toISOString() } satisfies Stored);
        utimesSync(file, now, now); // the file's time is its list's: the sweep below reads no list
      }
      forgetOld(dir, now.getTime() - SCAN_LIST_FORGOTTEN_AFTER_DAYS * 86_400_000, now);
      return empty ? { rows: 0, savedAt: null } : { rows: list.rows.length, savedAt: now.toISOString() };
    },
  };
}

/**
 * No list can have been saved before Aisle kept scan lists: a time before this was written by a
 * clock that was wrong, not by someone who walked away years ago.
 */
const EARLIEST_PLAUSIBLE_MS = Date.UTC(2026, 0, 1);
/** A list's time this far ahead of the clock says the clock was ahead when it was saved. */
const FUTURE_TOLERANCE_MS = 86_400_000;

/**
 * Drops the lists last written before `since`. A list's time (its file's, set from its savedAt)
 * that no working clock could have written, before Aisle kept lists or ahead of now, is not
 * evidence of age: the list is kept, and its time set to now, so that it ages from today.
 */
function forgetOld(dir: string, since: number, now: Date): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const savedMs = statSync(file).mtimeMs;
    if (savedMs < EARLIEST_PLAUSIBLE_MS || savedMs > now.getTime() + FUTURE_TOLERANCE_MS) {
      // only when this clock itself looks right: a wrong clock must not re-date everyone's list
      if (now.getTime() >= EARLIEST_PLAUSIBLE_MS) utimesSync(file, now, now);
      continue;
    }
    if (savedMs < since) removeFile(file);
  }
}

/**
 * A stored list as the contract has it. Of a damaged or hand-edited file, what parses is kept: each
 * row that does, and its location if it does.
 */
function readable(stored: Partial<Stored> | null): SavedScanList {
  if (!stored) return { rows: [], location: null, savedAt: null };
  const { rows, location, savedAt } = stored;
  const kept = (Array.isArray(rows) ? rows : []).slice(0, SCAN_ROWS_KEPT).flatMap((row) => {
    const parsed = scanRowSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
  const where = scanLocationSchema.safeParse(location);
  return { rows: kept, location: where.success ? where.data : null, savedAt: typeof savedAt === 'string' ? savedAt : null };
}
