// A large load into an empty table has its full-text index built on a helper thread while the rows
// stream in, instead of on the writer's thread after they are all in: tokenizing a large catalog
// costs seconds of CPU, and the writer has the B-tree indexes to build meanwhile. The helper fills an
// FTS5 table of the same definition in a scratch file beside the mirror; at the end the writer
// copies that table's shadow tables (its segments, term index and per-row sizes, rowids included)
// into the mirror's empty index, inside the snapshot's transaction: readers see the old data or the
// new data with its index, never a mix. The copy is valid because both tables have the same
// definition in the same SQLite library: an FTS5 index is nothing but those rows.
// If anything goes wrong on the helper's side, `finishInto` says so and the writer builds the index
// itself, as it does for smaller loads: the helper can make a load faster, never different.
import { closeSync, existsSync, openSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReadDb } from '../handles.ts';

/** The helper's start data. */
export interface BuildWorkerData {
  /** The scratch file, with the full-text table already created in it. */
  file: string;
  table: string;
  columns: readonly string[];
  /** Int32 slots that both threads read without messages: the writer waits on them inside a synchronous apply. */
  shared: SharedArrayBuffer;
  /** `cancel` is set by the writer when the load is given up: the helper rolls back, closes its file and ends. */
  slot: { state: number; processed: number; cancel: number };
  /** What the helper stores in `slot.state` when it ends (BUILDING until then). */
  outcome: { done: number; failed: number };
}

export type BuildMessage =
  /** Rows, flat: a rowid, then each indexed column's value, then the next rowid… */
  | { kind: 'rows'; rows: unknown[]; count: number }
  /** No more rows: commit, close the file, end with outcome.done. */
  | { kind: 'end' }
  /** Wakes a helper waiting for rows, to see the `cancel` slot. */
  | { kind: 'cancel' };

const SLOT = { state: 0, processed: 1, cancel: 2 };
const BUILDING = 0;
const OUTCOME = { done: 1, failed: 2 };

/** The scratch file's schema name on the writer connection. */
const SCHEMA = 'aisle_index_build';
/** The full-text table's name in the scratch file. */
const TABLE = 'fts';
const SHADOW_TABLES = ['data', 'idx', 'docsize'] as const;
const BATCH_ROWS = 1024;
/** Rows the helper may fall behind before the writer waits for it (memory: rows in flight). */
const MAX_LAG_ROWS = 131_072;
/** The helper is given up on when it has written nothing for this long. */
const STALL_MS = 30_000;
/** How long `close` waits for a cancelled helper to let go of its file (it checks between rows). */
const CANCEL_WAIT_MS = 5_000;

const SCRATCH_SUFFIX = '-index-build-';
let scratchFiles = 0;

function removeScratch(file: string): void {
  try {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  } catch {
    // still open by a helper that has not let go in time (Windows refuses to delete open files):
    // the next load of this mirror after a restart removes it as a dead process's scratch file
  }
}

/** Scratch files of this mirror (with their journals) left by a process that is gone (killed during a load). */
function removeStaleScratch(mirror: string): void {
  const prefix = path.basename(mirror) + SCRATCH_SUFFIX;
  for (const name of readdirSync(path.dirname(mirror))) {
    const pid = name.startsWith(prefix) ? Number.parseInt(name.slice(prefix.length), 10) : NaN;
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) rmSync(path.join(path.dirname(mirror), name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * From source (Node 22, vitest) the helper is search-index-worker.mjs beside this file; in the
 * Electron bundle this file is inlined into out/main/*.js and the helper is built beside them as
 * search-index-worker.js (electron.vite.config.ts). The name is computed so that the bundler leaves
 * the URL alone.
 */
const workerFile = import.meta.url.endsWith('.ts') ? 'search-index-worker.mjs' : 'search-index-worker.js';
const WORKER_URL = new URL(`./${workerFile}`, import.meta.url);

export interface SearchIndexBuilder {
  readonly started: boolean;
  /** Starts the helper thread with the rows already written: each its rowid, then its indexed columns' values. */
  start(backlog: Iterable<unknown[]>): void;
  /** One more row: its rowid, and a row of the table's values of which `pick` gives the indexed columns. */
  add(rid: number, values: readonly unknown[]): void;
  /**
   * Waits for the helper and copies its index into the mirror's, which must still be empty; in the
   * writer's open transaction. False when the helper failed: nothing was copied.
   */
  finishInto(): boolean;
  /** After the transaction ended (COMMIT or ROLLBACK): stops the helper, detaches and removes the file. */
  close(): void;
}

/**
 * Prepares a helper build of `fts` (the mirror's full-text table of `columns`) on the writer
 * connection; `pick[n]` is where `columns[n]` is in the values given to `add`. Call it before BEGIN:
 * a file can only be attached outside a transaction. Null for a mirror in memory, or when the index
 * is not empty.
 */
export function prepareSearchIndexBuilder(db: ReadDb, fts: { table: string; columns: readonly string[] }, pick: readonly number[]): SearchIndexBuilder | null {
  // no helper beside this file (a broken package): the writer builds the index, without first
  // waiting for a thread that never starts
  if (db.memory || db.inTransaction || !existsSync(fileURLToPath(WORKER_URL))) return null;
  if (db.prepare(`SELECT count(*) FROM ${fts.table}_docsize`).pluck().get() !== 0) return null;
  const definition = db.prepare(`SELECT sql FROM main.sqlite_master WHERE name = ?`).pluck().get(fts.table) as string | undefined;
  const using = definition?.search(/\bUSING\b/i) ?? -1;
  if (!definition || using < 0) return null;

  // a name of its own: another process (the CLI beside the app) may be loading the same mirror
  const file = `${db.name}${SCRATCH_SUFFIX}${process.pid}-${++scratchFiles}`;
  const removeFile = () => removeScratch(file);
  let attached = false;
  try {
    removeStaleScratch(db.name);
    closeSync(openSync(file, 'wx', 0o600));
    db.prepare(`ATTACH ? AS ${SCHEMA}`).run(file);
    attached = true;
    db.exec(`CREATE VIRTUAL TABLE ${SCHEMA}.${TABLE} ${definition.slice(using)}`);
  } catch {
    // no room for the scratch file, say: the writer builds the index itself
    if (attached) db.exec(`DETACH ${SCHEMA}`);
    removeFile();
    return null;
  }

  const shared = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const state = new Int32Array(shared);
  let worker: Worker | null = null;
  // one flat array a batch, no array a row: the writer adds a million rows in its busiest loop
  let batch: unknown[] = [];
  let count = 0;
  let sent = 0;
  let failed = false;

  const post = (message: BuildMessage) => worker!.postMessage(message);
  const flush = () => {
    if (!count) return;
    post({ kind: 'rows', rows: batch, count });
    sent += count;
    batch = [];
    count = 0;
  };
  /** Waits until `ready()`, for as long as the helper keeps writing; false if it stopped. */
  const waitFor = (ready: () => boolean): boolean => {
    let processed = Atomics.load(state, SLOT.processed);
    let progressAt = Date.now();
    while (!ready()) {
      if (Atomics.load(state, SLOT.state) !== BUILDING) return ready();
      Atomics.wait(state, SLOT.processed, processed, 200);
      const now = Atomics.load(state, SLOT.processed);
      if (now !== processed) {
        processed = now;
        progressAt = Date.now();
      } else if (Date.now() - progressAt > STALL_MS) return false;
    }
    return true;
  };

  return {
    get started() {
      return worker !== null;
    },
    start(backlog) {
      worker = new Worker(WORKER_URL, {
        workerData: { file, table: TABLE, columns: fts.columns, shared, slot: SLOT, outcome: OUTCOME } satisfies BuildWorkerData,
        // it only passes short-lived rows to SQLite: a small nursery keeps the process in its memory budget
        resourceLimits: { maxYoungGenerationSizeMb: 4 },
      });
      // a thread that cannot start or dies is seen between two chunks of the download (its errors
      // inside SQLite come through the shared state); either way the writer builds the index itself
      worker.on('error', () => (failed = true));
      // it never keeps the process alive: a cancelled helper ends on its own (see close)
      worker.unref();
      worker.on('exit', () => {
        if (Atomics.load(state, SLOT.state) !== OUTCOME.done) failed = true;
      });
      for (const row of backlog) {
        for (const value of row) batch.push(value);
        if (++count >= BATCH_ROWS) flush();
      }
    },
    add(rid, values) {
      if (failed) return;
      batch.push(rid);
      for (const at of pick) batch.push(values[at]);
      if (++count < BATCH_ROWS) return;
      flush();
      if (sent - Atomics.load(state, SLOT.processed) > MAX_LAG_ROWS) {
        failed = !waitFor(() => sent - Atomics.load(state, SLOT.processed) <= MAX_LAG_ROWS / 2);
      }
    },
    finishInto() {
      if (!worker || failed) return false;
      flush();
      post({ kind: 'end' });
      if (!waitFor(() => Atomics.load(state, SLOT.state) === OUTCOME.done)) return false;
      // the index to copy holds every row sent, and the mirror's is still empty
      if (db.prepare(`SELECT count(*) FROM ${SCHEMA}.${TABLE}_docsize`).pluck().get() !== sent) return false;
      if (db.prepare(`SELECT count(*) FROM main.${fts.table}_docsize`).pluck().get() !== 0) return false;
      // FTS5's shadow tables are read-only to SQL in defensive mode: lifted for these three copies
      db.unsafeMode(true);
      try {
        for (const shadow of SHADOW_TABLES) {
          db.exec(`DELETE FROM main.${fts.table}_${shadow}`);
          db.exec(`INSERT INTO main.${fts.table}_${shadow} SELECT * FROM ${SCHEMA}.${TABLE}_${shadow}`);
        }
      } finally {
        db.unsafeMode(false);
      }
      return true;
    },
    close() {
      // A helper still building is asked to stop, never terminated: terminating a thread while it is
      // inside a SQLite call can abort the whole process. It checks the flag between rows, rolls
      // back, closes its file and ends by itself; the wait is bounded so a stuck helper cannot hold
      // the writer, which then only leaves it running, unreferenced, until it sees the flag.
      if (worker && Atomics.load(state, SLOT.state) === BUILDING) {
        Atomics.store(state, SLOT.cancel, 1);
        post({ kind: 'cancel' });
        const until = Date.now() + CANCEL_WAIT_MS;
        while (Atomics.load(state, SLOT.state) === BUILDING && Date.now() < until) {
          Atomics.wait(state, SLOT.processed, Atomics.load(state, SLOT.processed), 50);
        }
      }
      worker = null;
      if (!db.inTransaction && db.open) db.exec(`DETACH ${SCHEMA}`);
      removeFile();
    },
  };
}
