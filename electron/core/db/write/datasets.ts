// The one writer of dataset bookkeeping: the `datasets` table and the per-dataset facts kept in meta
// (each round's attempt, error, success, a snapshot held back, a log's window, a scope the server no
// longer lists, records not kept, a field gone from the records). Every step of a round that notes
// something of a dataset calls a function here.
import type { Notice, ScopeKind } from '../../../contract/types.ts';
import type { WriteDb } from '../handles.ts';
import { DATASET_META_PREFIXES, PLAN_SETTLED_AT, planSettledAt, readMissingOf, type MissingNote, type ScopeGone } from '../read/datasets.ts';
import { deleteMeta, putMeta } from './meta.ts';

/** What a dataset is, as the list registry describes it (sync's DatasetSpec has more). */
export interface DatasetKey {
  key: string;
  list: string;
  scopeKind: ScopeKind;
  scopeId: string | null;
  path: string;
}

/** The dataset's id, its row made if it is new (its path kept up to date if not). */
export function ensureDataset(db: WriteDb, spec: DatasetKey): number {
  db.prepare(
    `INSERT INTO datasets (key, list, scope_kind, scope_id, path) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET path = excluded.path`,
  ).run(spec.key, spec.list, spec.scopeKind, spec.scopeId, spec.path);
  return db.prepare('SELECT dataset_id FROM datasets WHERE key = ?').pluck().get(spec.key) as number;
}

export function markAttempt(db: WriteDb, datasetId: number, at: string): void {
  db.prepare('UPDATE datasets SET last_attempt_at = ? WHERE dataset_id = ?').run(at, datasetId);
}

export function markError(db: WriteDb, datasetId: number, error: { code: string; message: string; notice?: Notice }): void {
  const notice = error.notice ? JSON.stringify(error.notice) : null;
  db.prepare('UPDATE datasets SET last_error_code = ?, last_error_message = ?, last_error_notice = ? WHERE dataset_id = ?').run(error.code, error.message, notice, datasetId);
}

/** A successful 304: the data is as fresh as now. */
export function markUnchanged(db: WriteDb, datasetId: number, at: string): void {
  db.prepare('UPDATE datasets SET last_success_at = ?, last_error_code = NULL, last_error_message = NULL, last_error_notice = NULL WHERE dataset_id = ?').run(at, datasetId);
}

export function markApplied(db: WriteDb, datasetId: number, result: { etag: string | null; rows: number; at: string }): void {
  db.prepare(
    `UPDATE datasets SET etag = ?, rows = ?, last_success_at = ?, last_error_code = NULL, last_error_message = NULL, last_error_notice = NULL,
       held_etag = NULL, held_rows = NULL, held_would_delete = NULL, held_at = NULL WHERE dataset_id = ?`,
  ).run(result.etag, result.rows, result.at, datasetId);
}

export interface HeldSnapshot {
  etag: string | null;
  rows: number;
  wouldDelete: number;
  at: string;
}

export function markHeld(db: WriteDb, datasetId: number, held: HeldSnapshot): void {
  db.prepare('UPDATE datasets SET held_etag = ?, held_rows = ?, held_would_delete = ?, held_at = ? WHERE dataset_id = ?').run(
    held.etag,
    held.rows,
    held.wouldDelete,
    held.at,
    datasetId,
  );
}

export function clearHeld(db: WriteDb, key: string): void {
  db.prepare('UPDATE datasets SET held_etag = NULL, held_rows = NULL, held_would_delete = NULL, held_at = NULL WHERE key = ?').run(key);
}

/**
 * A round read its plan whole and settled the datasets it left out (sync/unplanned-datasets.ts):
 * from then on, a dataset this mirror does not hold is one the core itself dropped or never planned
 * (only that settling removes datasets), which the site relay may then take out of its catalog. The
 * first such round is noted, once: a round that changes nothing writes nothing more.
 */
export function markPlanSettled(db: WriteDb, at: string): void {
  if (planSettledAt(db) === null) putMeta(db, PLAN_SETTLED_AT, at);
}

export function markLogFrom(db: WriteDb, datasetId: number, from: string): void {
  putMeta(db, `log_from:${datasetId}`, from);
}

export function markLogServerNewest(db: WriteDb, datasetId: number, newest: string | null): void {
  if (newest === null) deleteMeta(db, `log_newest:${datasetId}`);
  else putMeta(db, `log_newest:${datasetId}`, newest);
}

export function markScopeGone(db: WriteDb, datasetId: number, gone: ScopeGone): void {
  putMeta(db, `scope_gone:${datasetId}`, JSON.stringify(gone));
}

export function clearScopeGone(db: WriteDb, datasetId: number): void {
  deleteMeta(db, `scope_gone:${datasetId}`);
}

/** A dataset kept while its scope is missing from the server's list: since when, and the error that says so, together. */
export function markKeptWhileScopeGone(db: WriteDb, datasetId: number, gone: ScopeGone, error: { code: string; message: string }): void {
  db.transaction(() => {
    markScopeGone(db, datasetId, gone);
    markError(db, datasetId, error);
  }).immediate();
}

/** Notes (in the apply's transaction) how many records of a dataset were not kept, and why the first was not. */
export function noteRejected(db: WriteDb, datasetId: number, count: number, reason: string | null): void {
  if (count === 0) deleteMeta(db, `rejected:${datasetId}`);
  else putMeta(db, `rejected:${datasetId}`, JSON.stringify({ count, reason }));
}

/** Notes (outside any transaction: the apply was rolled back) a dataset's missing field; keeps the first time it was met. */
export function noteMissing(db: WriteDb, datasetId: number, note: Omit<MissingNote, 'since'>, at: string): MissingNote {
  const before = readMissingOf(db, datasetId);
  const since = before && before.column === note.column && before.field === note.field ? before.since : at;
  const made = { ...note, since };
  putMeta(db, `field_missing:${datasetId}`, JSON.stringify(made));
  return made;
}

/** A dataset read whole again: its missing field, if noted, is no longer. */
export function clearMissing(db: WriteDb, datasetId: number): void {
  deleteMeta(db, `field_missing:${datasetId}`);
}

/** How the sync read a dataset's list this time (sync/list-paging.ts's memory, as JSON). */
export function markListReading(db: WriteDb, datasetId: number, memory: string): void {
  putMeta(db, `list_reading:${datasetId}`, memory);
}

/**
 * Removes what is kept of a dataset beside its rows: its row in `datasets`, its facts in meta, its
 * stock reading's marks and its queued moved items. Call in the transaction that removes its rows.
 */
export function forgetDataset(db: WriteDb, datasetId: number): void {
  for (const prefix of DATASET_META_PREFIXES) deleteMeta(db, `${prefix}${datasetId}`);
  db.prepare('DELETE FROM stock_refresh WHERE dataset_id = ?').run(datasetId);
  db.prepare('DELETE FROM items_moved WHERE dataset_id = ?').run(datasetId);
  db.prepare('DELETE FROM datasets WHERE dataset_id = ?').run(datasetId);
}
