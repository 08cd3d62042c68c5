// How `aisle status` (and `aisle sync`'s closing table) print a mirror: one summary line a person
// reads first, then a line per dataset.
import type { DatasetStatus, SyncFailure } from '../../../contract/types.ts';
import { summarizeSync } from '../../../core/entrances/dataset-status.ts';
import type { MirrorIdentity } from '../../../core/entrances/mirror-files.ts';
import { count } from '../plural.ts';

export function age(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h ago`;
  return `${Math.round(minutes / 1440)} days ago`;
}

export function datasetLine(d: DatasetStatus): string {
  const scope = d.scope.id ? ` ${d.scope.name ?? d.scope.id}` : '';
  const state = d.held
    ? `HELD: would delete ${d.held.wouldDelete} of ${d.held.currentRows}`
    : d.lastError
      ? `error: ${d.lastError.message} (${d.lastError.code})`
      : d.stale
        ? 'stale'
        : 'ok';
  // as the sync page: only when it says more than the last sync's age
  const whole = d.fullCheckAt && age(d.fullCheckAt) !== age(d.lastSuccessAt) ? ` (whole checked ${age(d.fullCheckAt)})` : '';
  const rows = count(d.rows, 'row').padStart(14);
  return `${`${d.label}${scope}`.padEnd(40)} ${rows}  ${age(d.lastSuccessAt).padEnd(14)} ${state}${whole}`;
}

/**
 * A mirror of the demo warehouse the app or `aisle sync --server demo` started in its own process:
 * nobody keeps it up to date once that process ends, and that is no problem.
 */
export function isInProcessDemo(identity: MirrorIdentity | null): boolean {
  return identity?.server === 'demo';
}

/**
 * Datasets a person should look at: failed, held back or out of date. None in an in-process demo's
 * mirror: the warehouse its failure or hold came from went with the process that ran it, and only
 * the next demo session, which syncs that file again by itself, can change it.
 */
export function needingAttention(identity: MirrorIdentity | null, datasets: DatasetStatus[]): DatasetStatus[] {
  if (isInProcessDemo(identity)) return [];
  return datasets.filter((d) => d.lastError || d.held || d.stale);
}

/** "10:43" today, else "2026-11-24 10:43", in the workstation's time zone. */
export function clockTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${time}`;
}

function serverName(server: string): string {
  if (server === 'demo') return 'demo warehouse';
  try {
    return new URL(server).host;
  } catch {
    return server;
  }
}

/**
 * "warehouse.example.com · demo@example.com · up to date 10:43 · 12,345 items · no problems" ("up to
 * date, as of 10:43 via site relay" when every list came from a site relay), in the
 * core's one summary of the sync (summarizeSync): "up to date" only when nothing failed; a sync in
 * which everything failed, or that failed before any list (`failedBefore`), says so.
 */
export function mirrorSummary(identity: MirrorIdentity | null, datasets: DatasetStatus[], now = new Date(), failedBefore: SyncFailure | null = null): string {
  const who = identity ? [serverName(identity.server), identity.email] : ['unknown identity'];
  const summary = summarizeSync(datasets, failedBefore);
  // The mirror is as current as its least recently synced dataset (one never synced is stale: said below).
  const oldest = summary.oldestDataAt;
  const demo = isInProcessDemo(identity);
  // a mirror of a site relay is dated by the relay's reading of the warehouse server, and says so
  const via = summary.viaRelay ? ' via site relay' : '';
  const clock = (iso: string) => `${clockTime(iso, now)}${via}`;
  let state: string;
  if (demo) state = oldest === null ? 'never synced' : `demo data of ${clockTime(oldest, now)}`;
  else if (summary.state === 'failed') state = summary.lastDataAt ? `last sync failed, data of ${clock(summary.lastDataAt)}` : 'last sync failed, nothing synced';
  else if (oldest === null) state = 'never synced';
  else if (summary.state === 'problems') state = `not up to date, oldest data of ${clock(oldest)}`;
  else if (summary.state === 'out-of-date') state = `out of date since ${clock(oldest)}`;
  else state = via ? `up to date, as of ${clock(oldest)}` : `up to date ${clockTime(oldest, now)}`;
  const items = datasets.filter((d) => d.list === 'items').reduce((sum, d) => sum + d.rows, 0);
  // The window's count (summary.attention): the network's causes pass by themselves and the state
  // says them, so a failed sync with none to act on says no count, not "no problems" beside "failed".
  // An in-process demo's failures and holds need nobody (needingAttention): its lines below still show them.
  const problems = demo ? 0 : summary.attention;
  const said = problems > 0 ? count(problems, 'problem') : summary.state === 'failed' && !demo ? null : 'no problems';
  return [...who, state, count(items, 'item'), ...(said ? [said] : [])].join(' · ');
}

/** The problems of a mirror, a line per cause with the lists it hit: what IT reads to act. */
export function problemLines(identity: MirrorIdentity | null, datasets: DatasetStatus[], failedBefore: SyncFailure | null = null, now = new Date()): string[] {
  if (isInProcessDemo(identity)) return [];
  const summary = summarizeSync(datasets, failedBefore);
  const lines: string[] = [];
  const before = summary.failedBefore;
  if (before) lines.push(`last sync failed at ${clockTime(before.at, now)} before reading any list: ${before.message} (${before.code})`);
  for (const p of summary.problems) {
    const cause = p.code === 'held' ? 'held back: the new copy would delete most rows; confirm or discard on the app\'s Sync page' : `${p.message} (${p.code})`;
    const lists = p.lists.map((l) => (l.scopeName ? `${l.label} ${l.scopeName}` : l.label));
    const shown = lists.length > 6 ? `${lists.slice(0, 6).join(', ')} and ${lists.length - 6} more` : lists.join(', ');
    lines.push(`problem: ${cause} — ${count(lists.length, 'list')}: ${shown}`);
  }
  return lines;
}
