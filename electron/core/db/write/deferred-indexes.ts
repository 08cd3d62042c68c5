// A table's B-tree indexes left dropped between the datasets of one first sync, and built once at
// its last: several accounts' items, or several facilities' stock, loaded one after the other into
// a table that had none of them. Each load drops the indexes anyway (bulk-load.ts); building them
// after every one costs the whole table each time, and each later load would first keep the
// indexes for a while, paying for each row several times its share of a rebuild
// (docs/decisions/0025-indexes-once-per-first-sync.md).
//
// The indexes left to build are written in `meta`, in the transaction that dropped them, so that a
// sync that stops between two loads (a crash, a failed last dataset) builds them at its end or at
// the start of the next round. Meanwhile lookups answer right, from the table read whole.
import type { WriteDb } from '../handles.ts';
import { getMeta, metaEntries } from '../read/meta.ts';
import { deleteMeta, putMeta } from './meta.ts';

const KEY_PREFIX = 'deferredIndexes.';

/** What a table waits for: its indexes' CREATE statements, unique ones first, and its full-text table (whose entries go with a repeated row). */
export interface DeferredIndexes {
  indexes: string[];
  fts: string | null;
}

/** The indexes a table's loads left dropped, or null when it has all of its own. */
export function deferredIndexes(db: WriteDb, table: string): DeferredIndexes | null {
  const value = getMeta(db, KEY_PREFIX + table);
  return value === null ? null : (JSON.parse(value) as DeferredIndexes);
}

/** Notes, in the load's transaction, that these indexes of `table` are dropped and left to a later load. */
export function deferIndexes(db: WriteDb, table: string, deferred: DeferredIndexes): void {
  putMeta(db, KEY_PREFIX + table, JSON.stringify(deferred));
}

/** Forgets the note, in the transaction that builds the indexes again. */
export function indexesBuilt(db: WriteDb, table: string): void {
  deleteMeta(db, KEY_PREFIX + table);
}

/**
 * Builds every index left dropped, table by table, each in a transaction of its own (a sync that
 * ended before the load meant to build them). A row repeated across the loads (the same id in two
 * accounts' answers, kept apart while the unique index was dropped) keeps its last copy, as a bulk
 * load does with its own rows.
 */
export function buildDeferredIndexes(db: WriteDb): string[] {
  const tables = [...metaEntries(db, KEY_PREFIX).keys()].map((key) => key.slice(KEY_PREFIX.length));
  for (const table of tables) {
    db.transaction(() => {
      const deferred = deferredIndexes(db, table);
      if (deferred) {
        const ftsDelete = deferred.fts ? db.prepare(`DELETE FROM ${deferred.fts} WHERE rowid = ?`) : null;
        buildIndexes(db, table, deferred.indexes, (rid) => ftsDelete?.run(rid));
      }
      indexesBuilt(db, table);
    })();
  }
  return tables;
}

/**
 * SQLite's sorter may merge its sorted runs on this many helper threads while the writer builds an
 * index. Indexes are built only by a bulk load (a first load, or one of an eighth of a table or more)
 * and by a round that finds a build left over; the largest is a first sync's last stock load, after
 * its download has ended, when the server has nothing more to send and the second core is otherwise
 * idle. At other times the connection sorts on its own thread
 * (docs/decisions/0029-index-builds-sort-on-two-threads.md).
 */
const SORT_HELPER_THREADS = 1;

/**
 * Creates the indexes; when a unique one meets a repeated id, the older copies are removed (each
 * through `removed`, for what goes with the row) and the index created again.
 */
export function buildIndexes(db: WriteDb, table: string, indexes: readonly string[], removed: (rid: number) => void): number {
  let removedRows = 0;
  db.pragma(`threads = ${SORT_HELPER_THREADS}`);
  try {
    for (const sql of indexes) {
      try {
        db.exec(sql);
      } catch (error) {
        // the id index is unique; with it dropped, a repeated id got in twice: keep the last copy
        if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
        removedRows += removeRepeatedIds(db, table, removed);
        db.exec(sql);
      }
    }
  } finally {
    db.pragma('threads = 0');
  }
  return removedRows;
}

function removeRepeatedIds(db: WriteDb, table: string, removed: (rid: number) => void): number {
  const key = table === 'records' ? 'dataset_id, id' : 'id';
  const on = table === 'records' ? 'a.dataset_id = d.dataset_id AND a.id = d.id' : 'a.id = d.id';
  const extra = db
    .prepare(`SELECT a.rid FROM ${table} a JOIN (SELECT ${key}, max(rid) AS keep FROM ${table} GROUP BY ${key} HAVING count(*) > 1) d ON ${on} AND a.rid < d.keep`)
    .pluck()
    .all() as number[];
  const remove = db.prepare(`DELETE FROM ${table} WHERE rid = ?`);
  for (const rid of extra) {
    remove.run(rid);
    removed(rid);
  }
  return extra.length;
}
