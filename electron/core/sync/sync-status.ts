// The status of every dataset, read from the mirror's `datasets` table, and the one summary every
// host says it by: what `sync.status`, the status bar and `aisle status` show.
import type { DatasetStatus, ScopeKind, Settings, SyncFailure, SyncProblem, SyncProgress, SyncSummary } from '../../contract/types.ts';
import { staleAfter, toDatasetStatus } from '../mirror/dataset-state.ts';
import { allDatasets } from '../db/read/datasets.ts';
import { scopeNamesById } from '../db/read/scopes.ts';
import type { ReadDb } from '../db/handles.ts';
import { listLabel } from '../lists/registry.ts';

export function readDatasetStatuses(db: ReadDb, settings: Pick<Settings, 'staleAfterMinutes'>, syncing: ReadonlySet<string> = new Set(), now = Date.now()): DatasetStatus[] {
  const names = scopeNamesById(db, false);
  return allDatasets(db).map((row) =>
    toDatasetStatus(row, { label: listLabel(row.list), scopeName: row.scope_id ? (names.get(row.scope_id) ?? null) : null }, settings, syncing.has(row.key), now),
  );
}

/**
 * A dataset's status from the round's progress alone, for while a first sync fills the file and it
 * cannot be read (db/first-fill.ts): what the round said of it so far (rows, done, failed), dated now.
 */
export function statusFromProgress(before: DatasetStatus | undefined, p: SyncProgress, settings: Pick<Settings, 'staleAfterMinutes'>, now: string): DatasetStatus {
  const read = p.phase === 'done' || p.phase === 'unchanged';
  const ended = read || p.phase === 'held' || p.phase === 'error';
  return {
    key: p.key,
    list: p.list,
    label: listLabel(p.list),
    scope: { kind: p.scopeKind ?? scopeKindOfKey(p.key), id: p.scopeId, name: p.scopeName ?? before?.scope.name ?? null },
    lastSuccessAt: read ? now : (before?.lastSuccessAt ?? null),
    lastAttemptAt: now,
    etag: null,
    rows: p.rows,
    lastError: p.phase === 'error' ? p.error : null,
    stale: false,
    staleAfterMinutes: staleAfter(p.list, settings),
    fullCheckAt: null,
    held: null,
    syncing: !ended,
  };
}

/** `items@account:<id>`, `stock@facility:<id>`, or a global list's bare name (migrations/index.ts). */
function scopeKindOfKey(key: string): ScopeKind {
  return key.includes('@account:') ? 'account' : key.includes('@facility:') ? 'facility' : 'global';
}

/**
 * The datasets' state in one summary that cannot contradict itself: a list whose last attempt
 * failed is a problem whatever its age, so "up to date" means nothing failed; "last data" is the
 * newest list actually read, so a round in which everything failed does not count as a sync.
 * `failedBefore`: the last sync that failed before any list (sync-failure.ts), said only when it is
 * newer than every list's last attempt (a later round has spoken since otherwise).
 */
export function summarizeSync(datasets: readonly DatasetStatus[], failedBefore: SyncFailure | null = null): SyncSummary {
  let lastDataAt: string | null = null;
  let lastAttemptAt: string | null = null;
  let oldestDataAt: string | null = null;
  let neverRead = false;
  for (const d of datasets) {
    if (d.lastSuccessAt && (!lastDataAt || d.lastSuccessAt > lastDataAt)) lastDataAt = d.lastSuccessAt;
    if (d.lastAttemptAt && (!lastAttemptAt || d.lastAttemptAt > lastAttemptAt)) lastAttemptAt = d.lastAttemptAt;
    if (!d.lastSuccessAt) neverRead = true;
    else if (!oldestDataAt || d.lastSuccessAt < oldestDataAt) oldestDataAt = d.lastSuccessAt;
  }
  const before = failedBefore && (!lastAttemptAt || failedBefore.at > lastAttemptAt) ? failedBefore : null;
  const failed = datasets.filter((d) => d.lastError);
  const problems = groupProblems(datasets);
  const state: SyncSummary['state'] =
    lastDataAt === null && datasets.length === 0 && !before
      ? 'never'
      : before || (datasets.length > 0 && failed.length === datasets.length)
        ? 'failed'
        : problems.length > 0
          ? 'problems'
          : lastDataAt === null
            ? 'never'
            : neverRead || datasets.some((d) => d.stale)
              ? 'out-of-date'
              : 'up-to-date';
  const read = datasets.filter((d) => d.lastSuccessAt !== null);
  const viaRelay = read.length > 0 && read.every((d) => d.viaRelay === true);
  const attention = problems.filter((p) => p.attention).length + (before && !NETWORK.has(before.code) ? 1 : 0);
  return { state, lastDataAt, oldestDataAt, lists: datasets.length, failedLists: failed.length, problems, attention, failedBefore: before, viaRelay };
}

/**
 * The network's causes: they pass by themselves when it is back, and the line says them (offline,
 * last sync failed); nobody at the workstation or in IT has anything to act on, so they are not
 * counted as needing attention (they are still grouped, for IT's lines).
 */
const NETWORK = new Set(['offline', 'timeout']);

/** Codes that are one cause whatever each request's words were: the network, or the session. */
const ONE_CAUSE = new Set(['offline', 'timeout', 'unauthorized', 'session_expired']);

/** Failures by cause (code and message), in the order first met; lists held back for a decision as one more cause. */
function groupProblems(datasets: readonly DatasetStatus[]): SyncProblem[] {
  const byCause = new Map<string, SyncProblem>();
  const add = (cause: string, problem: Omit<SyncProblem, 'lists' | 'attention'>, d: DatasetStatus) => {
    let group = byCause.get(cause);
    if (!group) byCause.set(cause, (group = { ...problem, attention: !NETWORK.has(problem.code), lists: [] }));
    group.lists.push({ key: d.key, list: d.list, label: d.label, scopeName: d.scope.name ?? d.scope.id });
  };
  for (const d of datasets) {
    if (d.lastError) {
      const same = ONE_CAUSE.has(d.lastError.code);
      add(same ? d.lastError.code : `${d.lastError.code}\u0000${d.lastError.message}`, { code: d.lastError.code, message: d.lastError.message, ...(d.lastError.notice ? { notice: d.lastError.notice } : {}) }, d);
    }
    if (d.held) add('held', { code: 'held', message: '' }, d);
  }
  return [...byCause.values()];
}
