// The registry of datasets, as data: which lists exist, how they are scoped, where they are fetched.
// Global lists come first; account and facility datasets are derived from the mirrored accounts and
// facilities (and the facilities kept offline).
import { knownLists, type TableName } from '../lists/registry.ts';
import type { DatasetSpec } from '../mirror/dataset-state.ts';
import type { ReadDb } from '../db/handles.ts';
import { facilityNamedBy, scopeRecords } from '../db/read/scopes.ts';
import { DEFAULT_SETTINGS } from '../settings/settings-defaults.ts';

interface ListDef {
  list: string;
  label: string;
  table: TableName;
  scope: 'global' | 'account' | 'facility';
  path: (scopeId: string) => string;
}

/** The lists read from a path of their own (lists/registry.ts), in the order the sync plans them. */
export const LIST_DEFS: readonly ListDef[] = knownLists().flatMap((d) => (d.path ? [{ list: d.list, label: d.label, table: d.table, scope: d.scopeKind, path: d.path }] : []));

/** Lists every plan needs: they scope the others. */
const ALWAYS = new Set(['accounts', 'facilities']);

/**
 * Inventory history kept per facility: every event of the window, read in pages of the interface's
 * largest (`/inv/history` answers newest first, at most 10,000 events a call), up to this many. A
 * busy facility logs more than that in a month (the demo's 1,000,000-item warehouse: ~10,000 events
 * every 45 minutes), and mirroring millions of events per facility is not what a workstation is
 * for: the mirror then keeps the newest, and history answers say how far back it goes.
 */
export const HISTORY_MAX_EVENTS = 100_000;
export const HISTORY_PAGE_SIZE = 10_000;

export interface PlanOptions {
  /** List names kept offline; empty means all. */
  offlineLists: readonly string[];
  /** Facility ids whose inventory and history are kept offline; empty means the user's facilities. */
  offlineFacilities: readonly string[];
  userFacilities: readonly { id: string; code: string; name: string }[];
  historyDays: number;
  /** Events of history kept per facility (default HISTORY_MAX_EVENTS) and asked for per call (HISTORY_PAGE_SIZE). */
  historyMaxEvents?: number;
  historyPageSize?: number;
  /** A facility's whole stock at least this often (default the settings' default); 0: every round. */
  stockFullCheckMinutes?: number;
  now?: Date;
}

/** Whether the plan keeps this list offline. */
export function kept(list: string, options: Pick<PlanOptions, 'offlineLists'>): boolean {
  return options.offlineLists.length === 0 || ALWAYS.has(list) || options.offlineLists.includes(list);
}

function key(list: string, kind: string, id: string | null): string {
  return id === null ? list : `${list}@${kind}:${id}`;
}

export function globalDatasets(options: PlanOptions): DatasetSpec[] {
  return LIST_DEFS.filter((d) => d.scope === 'global' && kept(d.list, options)).map((d) => ({
    key: key(d.list, 'global', null),
    list: d.list,
    label: d.label,
    table: d.table,
    scopeKind: 'global',
    scopeId: null,
    scopeName: null,
    path: d.path(''),
    method: 'GET',
  }));
}

/**
 * The mirrored facility each reference names, by its id, else by its code (a profile may name its
 * facilities by code): each facility once, whatever names it. A reference no mirrored facility
 * answers to is kept as it is (the facilities list may not be read yet).
 */
function facilityIdsOf(db: ReadDb, refs: readonly { id: string; code: string }[]): string[] {
  const named = facilityNamedBy(db);
  return [...new Set(refs.map((ref) => named(ref.id) ?? (ref.code ? named(ref.code) : null) ?? ref.id))];
}

function scopes(db: ReadDb, list: string): { id: string; name: string | null }[] {
  return scopeRecords(db, list);
}

/** Datasets scoped by the mirrored accounts and facilities (call after the global lists synced). */
export function scopedDatasets(db: ReadDb, options: PlanOptions): DatasetSpec[] {
  const out: DatasetSpec[] = [];
  const accounts = scopes(db, 'accounts');
  const facilities = scopes(db, 'facilities');
  for (const d of LIST_DEFS) {
    if (d.scope === 'global' || !kept(d.list, options)) continue;
    for (const scope of d.scope === 'account' ? accounts : facilities) {
      out.push({
        key: key(d.list, d.scope, scope.id),
        list: d.list,
        label: d.label,
        table: d.table,
        scopeKind: d.scope,
        scopeId: scope.id,
        scopeName: scope.name,
        path: d.path(scope.id),
        method: 'GET',
      });
    }
  }
  const names = new Map(facilities.map((f) => [f.id, f.name]));
  for (const f of options.userFacilities) if (!names.has(f.id)) names.set(f.id, f.name || f.code);
  // A profile that names no facility keeps every mirrored one, never none (the session says which).
  const named = options.offlineFacilities.length ? options.offlineFacilities.map((id) => ({ id, code: '' }))
    : options.userFacilities.length ? options.userFacilities
    : facilities.map((f) => ({ id: f.id, code: '' }));
  const stock = facilityIdsOf(db, named);
  const now = options.now ?? new Date();
  const from = new Date(now.getTime() - options.historyDays * 86_400_000);
  from.setUTCHours(0, 0, 0, 0); // a stable window for the day, so that the ETag can repeat
  const history = kept('history', options) && options.historyDays > 0;
  for (const facilityId of stock) {
    const scopeName = names.get(facilityId) ?? null;
    if (kept('inventory', options)) {
      out.push({
        key: key('inventory', 'facility', facilityId),
        list: 'inventory',
        label: 'Inventory',
        table: 'inventory',
        scopeKind: 'facility',
        scopeId: facilityId,
        scopeName,
        path: '/v1/api/pub/inv/query',
        method: 'POST',
        body: { facilityId },
        refresh: {
          history: history ? key('history', 'facility', facilityId) : null,
          field: 'itemIds',
          column: 'item_id',
          fullEveryMinutes: options.stockFullCheckMinutes ?? DEFAULT_SETTINGS.stockFullCheckMinutes,
        },
      });
    }
    if (history) {
      out.push({
        key: key('history', 'facility', facilityId),
        list: 'history',
        label: 'Inventory history',
        table: 'history',
        scopeKind: 'facility',
        scopeId: facilityId,
        scopeName,
        path: '/v1/api/pub/inv/history',
        method: 'POST',
        body: { facilityId, from: from.toISOString(), limit: options.historyPageSize ?? HISTORY_PAGE_SIZE },
        log: { maxRows: options.historyMaxEvents ?? HISTORY_MAX_EVENTS },
      });
    }
  }
  return out;
}
