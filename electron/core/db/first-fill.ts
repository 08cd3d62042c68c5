// A mirror's first sync writes the file once, not twice (docs/decisions/0034-first-fill-without-wal.md).
//
// In WAL mode every page is written to the log, then copied into the file. A first sync writes the
// whole mirror, and that second copy is a large share of its time. While no dataset was ever applied
// there is nothing to read, so the sync's writer takes the file for itself instead: a rollback
// journal (only pages that existed before a transaction are journalled, so a failed answer still
// rolls back, and a first load's new pages are written once) and no fsync per commit. A marker
// beside the file says a fill is under way: found at the next open, the fill stopped with the file
// possibly half written (a power cut with nothing synced), and the file, which held nothing before
// the fill, is thrown away and synced afresh. While the answers stream in, what was written is sent
// to disk off the thread (writeFillBack): left to the kernel, gigabytes of unwritten pages piled up
// until it held the writer back. At the end the file is synced to disk, put back in WAL mode, and
// the marker removed. Main's reader is closed meanwhile (MirrorManager.lendForFirstFill).
import { closeSync, existsSync, fsync, fsyncSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { WriteDb } from './handles.ts';

/** Beside a mirror file while a first sync fills it (see above). */
export function firstFillMarkerPath(file: string): string {
  return `${file}.first-fill`;
}

/** True when a first sync began filling this file and did not end: its content cannot be trusted. */
export function unfinishedFirstFill(file: string): boolean {
  return existsSync(firstFillMarkerPath(file));
}

/** Removes a file whose first fill did not end, with its journal and side files, then the marker. */
export function discardUnfinishedFirstFill(file: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  rmSync(firstFillMarkerPath(file), { force: true });
  syncFolder(file);
}

/** True when no dataset of this mirror was ever applied: a round may fill it (beginFirstFill). */
export function neverFilled(db: WriteDb): boolean {
  return db.prepare('SELECT 1 FROM datasets WHERE last_success_at IS NOT NULL LIMIT 1').get() === undefined;
}

/** The files being filled, by their writer: a descriptor to sync them by, whether a sync is under way, whether the fill ended. */
const filling = new WeakMap<WriteDb, { fd: number; syncing: boolean; ended: boolean }>();

/**
 * Takes the file for a first fill: marker first (on disk before any unsynced write), then the
 * rollback journal. False, with nothing changed, when another connection still has the file open
 * (SQLite leaves WAL mode only for its only connection): the round then writes as usual.
 */
export function beginFirstFill(db: WriteDb, file: string): boolean {
  const marker = firstFillMarkerPath(file);
  writeFileSync(marker, '', { mode: 0o600, flush: true });
  syncFolder(file);
  let mode: unknown = null;
  try {
    mode = db.pragma('journal_mode = TRUNCATE', { simple: true });
  } catch {
    // SQLITE_BUSY: another connection has the file open
  }
  if (mode !== 'truncate') {
    rmSync(marker, { force: true });
    return false;
  }
  db.pragma('synchronous = OFF');
  filling.set(db, { fd: openSync(file, 'r'), syncing: false, ended: false });
  return true;
}

/**
 * While `db` fills its file: starts sending what it wrote so far to disk on a thread of the pool,
 * unless a sync is still under way. Called as the answers stream in and after each dataset, so that
 * the disk writes while the round works instead of all at its end. Does nothing for any other writer.
 */
export function writeFillBack(db: WriteDb): void {
  const fill = filling.get(db);
  if (!fill || fill.syncing) return;
  fill.syncing = true;
  // a failure here is met again by the sync at the end, which throws
  fsync(fill.fd, () => {
    fill.syncing = false;
    if (fill.ended) closeSync(fill.fd);
  });
}

/**
 * Ends a first fill, whatever came of the round (what it applied is whole, dataset by dataset):
 * closes the writer, syncs the file to disk, puts it back in WAL mode for readers and later rounds,
 * then removes the marker. `reopen` is how the caller opens a writer (connection.ts), so that the
 * file is back in WAL mode exactly as every other open leaves it.
 */
export function endFirstFill(db: WriteDb, file: string, reopen: (file: string) => WriteDb): void {
  const fill = filling.get(db);
  filling.delete(db);
  db.close();
  if (fill) {
    fill.ended = true;
    // a sync still under way on the pool closes its descriptor when it returns
    if (!fill.syncing) closeSync(fill.fd);
  }
  // the journal is left empty when its last transaction ended (TRUNCATE mode); the file in WAL mode needs none
  if (statSync(`${file}-journal`, { throwIfNoEntry: false })?.size === 0) rmSync(`${file}-journal`);
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  reopen(file).close();
  rmSync(firstFillMarkerPath(file), { force: true });
  syncFolder(file);
}

/** A created or removed file is on disk only once its folder is. */
function syncFolder(file: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(path.dirname(file), 'r');
    fsyncSync(fd);
  } catch {
    // not every file system syncs a folder; the marker's own write was flushed
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
