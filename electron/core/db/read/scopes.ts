// Reads of the scopes datasets belong to: the accounts and facilities the mirror holds (records of
// those lists), by id and name. Named by name, else code, else (where said) id.
import type { ReadDb } from '../handles.ts';
import { stmt } from '../statements.ts';

/** The records of a scope list (accounts, facilities) in natural code order: id and name (else code). */
export function scopeRecords(db: ReadDb, list: string): { id: string; name: string | null }[] {
  return db.prepare(`SELECT id, coalesce(name, code) AS name FROM records WHERE list = ? ORDER BY code_sort, id`).all(list) as { id: string; name: string | null }[];
}

/** Every mirrored facility's name (else code, else id), in natural code order. */
export function facilityNames(db: ReadDb): string[] {
  return db.prepare(`SELECT coalesce(name, code, id) FROM records WHERE list = 'facilities' ORDER BY code_sort, id`).pluck().all() as string[];
}

/** The accounts' and facilities' names by id: name, else code, else (with `orId`) the id itself. */
export function scopeNamesById(db: ReadDb, orId: true): Map<string, string>;
export function scopeNamesById(db: ReadDb, orId: false): Map<string, string | null>;
export function scopeNamesById(db: ReadDb, orId: boolean): Map<string, string | null> {
  const sql = orId
    ? `SELECT id, coalesce(name, code, id) AS name FROM records WHERE list IN ('accounts', 'facilities')`
    : `SELECT id, coalesce(name, code) AS name FROM records WHERE list IN ('accounts', 'facilities')`;
  const rows = db.prepare(sql).all() as { id: string; name: string | null }[];
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Each facility's id and name (else code), as rows: read once per change of the file by the lookups. */
export function facilityNameRows(db: ReadDb): [string, string | null][] {
  return stmt(db, `SELECT id, COALESCE(name, code) FROM records WHERE list = 'facilities'`).raw().all() as [string, string | null][];
}

/** The name (else code) of one record of a scope list, or null when the mirror does not hold it. */
export function scopeRecordName(db: ReadDb, list: string, id: string): string | null {
  const row = stmt(db, `SELECT name, code FROM records WHERE list = ? AND id = ? LIMIT 1`).get(list, id) as { name: string | null; code: string | null } | undefined;
  return row ? (row.name ?? row.code) : null;
}

/** Each mirrored facility's id, code and name: what a profile or a setting may name it by. */
export function facilityRefs(db: ReadDb): { id: string; code: string | null; name: string | null }[] {
  return db.prepare(`SELECT id, code, name FROM records WHERE list = 'facilities' ORDER BY code_sort, id`).all() as { id: string; code: string | null; name: string | null }[];
}

/**
 * The mirrored facility a name stands for: the facility of that id, else the one of that code (any
 * case; a profile or a setting may name a facility by its code); null when none answers to it.
 */
export function facilityNamedBy(db: ReadDb): (name: string) => string | null {
  const mirrored = facilityRefs(db);
  const ids = new Set(mirrored.map((f) => f.id));
  const byCode = new Map<string, string>();
  for (const f of mirrored) if (f.code && !byCode.has(f.code.toLowerCase())) byCode.set(f.code.toLowerCase(), f.id);
  return (name) => (ids.has(name) ? name : (byCode.get(name.toLowerCase()) ?? null));
}
