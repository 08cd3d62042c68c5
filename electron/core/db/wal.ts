// The mirror's write-ahead log, in one place: how a connection keeps it, and when the sync's writer
// copies it into the file (a checkpoint) or cuts it back to nothing, with why.
//
// Lookups read the mirror on their own connections while the sync worker writes it: WAL lets both
// run at once, a reader seeing the file as it was at its last COMMIT. The writer never checkpoints
// by itself inside a COMMIT (that would make one dataset's COMMIT pay for copying all before it);
// it copies at the times below instead.
import type Database from 'better-sqlite3';
import { writeFillBack } from './first-fill.ts';
import type { WriteDb } from './handles.ts';

/** A connection to a mirror file, before or after connection.ts brands it a ReadDb or WriteDb. */
type Connection = Database.Database;

/** A WAL may stay this large after a checkpoint; a larger one (a big apply's) shrinks back to it. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/** Every writable connection to a mirror file: WAL, synced to disk at checkpoints (a power cut may lose the last COMMITs, never the file). */
export function useWal(db: Connection): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
}

/** The sync's writer connection: no checkpoint inside a COMMIT; the writer copies at the times below. */
export function checkpointOnlyByHand(db: Connection): void {
  db.pragma('wal_autocheckpoint = 0');
}

/**
 * After each dataset applied, the WAL is copied into the file (PASSIVE: no reader waits, none is
 * waited for), so that the next dataset writes the WAL from its start again. A WAL kept for the
 * whole round grows large, every page the later datasets read is looked for in its index, and the
 * file grows into new blocks on disk; the copying costs about the same, spread over the round
 * (docs/decisions/0003-checkpoint-after-each-dataset.md). What this one could not copy (a reader
 * was on an older snapshot) the next does.
 */
export function checkpointAfterDataset(db: Connection): void {
  // a first fill has no WAL to copy: what it wrote goes to disk meanwhile instead (first-fill.ts)
  writeFillBack(db as WriteDb);
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // the dataset is committed either way; the round's last checkpoint copies what this one did not
  }
}

/**
 * After a rolled-back answer: the pages it spilled into the WAL are garbage that stays on disk (a
 * never-ending answer grew it to gigabytes) until the WAL is reset. Cut it back now, but only if no
 * reader holds it (a lookup on an older snapshot): never wait for one.
 */
export function cutWalBackAfterRollback(db: Connection): void {
  if (db.memory || db.inTransaction) return;
  const wait = db.pragma('busy_timeout', { simple: true }) as number;
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // busy: a reader holds the WAL; the round's last checkpoint cuts it back
  } finally {
    db.pragma(`busy_timeout = ${wait}`);
  }
}

/**
 * At the end of a round. After a round that wrote data, the WAL holds all of it (up to the whole
 * mirror after a first sync): copy it into the file and cut the WAL to nothing now, while the round
 * pays anyway. Left to the next round, truncating a WAL of gigabytes made a round where nothing
 * changed slow. (TRUNCATE waits for readers on older snapshots, but lets new readers in.) A round
 * that wrote nothing only copies what is left.
 */
export function checkpointAfterRound(db: Connection, wroteData: boolean): void {
  db.pragma(wroteData ? 'wal_checkpoint(TRUNCATE)' : 'wal_checkpoint(PASSIVE)');
}

/**
 * Before the worker closes its connection after a task: what is left is copied without waiting,
 * so that the close (which checkpoints the rest under an exclusive lock when it is the file's last
 * connection) has little to do.
 */
export function checkpointBeforeClose(db: Connection): void {
  db.pragma('wal_checkpoint(PASSIVE)');
}
