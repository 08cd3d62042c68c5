// A mirror file opened on a disk that is already full. SQLite's WAL mode keeps its index of the
// WAL in a `-shm` file that it must create and grow, and on a full disk it cannot: the open fails
// although every page of the file can be read. The lookups' connection then reads the file with
// `locking_mode = EXCLUSIVE`, which keeps that index in memory and needs no `-shm` file; the lock
// it holds keeps the sync's writer out, which costs nothing while no write could succeed anyway.
// Why this and not a read-only or `immutable` open: docs/decisions/0010-mirror-on-a-full-disk.md.
import Database from 'better-sqlite3';
import { AisleError } from '../../contract/errors.ts';
import type { ReadDb } from '../db/connection.ts';
import { SCHEMA_VERSION } from '../db/migrations/index.ts';

/** What the user reads while the mirror is open this way (the sync status's notice, sync.now's error). */
export const DISK_FULL_NOTICE =
  'The disk is full: lookups answer from the offline data as it was last synced, and nothing can be synced. Free some space on this computer; sync resumes then.';

const FULL_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', 'SQLITE_IOERR_SHMSIZE']);

/** True when an error (or one it wraps) says the disk is full, in the system's or SQLite's words. */
export function isDiskFull(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
  }
  return false;
}

/** Opens an existing, up-to-date mirror for lookups without creating SQLite's side files. */
export function openReaderOnFullDisk(file: string): ReadDb {
  let db: ReadDb;
  try {
    db = new Database(file, { fileMustExist: true }) as ReadDb;
  } catch (error) {
    throw new AisleError('mirror_error', `The disk is full and the offline data file cannot be opened: ${(error as Error).message}`, { cause: error });
  }
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('query_only = ON');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) throw new AisleError('mirror_error', 'The disk is full, and the offline data file must be prepared before it can be read: free some space on this computer.');
    return db;
  } catch (error) {
    db.close();
    if (error instanceof AisleError) throw error;
    throw new AisleError('mirror_error', `The disk is full and the offline data file cannot be read: ${(error as Error).message}`, { cause: error });
  }
}
