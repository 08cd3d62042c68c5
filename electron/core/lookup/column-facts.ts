// What a list's columns are, for people: which hold another list's ids (shown as that record's code
// or name), which are technical (ids, internal numbers, icons, nested data: hidden until asked for)
// and which dates carry no time of day. The core finds these facts; the window words them.
import { fieldRoles } from '../lists/field-map.ts';
import { mapInForce, readDecision, readOverrides } from '../lists/field-map-state.ts';
import type { ReadDb } from '../db/handles.ts';
import { knownLists, type ColumnDef, type ListDef } from './list-registry.ts';
import { referenceLabel } from '../db/read/records.ts';

/** A field ending in an id: `facility_id`, `templateId`, `hazmat_uuid`, `accountID`. */
const ID_FIELD = /^(.+?)(?:_id|_uuid|_guid|Id|ID|Uuid|Guid)$/;
/** Fields that mean nothing to a person on the floor. */
const TECHNICAL = [/^ncode$/i, /^internal_?use$/i, /^fav\d*_?(icon|link)$/i, /^hash$/i];
/** Names remembered during one export at most. */
const MAX_NAMES = 10_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}(T00:00(:00(\.0+)?)?(Z|[+-]00:?00)?)?$/;

/** `origin_facility`, `originFacility` -> ['origin', 'facility']. */
function words(stem: string): string[] {
  return stem
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
}

function singular(list: string): string {
  return words(list.replace(/ies$/, 'y').replace(/s$/, '')).join(' ');
}

/** The lists a field's name may refer to, likeliest first: its own words, its last word, `<own list> <words>` (an item's `template`). */
function candidateLists(def: ListDef, key: string): string[] {
  const match = ID_FIELD.exec(key);
  if (!match) return [];
  const stem = words(match[1]);
  if (stem.length === 0) return [];
  const tries = [stem.join(' '), stem[stem.length - 1], `${singular(def.list)} ${stem.join(' ')}`];
  const bySingular = new Map(knownLists().map((list) => [singular(list.list), list.list]));
  return [...new Set(tries.map((t) => bySingular.get(t)).filter((list): list is string => list !== undefined && list !== def.list))];
}

/**
 * The server's fields that the list's field map took for another list's ids (its `account`,
 * `warehouseUuid`...): field name -> list. The map checked them against that list's ids.
 */
function mappedReferences(db: ReadDb, def: ListDef): Map<string, string> {
  const decision = readDecision(db, def.list);
  const out = new Map<string, string>();
  if (!decision) return out;
  const map = mapInForce(decision, readOverrides(db), def.list);
  for (const role of fieldRoles(def.list, def.table)) {
    const field = map[role.column];
    if (role.refersTo && field) out.set(field, role.refersTo);
  }
  return out;
}

/**
 * The list a field names a record of by its name alone (`account_id`, `accountId`, `origin_facility_id`),
 * when that list holds a record of this id; undefined otherwise.
 */
export function listNamedByField(db: ReadDb, def: ListDef, key: string, id: string): string | undefined {
  return candidateLists(def, key).find((list) => referenceName(db, list, id) !== null);
}

/** The code or name of a record of `list` by its id, or null when the mirror has none. */
export function referenceName(db: ReadDb, list: string, id: string): string | null {
  const table = knownLists().find((l) => l.list === list)?.table ?? 'records';
  const value = referenceLabel(db, table, list, id);
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The columns with their facts, from a sample of the records: a column the field map took for
 * another list's ids, or whose name says it holds them and whose values are found there, is a
 * reference; any other id, the fields
 * in TECHNICAL and nested objects are technical; a date column whose values are all bare dates is
 * a date without time.
 */
export function withFacts(db: ReadDb, def: ListDef, columns: ColumnDef[], sample: readonly Record<string, unknown>[]): ColumnDef[] {
  const mapped = mappedReferences(db, def);
  return columns.map((column) => {
    const values = sample.map((record) => record[column.key]).filter((value) => value !== null && value !== undefined && value !== '');
    const out: ColumnDef = { ...column };
    const id = values.find((value) => typeof value === 'string' || typeof value === 'number');
    const refersTo = id === undefined ? undefined : (mapped.get(column.key) ?? candidateLists(def, column.key).find((list) => referenceName(db, list, String(id)) !== null));
    if (refersTo) out.refersTo = refersTo;
    else if (ID_FIELD.test(column.key) || TECHNICAL.some((re) => re.test(column.key)) || values.some((value) => typeof value === 'object')) out.technical = true;
    if (column.type === 'date' && values.length > 0 && values.every((value) => typeof value === 'string' && DATE_ONLY.test(value))) out.dateOnly = true;
    return out;
  });
}

/** A row as people read it: each reference column's id replaced by the code or name it refers to (an id not found stays). */
export function namedRow(db: ReadDb, columns: readonly ColumnDef[], row: Record<string, unknown>, names = new Map<string, string | null>()): Record<string, unknown> {
  for (const column of columns) {
    const value = row[column.key];
    if (!column.refersTo || (typeof value !== 'string' && typeof value !== 'number')) continue;
    const key = `${column.refersTo}\n${value}`;
    let name = names.get(key);
    if (name === undefined) {
      // an export of a million rows meets as many ids: the memory of names is kept small
      if (names.size >= MAX_NAMES) names.clear();
      name = referenceName(db, column.refersTo, String(value));
      names.set(key, name);
    }
    if (name !== null) row[column.key] = name;
  }
  return row;
}
