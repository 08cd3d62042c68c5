// What the field map decided for each list, and on what evidence: the diagnostics page and
// `aisle fields` show it. Read-only: works on any connection to the mirror.
import type { FieldChoice, FieldMapReport, ListFieldMap } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import { allDatasets, readMissing, readRejected } from '../db/read/datasets.ts';
import { scopeRecordName } from '../db/read/scopes.ts';
import { fieldRoles } from './field-map.ts';
import type { MachinePolicy } from '../settings/machine-policy.ts';
import { appliedFileWarning, fieldMapFilePath, policyFieldMap, readFieldMapInForce } from './field-map-file.ts';
import { decidedLists, readDecision, readOverrides } from './field-map-state.ts';
import { knownLists, listDef } from './registry.ts';

/** A column Aisle learned of after the list was decided: pages read it by its names in each record until the list is decided again. */
const NOT_DECIDED = 'not in this decision (made before Aisle knew the column): read by its names in each record; `aisle fields --relearn` decides it';

export function fieldMapReport(db: ReadDb | null, dataDir: string, policy?: MachinePolicy | null): FieldMapReport {
  const fromPolicy = policyFieldMap(policy);
  const inForce = readFieldMapInForce(fieldMapFilePath(dataDir), fromPolicy);
  const { file } = inForce;
  const applied = db !== null && JSON.stringify(readOverrides(db)) === JSON.stringify(inForce.overrides);
  const warning = inForce.warning ?? (db && applied ? appliedFileWarning(db) : null);
  return {
    file: { path: file.path, state: file.state, warning, applied },
    policy: fromPolicy ? { path: fromPolicy.file, lists: inForce.policyLists } : null,
    lists: db ? listsOf(db, fromPolicy ? { path: fromPolicy.file, lists: inForce.policyLists } : null) : [],
  };
}

/** Why a column reads the field IT named: the policy's word for its lists, else the file's. */
function overrideChoice(policy: FieldMapReport['policy'], list: string): Pick<FieldChoice, 'source' | 'evidence'> {
  return policy?.lists.includes(list) ? { source: 'policy', evidence: `set by your IT department (${policy.path})` } : { source: 'file', evidence: 'field-map.json' };
}

function listsOf(db: ReadDb, policy: FieldMapReport['policy']): ListFieldMap[] {
  const order = new Map(knownLists().map((d, i) => [d.list, i]));
  const lists = decidedLists(db).sort((a, b) => (order.get(a) ?? order.size) - (order.get(b) ?? order.size) || a.localeCompare(b));
  const overrides = readOverrides(db);
  const rejected = readRejected(db);
  const missing = readMissing(db);
  const datasets = allDatasets(db);
  return lists.map((list) => {
    const def = listDef(list);
    const decision = readDecision(db, list)!;
    const mine = overrides[list] ?? {};
    const notes = datasets.filter((d) => d.list === list && rejected.has(d.dataset_id)).map((d) => rejected.get(d.dataset_id)!);
    return {
      list,
      label: def.label,
      table: def.table,
      decidedAt: decision.at,
      sample: decision.sample,
      fields: fieldRoles(list, def.table).map((role) =>
        role.column in mine
          ? { column: role.column, label: role.label, field: mine[role.column], ...overrideChoice(policy, list) }
          : { column: role.column, label: role.label, field: decision.fields[role.column] ?? null, source: 'decided' as const, evidence: decision.evidence[role.column] ?? NOT_DECIDED },
      ),
      rejected: notes.length ? { count: notes.reduce((n, r) => n + r.count, 0), reason: notes[0].reason } : null,
      missing: datasets
        .filter((d) => d.list === list && missing.has(d.dataset_id))
        .map((d) => {
          const { column, field, since, nowCarried } = missing.get(d.dataset_id)!;
          // the account or facility by its name, as the sync's words name it
          const scopeName = d.scope_id === null ? null : scopeRecordName(db, d.scope_kind === 'account' ? 'accounts' : 'facilities', d.scope_id);
          return { scopeId: d.scope_id, scopeName, column, field, since, nowCarried };
        }),
    };
  });
}
