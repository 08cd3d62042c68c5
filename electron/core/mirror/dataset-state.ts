// The `datasets` table: what each dataset is, when it last synced, and why it failed or is held.
// Every screen dates its answers from here (datasetAge).
import type { DataAge, DatasetStatus, ScopeKind, Settings } from '../../contract/types.ts';
import type { ReadDb, WriteDb } from '../db/connection.ts';
import type { TableName } from './record-tables.ts';

/** One list endpoint for one scope, as the registry describes it. */
export interface DatasetSpec {
  key: string;
  list: string;
  label: string;
  table: TableName;
  scopeKind: ScopeKind;
  scopeId: string | null;
  scopeName: string | null;
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
  /**
   * The dataset is a log read newest first in pages (inventory history), not a list: `body.limit`
   * events a call, older pages asked for with `to` = the oldest event's time; at most `maxRows`
   * events, those older than `body.from` leaving as the window moves. Rows leaving is its nature,
   * so the mass-deletion guard does not apply to it.
   */
  log?: { maxRows: number };
  /**
   * The dataset (a facility's stock) can be brought up to date in part between full snapshots
   * (stock-refresh.ts): its `history` dataset's events name the items that moved (null: history is
   * not kept, so every reading is full), and the answer for some items only is asked for with their
   * values in `body[field]` and applied as the complete answer for the rows whose `column` holds
   * one of them. A full snapshot at least every `fullEveryMinutes` (0: always).
   */
  refresh?: { history: string | null; field: string; column: string; fullEveryMinutes: number };
}

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
  held_etag: string | null;
  held_rows: number | null;
  held_would_delete: number | null;
  held_at: string | null;
  /** A stock read in part between full snapshots: when its last complete one was read (stock_refresh). */
  full_at?: string | null;
}

export interface HeldSnapshot {
  etag: string | null;
  rows: number;
  wouldDelete: number;
  at: string;
}

export function ensureDataset(db: WriteDb, spec: DatasetSpec): number {
  db.prepare(
    `INSERT INTO datasets (key, list, scope_kind, scope_id, path) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET path = excluded.path`,
  ).run(spec.key, spec.list, spec.scopeKind, spec.scopeId, spec.path);
  return db.prepare('SELECT dataset_id FROM datasets WHERE key = ?').pluck().get(spec.key) as number;
}

export function datasetByKey(db: ReadDb, key: string): DatasetRow | undefined {
  return db.prepare('SELECT * FROM datasets WHERE key = ?').get(key) as DatasetRow | undefined;
}

export function allDatasets(db: ReadDb): DatasetRow[] {
  return db.prepare('SELECT d.*, s.full_at FROM datasets d LEFT JOIN stock_refresh s USING (dataset_id) ORDER BY d.list, d.scope_id').all() as DatasetRow[];
}

export function markAttempt(db: WriteDb, datasetId: number, at: string): void {
  db.prepare('UPDATE datasets SET last_attempt_at = ? WHERE dataset_id = ?').run(at, datasetId);
}

export function markError(db: WriteDb, datasetId: number, error: { code: string; message: string }): void {
  db.prepare('UPDATE datasets SET last_error_code = ?, last_error_message = ? WHERE dataset_id = ?').run(error.code, error.message, datasetId);
}

/** A successful 304: the data is as fresh as now. */
export function markUnchanged(db: WriteDb, datasetId: number, at: string): void {
  db.prepare('UPDATE datasets SET last_success_at = ?, last_error_code = NULL, last_error_message = NULL WHERE dataset_id = ?').run(at, datasetId);
}

export function markApplied(db: WriteDb, datasetId: number, result: { etag: string | null; rows: number; at: string }): void {
  db.prepare(
    `UPDATE datasets SET etag = ?, rows = ?, last_success_at = ?, last_error_code = NULL, last_error_message = NULL,
       held_etag = NULL, held_rows = NULL, held_would_delete = NULL, held_at = NULL WHERE dataset_id = ?`,
  ).run(result.etag, result.rows, result.at, datasetId);
}

/**
 * A log's reading (dataset `log`): the window start its kept events were read from (meta
 * `log_from:<dataset_id>`, written with the events), and its newest event.
 */
export function logState(db: ReadDb, datasetId: number, table: string): { keptFrom: string | null; newest: string | null } {
  const keptFrom = (db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(`log_from:${datasetId}`) as string | undefined) ?? null;
  const newest = db.prepare(`SELECT max(created_on) FROM ${table} WHERE dataset_id = ?`).pluck().get(datasetId) as string | null;
  return { keptFrom, newest };
}

export function markLogFrom(db: WriteDb, datasetId: number, from: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(`log_from:${datasetId}`, from);
}

/**
 * The newest event of the server's last answer for a log (meta `log_newest:<dataset_id>`, written
 * with the events): unlike the newest event kept, it goes back when the server's log does (a
 * restored backup, the demo's earlier revision).
 */
export function logServerNewest(db: ReadDb, datasetId: number): string | null {
  return (db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(`log_newest:${datasetId}`) as string | undefined) ?? null;
}

export function markLogServerNewest(db: WriteDb, datasetId: number, newest: string | null): void {
  if (newest === null) db.prepare('DELETE FROM meta WHERE key = ?').run(`log_newest:${datasetId}`);
  else db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(`log_newest:${datasetId}`, newest);
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
  const value = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(`scope_gone:${datasetId}`) as string | undefined;
  return value === undefined ? null : (JSON.parse(value) as ScopeGone);
}

export function markScopeGone(db: WriteDb, datasetId: number, gone: ScopeGone): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(`scope_gone:${datasetId}`, JSON.stringify(gone));
}

export function clearScopeGone(db: WriteDb, datasetId: number): void {
  db.prepare('DELETE FROM meta WHERE key = ?').run(`scope_gone:${datasetId}`);
}

export function clearHeld(db: WriteDb, key: string): void {
  db.prepare('UPDATE datasets SET held_etag = NULL, held_rows = NULL, held_would_delete = NULL, held_at = NULL WHERE key = ?').run(key);
}

export function staleAfter(list: string, settings: Pick<Settings, 'staleAfterMinutes'>): number {
  return settings.staleAfterMinutes[list] ?? settings.staleAfterMinutes.default ?? 24 * 60;
}

function isStale(syncedAt: string | null, minutes: number, now: number): boolean {
  return syncedAt === null || now - Date.parse(syncedAt) > minutes * 60_000;
}

/**
 * How old the data behind an answer is: the oldest last success among the datasets of `list`
 * (in `scopeId` when given). Never synced when any of them never succeeded.
 */
export function datasetAge(db: ReadDb, list: string, scopeId: string | null, settings: Pick<Settings, 'staleAfterMinutes'>, now = Date.now()): DataAge {
  const rows = (
    scopeId === null
      ? db.prepare('SELECT last_success_at FROM datasets WHERE list = ?').all(list)
      : db.prepare('SELECT last_success_at FROM datasets WHERE list = ? AND scope_id = ?').all(list, scopeId)
  ) as { last_success_at: string | null }[];
  const minutes = staleAfter(list, settings);
  let syncedAt: string | null = rows.length ? rows[0].last_success_at : null;
  for (const row of rows) {
    if (row.last_success_at === null) {
      syncedAt = null;
      break;
    }
    if (syncedAt !== null && row.last_success_at < syncedAt) syncedAt = row.last_success_at;
  }
  return { syncedAt, stale: isStale(syncedAt, minutes, now), staleAfterMinutes: minutes };
}

export function toDatasetStatus(
  row: DatasetRow,
  spec: { label: string; scopeName: string | null } | undefined,
  settings: Pick<Settings, 'staleAfterMinutes'>,
  syncing: boolean,
  now = Date.now(),
): DatasetStatus {
  const minutes = staleAfter(row.list, settings);
  return {
    key: row.key,
    list: row.list,
    label: spec?.label ?? row.list,
    scope: { kind: row.scope_kind, id: row.scope_id, name: spec?.scopeName ?? null },
    lastSuccessAt: row.last_success_at,
    lastAttemptAt: row.last_attempt_at,
    etag: row.etag,
    rows: row.rows,
    lastError: row.last_error_code ? { code: row.last_error_code, message: row.last_error_message ?? '' } : null,
    stale: isStale(row.last_success_at, minutes, now),
    staleAfterMinutes: minutes,
    fullCheckAt: row.full_at ?? null,
    held:
      row.held_at !== null
        ? { currentRows: row.rows, incomingRows: row.held_rows ?? 0, wouldDelete: row.held_would_delete ?? 0, receivedAt: row.held_at }
        : null,
    syncing,
  };
}
