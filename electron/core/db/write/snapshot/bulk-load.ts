// Bulk load: a large first load drops the table's B-tree indexes and builds them once at the end
// (much faster than maintaining them row by row), and fills the full-text index from the table in
// one statement at the end (no per-row call, no segment merging: the sync merges after the round),
// all inside the apply's transaction: readers still see the old dataset or the new one. A load into
// an empty table fills its full-text index at the end too; a large one has it built meanwhile on a
// helper thread (search-index-builder.ts). In a first sync, a load that another first load of the
// same table follows leaves the indexes dropped for that one to build (deferred-indexes.ts).
import { buildIndexes, deferIndexes, deferredIndexes, indexesBuilt } from '../deferred-indexes.ts';
import type { SnapshotState } from './state.ts';

const BULK_MIN_INSERTS = 20_000;
/**
 * A first load into a table that holds other datasets' rows goes to bulk mode once it has written this
 * share of the table's rows. Rebuilding the indexes costs every row of the table; keeping them costs
 * each new row several times more than its share of a rebuild (a row inserted into the indexes of a
 * large table touches pages all over them). So, as in renting skis before buying them, a load keeps
 * the indexes until it has paid about what one rebuild would cost, then rebuilds: never much more
 * than twice the better of the two, whatever the load's size turns out to be, which is not known
 * ahead. docs/decisions/0022-bulk-load-share.md has the measured costs.
 */
const BULK_SHARE_OF_TABLE = 1 / 8;

/** A first load into this dataset that has written enough rows, and a large enough share of the table's, goes to bulk mode. */
export function bulkTime(s: Pick<SnapshotState, 'previousRows' | 'part' | 'bulk' | 'inserted' | 'tableRows'>): boolean {
  return s.previousRows === 0 && !s.part && !s.bulk && s.inserted >= BULK_MIN_INSERTS && s.tableRows !== null && s.inserted >= s.tableRows * BULK_SHARE_OF_TABLE;
}

export function startBulk(s: SnapshotState): void {
  const { db, table } = s;
  const t = table.name;
  // unique indexes first, so that repeated ids are settled before the others are built
  const indexes = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY sql NOT LIKE 'CREATE UNIQUE%', name`)
    .all(t) as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
  // those an earlier load of this first sync left dropped are built with these (deferred-indexes.ts)
  const deferred = deferredIndexes(db, t)?.indexes ?? [];
  s.bulk = { indexes: [...deferred, ...indexes.map((i) => i.sql)].sort((a, b) => Number(!a.startsWith('CREATE UNIQUE')) - Number(!b.startsWith('CREATE UNIQUE'))) };
  s.ftsAfter ??= s.lastRid;
  if (s.fresh && table.fts) {
    const written = db.prepare(`SELECT rid, ${table.fts.columns.join(', ')} FROM ${t} WHERE rid > ? ORDER BY rid`).raw();
    s.builder!.start(written.iterate(s.ftsAfter) as Iterable<unknown[]>);
  }
}

/**
 * Builds the indexes dropped for the load, or, when another first load of the table follows in the
 * same sync (`later`), leaves them dropped for it to build (deferred-indexes.ts).
 */
export function endBulk(s: SnapshotState, later = false): void {
  if (!s.bulk) return;
  const { db } = s;
  const t = s.table.name;
  if (later) {
    deferIndexes(db, t, { indexes: s.bulk.indexes, fts: s.table.fts?.table ?? null });
  } else {
    s.inserted -= buildIndexes(db, t, s.bulk.indexes, (rid) => {
      if (rid <= s.ftsAfter!) s.statements.ftsDelete?.run(rid);
      else s.removedAfter.push(rid);
    });
    indexesBuilt(db, t);
  }
  s.bulk = null;
}

/** Full-text entries for the rows after `ftsAfter`: the helper's index copied in, or built here from the table. */
export function fillSearchIndex(s: SnapshotState): void {
  const fts = s.table.fts;
  if (s.ftsAfter === null || !fts) return;
  if (s.builder?.started && s.builder.finishInto()) {
    for (const rid of s.removedAfter) s.statements.ftsDelete!.run(rid);
    return;
  }
  const columns = fts.columns.join(', ');
  // merging segments while they are written only to merge them again: the sync merges them once,
  // after the round (search-index.ts); automerge is a stored setting: put back in this transaction
  s.db.exec(`INSERT INTO ${fts.table} (${fts.table}, rank) VALUES ('automerge', 0)`);
  s.db.prepare(`INSERT INTO ${fts.table} (rowid, ${columns}) SELECT rid, ${columns} FROM ${s.table.name} WHERE rid > ?`).run(s.ftsAfter);
  s.db.exec(`INSERT INTO ${fts.table} (${fts.table}, rank) VALUES ('automerge', 4)`);
}
