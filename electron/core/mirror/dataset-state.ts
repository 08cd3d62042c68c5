// The `datasets` table: what each dataset is, when it last synced, and why it failed or is held.
// Every screen dates its answers from here (lookup/data-age.ts).
import type { DatasetStatus, ScopeKind, Settings } from '../../contract/types.ts';
import { lastErrorNotice, type DatasetRow } from '../db/read/datasets.ts';
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
   * (db/stock-refresh/): its `history` dataset's events name the items that moved (null: history is
   * not kept, so every reading is full), and the answer for some items only is asked for with their
   * values in `body[field]` and applied as the complete answer for the rows whose `column` holds
   * one of them. A full snapshot at least every `fullEveryMinutes` (0: always).
   */
  refresh?: { history: string | null; field: string; column: string; fullEveryMinutes: number };
}

/** The `path` a dataset synced from a site relay is recorded with (a round from the warehouse server writes the list's own path over it). */
export const RELAY_PATH_PREFIX = 'relay:';

export function staleAfter(list: string, settings: Pick<Settings, 'staleAfterMinutes'>): number {
  return settings.staleAfterMinutes[list] ?? settings.staleAfterMinutes.default ?? 24 * 60;
}

function isStale(syncedAt: string | null, minutes: number, now: number): boolean {
  return syncedAt === null || now - Date.parse(syncedAt) > minutes * 60_000;
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
    lastError: row.last_error_code ? { code: row.last_error_code, message: row.last_error_message ?? '', ...lastErrorNotice(row) } : null,
    stale: isStale(row.last_success_at, minutes, now),
    staleAfterMinutes: minutes,
    fullCheckAt: row.full_at ?? null,
    held:
      row.held_at !== null
        ? { currentRows: row.rows, incomingRows: row.held_rows ?? 0, wouldDelete: row.held_would_delete ?? 0, receivedAt: row.held_at }
        : null,
    syncing,
    viaRelay: row.path.startsWith(RELAY_PATH_PREFIX),
  };
}
