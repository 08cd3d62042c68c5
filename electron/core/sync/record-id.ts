// A record's id as the list names it, to find a record that comes on two pages of one reading (the
// list shifted under it) and to rebuild a kept page: the field the list's field map reads as its id
// when one is learned (field-map-state.ts), else the first of the usual names the record has (`id`,
// `uuid`, `_id`, `@id`, `<list>Id`...). Never a code or a name: those may repeat.
import type { ReadDb } from '../db/handles.ts';
import { fieldRoles } from '../lists/field-map.ts';
import { mapInForce, readDecision, readOverrides } from '../lists/field-map-state.ts';
import type { TableName } from '../mirror/record-tables.ts';
import { leadingId } from './list-paging.ts';

export type RecordIdOf = (bytes: Buffer) => string | null;

/** Names of an id when no field map says: the id role's own, without its last resorts (`key`, `code`). */
function usualNames(list: string, table: TableName): string[] {
  const role = fieldRoles(list, table)[0];
  const lastResorts = new Set(['key', 'Key', 'KEY', 'code', 'Code', 'CODE']);
  return role.aliases.filter((name) => !lastResorts.has(name));
}

/** The id field of a list: the field map's, or the usual names in order. */
export function idFields(db: ReadDb, list: string, table: TableName): string[] {
  const decision = readDecision(db, list);
  const learned = decision ? mapInForce(decision, readOverrides(db), list).id : null;
  return learned ? [learned] : usualNames(list, table);
}

/** Reads a record's id by those names: from its first bytes when it starts `{"id":"...`, else parsed. */
export function recordIdOf(names: readonly string[]): RecordIdOf {
  return (bytes) => {
    if (names[0] === 'id') {
      const quick = leadingId(bytes);
      if (quick !== null) return quick;
    }
    let record: unknown;
    try {
      record = JSON.parse(bytes.toString('utf8'));
    } catch {
      return null;
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return null;
    for (const name of names) {
      const id = Object.hasOwn(record, name) ? (record as Record<string, unknown>)[name] : undefined;
      if (typeof id === 'string' || typeof id === 'number') return String(id);
    }
    return null;
  };
}
