// The helper thread of search-index-builder.ts: fills the full-text table of a scratch file with the
// rows it is sent, in one transaction, and says in the shared state when it is done or has failed.
// It never touches the mirror. Plain JavaScript, so that Node starts it without loading a
// TypeScript transform into its thread; its protocol is defined in search-index-builder.ts
// and handed over in workerData.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const port = parentPort;
if (!port) throw new Error('search-index-worker.mjs must run in a worker thread');
/** @type {import('./search-index-builder.ts').BuildWorkerData} */
const { file, table, columns, shared, slot, outcome } = workerData;
const state = new Int32Array(shared);

/** @param {number} result */
const end = (result) => {
  Atomics.store(state, slot.state, result);
  // the writer waits on `processed`, whether for room or for the end
  Atomics.notify(state, slot.processed);
  port.close();
};

/** The writer gave the load up (see `close` in search-index-builder.ts). */
const cancelled = () => Atomics.load(state, slot.cancel) !== 0;

try {
  if (cancelled()) throw new Error('cancelled before it started');
  const db = new Database(file);
  // a scratch file, thrown away if anything goes wrong: no journal on disk (OFF is refused in
  // better-sqlite3's defensive mode; MEMORY is not) and no syncs
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -2048');
  db.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('automerge', 0)`);
  const insert = db.prepare(`INSERT INTO ${table} (rowid, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`);
  const width = columns.length + 1;
  const row = new Array(width);
  db.exec('BEGIN');
  port.on('message', (/** @type {import('./search-index-builder.ts').BuildMessage} */ message) => {
    try {
      // checked once a batch: a batch is a few milliseconds of inserts
      if (cancelled()) throw new Error('cancelled');
      if (message.kind === 'rows') {
        const rows = message.rows;
        for (let i = 0; i < rows.length; i += width) {
          for (let c = 0; c < width; c++) row[c] = rows[i + c];
          insert.run(row);
        }
        Atomics.add(state, slot.processed, message.count);
        Atomics.notify(state, slot.processed);
      } else {
        db.exec('COMMIT');
        db.close();
        end(outcome.done);
      }
    } catch {
      // closing rolls the open transaction back; the writer removes the file
      db.close();
      end(outcome.failed);
    }
  });
} catch {
  end(outcome.failed);
}
