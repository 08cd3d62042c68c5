// Step one of a snapshot apply: prepare its statements, open its write transaction, read what the
// dataset holds now and the caps of its answer.
import { AisleError } from '../../../../contract/errors.ts';
import type { WriteDb } from '../../handles.ts';
import { prepareSearchIndexBuilder, type SearchIndexBuilder } from '../search-index-builder.ts';
import { recordedRows } from '../../read/datasets.ts';
import { buildIndexes, deferredIndexes, indexesBuilt } from '../deferred-indexes.ts';
import { startBulk } from './bulk-load.ts';
import { ownFacility } from './facility-scope.ts';
import type { DatasetLimits, SnapshotPlan } from './plan.ts';
import type { SnapshotState } from './state.ts';
import { prepareRowStatements } from './statements.ts';
import { ID_PART, type SnapshotPart, type SnapshotScope } from './types.ts';
import { StoredWalk } from './walk.ts';

export function begin(db: WriteDb, datasetId: number, scope: SnapshotScope, plan: SnapshotPlan, part: SnapshotPart | null, appendOnly: boolean): SnapshotState {
  const table = plan.table;
  if (table.name !== scope.table) throw new AisleError('internal', `A plan for ${table.name} was given an answer for ${scope.table}.`);
  if (part && part.column !== ID_PART && !table.columns.includes(part.column)) throw new AisleError('internal', `${table.name} has no column ${part.column}.`);
  const t = table.name;
  const statements = prepareRowStatements(db, table, part);
  // a helper-built full-text index needs its scratch file attached, which cannot be done in a transaction
  const empty = table.fts !== null && part === null && db.prepare(`SELECT NOT EXISTS (SELECT 1 FROM ${t})`).pluck().get() === 1;
  const builder = empty ? prepareSearchIndexBuilder(db, table.fts!, statements.ftsCols) : null;
  beginTransaction(db, builder);
  const fieldMap = plan.openFieldMap(db);
  // while a first sync leaves the table's indexes to a later load, counting reads the whole table:
  // a dataset never applied with rows has none (only its own applies write its rows)
  const deferred = deferredIndexes(db, t) !== null;
  const previousRows = deferred && recordedRows(db, datasetId) === 0 ? 0 : (db.prepare(`SELECT count(*) FROM ${t} WHERE dataset_id = ?`).pluck().get(datasetId) as number);
  let limits: DatasetLimits;
  try {
    limits = plan.limits(db, datasetId, previousRows);
  } catch (error) {
    db.exec('ROLLBACK');
    builder?.close();
    throw error;
  }
  // the whole table is counted only where a load may go to bulk mode or build its index (a dataset
  // that had no rows): counting it for every apply is a read of the whole table each round
  // (a first load beside indexes left dropped goes to bulk mode from its first row: no count)
  const tableRows = (previousRows === 0 && !deferred) || builder ? (db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number) : null;
  const maxRid = (db.prepare(`SELECT max(rid) FROM ${t}`).pluck().get() as number | null) ?? 0;
  const flags = new Uint8Array(maxRid + 1);
  const fresh = builder !== null && tableRows === 0;
  // walk the stored rows beside the snapshot (a whole dataset's answer); a part's few rows, and an adding answer's, are found by id
  const walk = previousRows > 0 && part === null && !appendOnly;
  const s: SnapshotState = {
    db, datasetId, scope, plan, table, part, appendOnly, statements, builder, fresh, fieldMap, previousRows, tableRows, maxRid, limits, flags, walk,
    extractScope: { list: scope.list, scopeId: scope.scopeId },
    open: true,
    fields: fieldMap.compiled,
    watch: fieldMap.watch,
    ownFacility: ownFacility(db, scope),
    parsed: 0,
    waiting: [],
    rejected: 0,
    rejection: null,
    elements: 0, elementBytes: 0, keptBytes: 0, received: 0, lookups: 0, inserted: 0, updated: 0, unchanged: 0, seenOwn: 0,
    stored: new StoredWalk(db, t, datasetId, maxRid, flags, walk),
    changedEvents: [],
    stockItems: [],
    stockCodes: [],
    bulk: null,
    ftsAfter: fresh ? maxRid : null,
    removedAfter: [],
    lastRid: maxRid,
    partValues: part ? new Set(part.values) : null,
    partColumn: part && part.column !== ID_PART ? table.columns.indexOf(part.column) : -1,
  };
  try {
    settleDeferredIndexes(s);
  } catch (error) {
    db.exec('ROLLBACK');
    builder?.close();
    throw error;
  }
  return s;
}

/**
 * The table's indexes an earlier load of this first sync left dropped (deferred-indexes.ts): a first
 * load goes on without them from its first row, as bulk-load.ts's would after a while; any other
 * answer, which finds its stored rows by id, has them built first.
 */
function settleDeferredIndexes(s: SnapshotState): void {
  const deferred = deferredIndexes(s.db, s.table.name);
  if (!deferred) return;
  if (s.previousRows === 0 && !s.part) return startBulk(s);
  buildIndexes(s.db, s.table.name, deferred.indexes, (rid) => s.statements.ftsDelete?.run(rid));
  indexesBuilt(s.db, s.table.name);
}

function beginTransaction(db: WriteDb, builder: SearchIndexBuilder | null): void {
  if (builder) {
    // BEGIN IMMEDIATE would take the scratch file's write lock too, and the helper writes it: take
    // the mirror's alone, with a write that changes nothing
    db.exec('BEGIN');
    db.exec('DELETE FROM main.meta WHERE 0');
  } else {
    db.exec('BEGIN IMMEDIATE');
  }
}
