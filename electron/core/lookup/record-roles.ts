// A record's facts by role, read through its list's field map: what the item and location pages
// show (code, name, barcodes, unit, pack quantity, lot and serial tracking, active, ...) and each
// record it names by id, resolved to that record's code and name. A window shows these and never
// reads a server's field by its name, so a server that calls the SKU `itemNumber` or the pack
// quantity `packQty` reads the same on screen as the demo server.
import type { RecordFact, RecordReference, RecordRoles } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import { referenceCodeName } from '../db/read/records.ts';
import { fieldRoles, fieldValue, mapByAliases, presentFields, type FieldMap, type FieldRole, type Json } from '../lists/field-map.ts';
import { mapInForce, readDecision, readOverrides } from '../lists/field-map-state.ts';
import { flag, num } from '../lists/values.ts';
import { listNamedByField } from './column-facts.ts';
import { knownLists, type ListDef } from './list-registry.ts';

/** The key facts of each kind of page, in the order shown. */
const FACTS: Partial<Record<ListDef['table'], readonly string[]>> = {
  items: ['upc', 'gtin', 'uom', 'pack_qty', 'weight', 'lot_tracked', 'serial_tracked', 'enabled'],
  locations: ['zone', 'type', 'barcode', 'check_digits', 'pickable', 'enabled'],
};

/** A field ending in an id, as column-facts.ts reads one: `facility_id`, `templateId`, `hazmat_uuid`. */
const ID_FIELD = /^(.+?)(?:_id|_uuid|_guid|Id|ID|Uuid|Guid)$/;

/**
 * The field of each role for this record: the list's decision with IT's overrides (the map in
 * force); a role the decision has no word on (a decision made before the role was known, a list
 * not yet decided) by its names in these records.
 */
export function recordFieldMap(db: ReadDb, def: ListDef, records: readonly Json[]): FieldMap {
  const roles = fieldRoles(def.list, def.table);
  const byNames = mapByAliases(roles, presentFields(records));
  const decision = readDecision(db, def.list);
  const overrides = readOverrides(db);
  return { ...byNames, ...(decision ? mapInForce(decision, overrides, def.list) : (overrides[def.list] ?? {})) };
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

/** A fact's value as its role's kind reads it; null when the value is no such thing. */
function factValue(role: FieldRole, value: unknown): string | number | boolean | null {
  if (role.kind === 'number') return num(value);
  if (role.kind === 'flag') {
    const f = flag(value);
    return f === null ? null : f === 1;
  }
  return textOf(value);
}

const tableOfList = (list: string) => knownLists().find((l) => l.list === list)?.table ?? 'records';

function resolve(db: ReadDb, role: string, field: string, list: string, id: string): RecordReference | null {
  const found = referenceCodeName(db, tableOfList(list), list, id);
  return found ? { role, field, list, id, code: found.code, name: found.name } : null;
}

/** `originFacilityId`, `origin_facility_uuid` -> `origin_facility_id`: a reference's role, worded like the known ones. */
export function referenceRole(field: string): string {
  const stem = ID_FIELD.exec(field)?.[1] ?? field;
  return `${stem.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}_id`;
}

/**
 * The records this one names: the field map's references first (an item's account, hazmat entry and
 * template; a location's facility), then any other field whose name says it holds another list's
 * ids and whose value is one the mirror holds (a carrier's `accountId`). Each record once.
 */
function references(db: ReadDb, def: ListDef, record: Json, map: FieldMap, roles: readonly FieldRole[]): RecordReference[] {
  const out: RecordReference[] = [];
  const seen = new Set<string>();
  const add = (ref: RecordReference | null) => {
    if (!ref || seen.has(`${ref.list}\n${ref.id}`)) return;
    seen.add(`${ref.list}\n${ref.id}`);
    out.push(ref);
  };
  const mapped = new Set(Object.values(map).filter((f): f is string => f !== null));
  for (const role of roles) {
    const field = map[role.column];
    if (!role.refersTo || !field) continue;
    const id = textOf(fieldValue(record, field));
    if (id) add(resolve(db, role.column, field, role.refersTo, id));
  }
  for (const [field, value] of Object.entries(record)) {
    if (mapped.has(field) || !ID_FIELD.test(field)) continue;
    const id = textOf(value);
    const list = id ? listNamedByField(db, def, field, id) : undefined;
    if (id && list) add(resolve(db, referenceRole(field), field, list, id));
  }
  return out;
}

/** A record's facts by role. `stored` is what the mirror extracted for a record of another list (its code and name). */
export function recordRoles(db: ReadDb, def: ListDef, record: Json, stored: { code?: string | null; name?: string | null } = {}): RecordRoles {
  const roles = fieldRoles(def.list, def.table);
  const map = recordFieldMap(db, def, [record]);
  const read = (column: string) => {
    const field = map[column];
    return field ? fieldValue(record, field) : undefined;
  };
  const facts: RecordFact[] = [];
  for (const column of FACTS[def.table] ?? []) {
    const role = roles.find((r) => r.column === column);
    const field = map[column];
    if (!role || !field) continue;
    const value = factValue(role, fieldValue(record, field));
    if (value !== null) facts.push({ role: column, field, value });
  }
  const code = def.table === 'items' ? textOf(read('sku')) : def.table === 'locations' ? textOf(read('code')) : (stored.code ?? null);
  const name = def.table === 'items' ? textOf(read('description')) : def.table === 'locations' ? null : (stored.name ?? null);
  const unit = def.table === 'items' ? textOf(read('uom')) : null;
  return { code, name, unit, facts, references: references(db, def, record, map, roles) };
}
