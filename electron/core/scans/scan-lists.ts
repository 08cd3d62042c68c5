// Each user's scan list, kept on this workstation so that a count survives a restart, a crash or a
// sign-out for a break: whoever scanned it finds it again when they sign in, and nobody else does.
// Kept per (server, e-mail) in `scan-lists.json` (mode 0600), written whole at each change (a list
// is at most SCAN_ROWS_KEPT rows); the main thread never writes the mirror, hence a file beside it.
// A list nobody changed for SCAN_LIST_FORGOTTEN_AFTER_DAYS is dropped at the next write.
import path from 'node:path';
import type { z } from 'zod';
import { scanLocationSchema, scanRowSchema } from '../../contract/methods.ts';
import { SCAN_ROWS_KEPT, type SavedScanList, type ScanLocation, type ScanRow } from '../../contract/types.ts';
import type { MirrorIdentity } from '../ports.ts';
import { readUsersFile, userKey, writeJsonFile } from '../session/json-file.ts';

export const SCAN_LISTS_FILE = 'scan-lists.json';
export const SCAN_LIST_FORGOTTEN_AFTER_DAYS = 30;

// The contract's schemas and its types are one shape: this fails to compile when they part.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const rowsAgree: Same<z.output<typeof scanRowSchema>, ScanRow> = true;
const locationsAgree: Same<z.output<typeof scanLocationSchema>, ScanLocation> = true;
void rowsAgree;
void locationsAgree;

interface Stored {
  rows: unknown[];
  location: unknown;
  savedAt: string;
}

export interface ScanLists {
  get(identity: MirrorIdentity): SavedScanList;
  save(identity: MirrorIdentity, list: { rows: ScanRow[]; location: ScanLocation | null }, now?: Date): SavedScanList;
}

export function createScanLists(dataDir: string): ScanLists {
  const file = path.join(dataDir, SCAN_LISTS_FILE);
  const key = (identity: MirrorIdentity) => userKey(identity.server, identity.email);

  return {
    get(identity) {
      return readable(readUsersFile<unknown>(file).users[key(identity)]);
    },
    save(identity, list, now = new Date()) {
      const data = readUsersFile<unknown>(file);
      const since = now.getTime() - SCAN_LIST_FORGOTTEN_AFTER_DAYS * 86_400_000;
      for (const [user, stored] of Object.entries(data.users)) if (!(Date.parse(savedAtOf(stored)) >= since)) delete data.users[user];
      const empty = list.rows.length === 0 && list.location === null;
      const saved: SavedScanList = { rows: list.rows, location: list.location, savedAt: now.toISOString() };
      if (empty) delete data.users[key(identity)];
      else data.users[key(identity)] = saved;
      writeJsonFile(file, data);
      // the list was checked by the contract on its way in: answered as it is, not parsed again
      return empty ? { rows: [], location: null, savedAt: null } : saved;
    },
  };
}

/**
 * A stored list as the contract has it. Of a damaged or hand-edited entry, what parses is kept: each
 * row that does, and its location if it does. Whatever else is in the file is not answered.
 */
function readable(stored: unknown): SavedScanList {
  if (!stored || typeof stored !== 'object') return { rows: [], location: null, savedAt: null };
  const { rows, location, savedAt } = stored as Partial<Stored>;
  const kept = (Array.isArray(rows) ? rows : []).slice(0, SCAN_ROWS_KEPT).flatMap((row) => {
    const parsed = scanRowSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
  const where = scanLocationSchema.safeParse(location);
  return { rows: kept, location: where.success ? where.data : null, savedAt: typeof savedAt === 'string' ? savedAt : null };
}

function savedAtOf(stored: unknown): string {
  const savedAt = stored && typeof stored === 'object' ? (stored as Partial<Stored>).savedAt : undefined;
  return typeof savedAt === 'string' ? savedAt : '';
}
