// Reads of the `datasets` table and the per-dataset facts kept in meta: what each dataset is, when it
// last synced, a log's window, a scope the server no longer lists.
import { storedNotice, type Notice } from '../../../contract/notices.ts';
import type { ScopeKind } from '../../../contract/types.ts';
import type { ReadDb } from '../handles.ts';
import type { TableName } from '../tables.ts';
import { stmt } from '../statements.ts';
import { getMeta, metaEntries } from './meta.ts';

export interface DatasetRow {
  dataset_id: number;
  key: string;
  list: string;
  scope_kind: ScopeKind;
  scope_id: string | null;
  path: string;
  etag: string | null;
  rows: number;
  last_success_at: string | null;
  last_attempt_at: string | null;
  last_error_code: string | null;
  last_error_message: string | null;
  /** The last failure's notice, as JSON; null when it had none. */
  last_error_notice: string | null;
  held_etag: string | null;
  held_rows: number | null;
  held_would_delete: number | null;
  held_at: string | null;
  /** A stock read in part between full snapshots: when its last complete one was read (stock_refresh). */
  full_at?: string | null;
}

/** The last error's notice, when it has one this Aisle knows (storedNotice). */
export function lastErrorNotice(row: Pick<DatasetRow, 'last_error_notice'>): { notice?: Notice } {
  const notice = row.last_error_notice === null ? null : storedNotice(row.last_error_notice);
  return notice ? { notice } : {};
}

export function datasetByKey(db: ReadDb, key: string): DatasetRow | undefined {
  return stmt(db, 'SELECT * FROM datasets WHERE key = ?').get(key) as DatasetRow | undefined;
}

/**
 * The facts kept of each dataset in meta, under `<prefix><dataset_id>`: written only by
 * db/write/datasets.ts, and removed with the dataset (forgetDataset).
 */
export const DATASET_META_PREFIXES = ['log_from:', 'log_newest:', 'rejected:', 'scope_gone:', 'field_missing:', 'list_reading:'] as const;

/** The rows a dataset held when it was last applied (0 for one never applied). */
export function recordedRows(db: ReadDb, datasetId: number): number {
  return (stmt(db, 'SELECT rows FROM datasets WHERE dataset_id = ?').pluck().get(datasetId) as number | undefined) ?? 0;
}

/** How the sync last read a dataset's list (sync/list-paging.ts), as it wrote it; null when none. */
export function listReading(db: ReadDb, datasetId: number): string | null {
  return getMeta(db, `list_reading:${datasetId}`);
}

export function allDatasets(db: ReadDb): DatasetRow[] {
  return db.prepare('SELECT d.*, s.full_at FROM datasets d LEFT JOIN stock_refresh s USING (dataset_id) ORDER BY d.list, d.scope_id').all() as DatasetRow[];
}

/**
 * A log's reading (dataset `log`): the window start its kept events were read from (meta
 * `log_from:<dataset_id>`, written with the events), and its newest event.
 */
/** The start of the window a log dataset's events are kept from; null for a dataset that is not a log (or not yet read). */
/** The meta entry naming when a round of the mirror first read its plan whole and settled what it left out. */
export const PLAN_SETTLED_AT = 'plan_settled_at';

/** When a round of this mirror first read its plan whole (null: never). */
export function planSettledAt(db: ReadDb): string | null {
  return getMeta(db, PLAN_SETTLED_AT);
}

export function logWindowFrom(db: ReadDb, datasetId: number): string | null {
  return getMeta(db, `log_from:${datasetId}`);
}

export function logState(db: ReadDb, datasetId: number, table: TableName): { keptFrom: string | null; newest: string | null } {
  const keptFrom = logWindowFrom(db, datasetId);
  const newest = db.prepare(`SELECT max(created_on) FROM ${table} WHERE dataset_id = ?`).pluck().get(datasetId) as string | null;
  return { keptFrom, newest };
}

/**
 * The newest event of the server's last answer for a log (meta `log_newest:<dataset_id>`, written
 * with the events): unlike the newest event kept, it goes back when the server's log does (a
 * restored backup, the demo's earlier revision).
 */
export function logServerNewest(db: ReadDb, datasetId: number): string | null {
  return getMeta(db, `log_newest:${datasetId}`);
}

/**
 * A dataset whose scope (an account, a facility) the server no longer lists: since when (the first
 * complete round that missed it) and the scope's name then (its record is gone from the mirror).
 * Kept in meta `scope_gone:<dataset_id>` until the dataset is planned again or removed.
 */
export interface ScopeGone {
  since: string;
  name: string;
}

export function scopeGone(db: ReadDb, datasetId: number): ScopeGone | null {
  const value = getMeta(db, `scope_gone:${datasetId}`);
  return value === null ? null : (JSON.parse(value) as ScopeGone);
}

/** A dataset as the lookups date their answers by it. */
export interface DatasetInfo {
  datasetId: number;
  key: string;
  list: string;
  scopeKind: string;
  scopeId: string | null;
  lastSuccessAt: string | null;
  rows: number;
}

export function datasetInfos(db: ReadDb): DatasetInfo[] {
  return stmt(
    db,
    `SELECT dataset_id AS datasetId, key, list, scope_kind AS scopeKind, scope_id AS scopeId,
            last_success_at AS lastSuccessAt, rows FROM datasets`,
  ).all() as DatasetInfo[];
}

/**
 * Changes whenever the file does, as this connection sees it: `data_version` moves when another
 * connection commits (the sync worker), `total_changes()` when this one writes. What is derived
 * from the file can be kept while it stays the same.
 */
export function fileStamp(db: ReadDb): string {
  return stmt(db, `SELECT (SELECT data_version FROM pragma_data_version()) || '/' || total_changes()`).pluck().get() as string;
}

/** The scope of each dataset of a list, by dataset id. */
export function scopeIdsOfList(db: ReadDb, list: string): Map<number, string | null> {
  const rows = db.prepare('SELECT dataset_id, scope_id FROM datasets WHERE list = ?').all(list) as { dataset_id: number; scope_id: string | null }[];
  return new Map(rows.map((d) => [d.dataset_id, d.scope_id]));
}

/** A watched field a dataset's answers no longer carry (lists/field-watch.ts), since when. */
export interface MissingNote {
  list: string;
  column: string;
  field: string;
  since: string;
  nowCarried: string[];
}

/** A dataset's missing field, when one is noted. */
export function readMissingOf(db: ReadDb, datasetId: number): MissingNote | null {
  const json = getMeta(db, `field_missing:${datasetId}`);
  return json ? (JSON.parse(json) as MissingNote) : null;
}

/** Every dataset's missing field, by dataset id. */
export function readMissing(db: ReadDb): Map<number, MissingNote> {
  return new Map([...metaEntries(db, 'field_missing:')].map(([key, value]) => [Number(key.slice('field_missing:'.length)), JSON.parse(value) as MissingNote]));
}

/** The datasets whose last answer had records not kept, by dataset id. */
export function readRejected(db: ReadDb): Map<number, { count: number; reason: string | null }> {
  return new Map([...metaEntries(db, 'rejected:')].map(([key, value]) => [Number(key.slice('rejected:'.length)), JSON.parse(value) as { count: number; reason: string | null }]));
}
