// A mirror file opened on a disk that is already full. SQLite's WAL mode keeps its index of the
// WAL in a `-shm` file that it must create and grow, and on a full disk it cannot: the open fails
// although every page of the file can be read. The lookups' connection then reads the file with
// `locking_mode = EXCLUSIVE`, which keeps that index in memory and needs no `-shm` file; the lock
// it holds keeps the sync's writer out, which costs nothing while no write could succeed anyway.
// Why this and not a read-only or `immutable` open: docs/decisions/0010-mirror-on-a-full-disk.md.
// The connection itself is opened by core/db/connection.ts (openReaderOnFullDisk).

import type { Notice } from '../../contract/notices.ts';

/** What the user is told while the mirror is open this way (the sync status's notice). */
export const DISK_FULL: Notice = { code: 'disk_full' };

const FULL_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', 'SQLITE_IOERR_SHMSIZE']);

/** True when an error (or one it wraps) says the disk is full, in the system's or SQLite's words. */
export function isDiskFull(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
  }
  return false;
}
