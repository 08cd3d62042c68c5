// Opens a mirror file: creates it with mode 0600, WAL, and brings its schema up to date.
// A file written by a newer Aisle is refused rather than guessed at.
import { chmodSync, closeSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AisleError, noticeError } from '../../contract/errors.ts';
import type { ReadDb, WriteDb } from './handles.ts';
import { migrate, SCHEMA_VERSION } from './migrations/index.ts';
import { checkpointOnlyByHand, useWal } from './wal.ts';


/** The page size of a new mirror file (see openMirror). */
export const PAGE_SIZE = 4096;

export interface OpenOptions {
  /** A read connection (lookups): never migrates, never writes. */
  readonly?: boolean;
}

export function openMirror(file: string, options: { readonly: true }): ReadDb;
export function openMirror(file: string, options?: { readonly?: false }): WriteDb;
export function openMirror(file: string, options: OpenOptions = {}): ReadDb | WriteDb {
  if (!options.readonly) ensurePrivateFile(file);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  } catch (error) {
    throw noticeError('mirror_error', { code: 'mirror_unopenable', detail: (error as Error).message }, { cause: error });
  }
  let version: number | null = null;
  try {
    db.pragma('busy_timeout = 5000');
    if (!options.readonly) {
      // a new file only (set before anything is written; an existing file keeps its size): 4 KiB
      // pages, because a round writes every page it changes twice (into the WAL, then the file) and
      // a round changes scattered rows: each costs one page in the table and in each index it is in.
      // Larger pages load a first sync faster, but a first sync happens once and a round every few
      // minutes (docs/decisions/0002-mirror-page-size.md).
      db.pragma(`page_size = ${PAGE_SIZE}`);
      useWal(db);
    }
    version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw noticeError('mirror_error', { code: 'mirror_newer', version, known: SCHEMA_VERSION });
    }
    if (options.readonly) {
      if (version < SCHEMA_VERSION) throw noticeError('mirror_error', { code: 'mirror_not_ready' });
      tuneForLookups(db);
    } else {
      migrate(db as WriteDb);
    }
    return db as WriteDb;
  } catch (error) {
    db.close();
    if (error instanceof AisleError) throw error;
    // A file of schema 0 whose first migration fails holds tables of its own: another database put
    // in the mirror's place, as damaged for Aisle's purpose as a garbled one.
    const cause = version === 0 ? Object.assign(new Error((error as Error).message, { cause: error }), { code: 'SQLITE_NOTADB' }) : error;
    throw noticeError('mirror_error', { code: 'mirror_file_damaged', detail: (error as Error).message }, { cause });
  }
}

/**
 * True when a failure to open or check a mirror file means the file itself is damaged (truncated,
 * garbled, not a database, or a database that is not a mirror): it is a cache, so it can be set
 * aside and synced afresh. A newer Aisle's file, a busy or a full disk are not damage.
 */
export function isDamagedMirror(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code)) return true;
    if (current instanceof AisleError && current.notice?.code === 'mirror_newer') return false;
  }
  return false;
}

/**
 * Checks the file's pages (`PRAGMA quick_check`: every b-tree page, without the slower index
 * comparison). Run after an unclean exit, before anything is served from the file; throws an
 * AisleError that isDamagedMirror recognises when a page is wrong.
 */
export function quickCheck(db: ReadDb): void {
  let answer: unknown;
  try {
    answer = db.pragma('quick_check(1)', { simple: true });
  } catch (error) {
    throw noticeError('mirror_error', { code: 'mirror_file_damaged', detail: (error as Error).message }, { cause: error });
  }
  if (answer !== 'ok') {
    const cause = Object.assign(new Error(String(answer)), { code: 'SQLITE_CORRUPT' });
    throw noticeError('mirror_error', { code: 'mirror_file_damaged', detail: String(answer) }, { cause });
  }
}

/**
 * Moves a damaged mirror file (and its WAL and shared-memory files) to `<name>.damaged-<time>.sqlite`
 * beside it: kept for whoever wants to look, never opened again. Returns the new path.
 */
export function setMirrorAside(file: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const aside = path.join(path.dirname(file), `${path.basename(file, '.sqlite')}.damaged-${stamp}.sqlite`);
  renameSync(file, aside);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  }
  return aside;
}

/**
 * The writer made a reader: what the main thread keeps for lookups once it has opened (and so
 * created and migrated) the file. SQLite then refuses any write on it too (`query_only`).
 */
export function readOnly(db: WriteDb): ReadDb {
  db.pragma('query_only = ON');
  tuneForLookups(db);
  return db;
}

/**
 * A reader reads the file through a memory map. A lookup
 * touches a few scattered pages (a stock row, its item); mapped, each costs a memory access instead
 * of a read() call and a page copy into SQLite's cache: several times faster while the file is in
 * the OS cache (as after a sync; docs/decisions/0005-lookup-statements.md). The price is paid on a
 * file that is not (after a restart): each first fault of a page reads the pages around it, so the
 * mirror manager warms a newly opened file in the background (warm-file.ts).
 * SQLite caps the size at its build's limit (2 GB); the rest of a larger file is read as before.
 */
const MMAP_BYTES = 2 ** 31;

function tuneForLookups(db: Database.Database): void {
  db.pragma(`mmap_size = ${MMAP_BYTES}`);
}

/**
 * An empty mirror in memory, migrated: what lookups read while the file is lent to its first sync
 * (db/first-fill.ts), which holds no data either. The caller may write what it must (whose mirror it
 * is) before readOnly.
 */
export function openEmptyMirror(): WriteDb {
  const db = new Database(':memory:') as WriteDb;
  migrate(db);
  return db;
}

/** True when a WAL with content was left beside the file: the last process did not close it. */
export function walLeftBehind(file: string): boolean {
  return (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0;
}

/** Removes a file if it is there (a marker), quietly. */
export function removeQuietly(file: string): void {
  rmSync(file, { force: true });
}

/**
 * The sync's writer connection (the sync worker's; the ingest benchmark's): a larger page cache, so
 * that big applies spill less (16 MiB keeps the process under its memory budget), and the WAL copied
 * into the file by the writer at the times wal.ts names, never inside a COMMIT.
 */
export function openMirrorWriter(file: string): WriteDb {
  const db = openMirror(file);
  db.pragma('cache_size = -16384');
  checkpointOnlyByHand(db);
  return db;
}

/**
 * The schema version of an existing mirror file, read without changing it; null when there is no
 * file or it cannot be read (openMirror then says why).
 */
export function schemaVersionOf(file: string): number | null {
  if (!existsSync(file)) return null;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return db.pragma('user_version', { simple: true }) as number;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/** True when opening this file would run migrations (an existing mirror of an older schema). */
export function needsUpgrade(file: string): boolean {
  const version = schemaVersionOf(file);
  return version !== null && version > 0 && version < SCHEMA_VERSION;
}

function ensurePrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/**
 * Opens an existing, up-to-date mirror for lookups without creating SQLite's side files, for a
 * disk that is already full (mirror/full-disk.ts): `locking_mode = EXCLUSIVE` keeps the WAL's index
 * in memory, so no `-shm` file is needed; the lock keeps the sync's writer out meanwhile.
 */
export function openReaderOnFullDisk(file: string): ReadDb {
  let db: ReadDb;
  try {
    db = new Database(file, { fileMustExist: true }) as ReadDb;
  } catch (error) {
    throw noticeError('mirror_error', { code: 'disk_full_unopenable', detail: (error as Error).message }, { cause: error });
  }
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('query_only = ON');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) throw noticeError('mirror_error', { code: 'disk_full_unprepared' });
    return db;
  } catch (error) {
    db.close();
    if (error instanceof AisleError) throw error;
    throw noticeError('mirror_error', { code: 'disk_full_unreadable', detail: (error as Error).message }, { cause: error });
  }
}
