// The datasets a complete round no longer planned. Those the user's settings no longer keep offline
// (a list, a facility's stock) are removed at once: the user asked. Those whose scope the server no
// longer lists (an account gone from the accounts list, a facility from the facilities list or the
// user's) are kept and marked, in words, and removed only when a later complete round still misses
// it: one wrong answer from the server never takes a scope's items, locations or stock with it.
import { AisleError } from '../../contract/errors.ts';
import type { Notice } from '../../contract/types.ts';
import { dropDataset } from '../db/write/snapshot/drop-dataset.ts';
import { clearScopeGone, markKeptWhileScopeGone, markPlanSettled } from '../db/write/datasets.ts';
import { allDatasets, scopeGone, type DatasetRow } from '../db/read/datasets.ts';
import type { ReadDb, WriteDb } from '../db/handles.ts';
import { scopeNamesById } from '../db/read/scopes.ts';
import { listLabel, tableOf } from '../lists/registry.ts';
import { kept, type PlanOptions } from './dataset-registry.ts';


/** The names of the accounts and facilities the mirror holds, and of the user's facilities: read at a round's start, before the scope lists change. */
export function scopeNames(db: ReadDb, plan: Pick<PlanOptions, 'userFacilities'>): Map<string, string> {
  const names = scopeNamesById(db, true);
  for (const f of plan.userFacilities) if (!names.has(f.id)) names.set(f.id, f.name || f.code || f.id);
  return names;
}

/** The user's settings, not the server, took the dataset out of the plan. */
function leftBySettings(row: DatasetRow, plan: PlanOptions): boolean {
  if (row.scope_kind === 'global' || !kept(row.list, plan)) return true;
  if (row.list === 'history' && plan.historyDays <= 0) return true;
  const stock = row.list === 'inventory' || row.list === 'history';
  return stock && plan.offlineFacilities.length > 0 && !plan.offlineFacilities.includes(row.scope_id ?? '');
}

const scopeWord = (kind: string) => (kind === 'account' ? 'Account' : 'Facility');
const scopeOf = (kind: string): 'account' | 'facility' => (kind === 'account' ? 'account' : 'facility');

export interface Unplanned {
  /** Datasets removed from the mirror. */
  dropped: number;
  /** What the user is told, one notice a scope. */
  notices: Notice[];
}

/**
 * Settles the datasets a complete round (every scope list read, no `only`, not cancelled) did not
 * plan: see the file's head. `names` are the scopes' names from before the round.
 */
export function settleUnplanned(db: WriteDb, planned: ReadonlySet<string>, plan: PlanOptions, names: ReadonlyMap<string, string>, at: string): Unplanned {
  let dropped = 0;
  /** Per scope ("account:ACME"): its name, and the labels of its datasets kept back or removed. */
  const keptBack = new ScopeLists();
  const removed = new ScopeLists();
  for (const row of allDatasets(db)) {
    const gone = scopeGone(db, row.dataset_id);
    if (planned.has(row.key)) {
      if (gone) clearScopeGone(db, row.dataset_id);
      continue;
    }
    if (leftBySettings(row, plan)) {
      dropDataset(db, row.dataset_id, tableOf(row.list));
      dropped++;
      continue;
    }
    if (gone) {
      dropDataset(db, row.dataset_id, tableOf(row.list));
      dropped++;
      removed.note(row, gone.name);
      continue;
    }
    const name = names.get(row.scope_id ?? '') ?? row.scope_id ?? '';
    const label = listLabel(row.list).toLowerCase();
    const message = `${scopeWord(row.scope_kind)} ${name} is no longer on the server's list: its ${label} stay on this workstation until the next complete sync confirms it is gone.`;
    markKeptWhileScopeGone(db, row.dataset_id, { since: at, name }, new AisleError('not_found', message));
    keptBack.note(row, name);
  }
  markPlanSettled(db, at);
  const notices: Notice[] = [...keptBack.notices('scope_kept'), ...removed.notices('scope_removed')];
  return { dropped, notices };
}

/** Datasets grouped by their scope ("account:ACME"), with its name and their lists' labels: one notice a scope. */
export class ScopeLists {
  private readonly scopes = new Map<string, { kind: string; name: string; lists: { list: string; label: string }[] }>();

  note(row: DatasetRow, name: string): void {
    const key = `${row.scope_kind}:${row.scope_id}`;
    const entry = this.scopes.get(key) ?? { kind: row.scope_kind, name, lists: [] };
    entry.lists.push({ list: row.list, label: listLabel(row.list) });
    this.scopes.set(key, entry);
  }

  notices(code: 'scope_kept' | 'scope_removed'): Notice[] {
    return [...this.scopes.values()].map((s): Notice => ({ code, scope: scopeOf(s.kind), name: s.name, lists: s.lists }));
  }
}
