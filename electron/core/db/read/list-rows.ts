// Reads of a list's stored rows that do not depend on its columns: a sample of its raw records, how
// many it has, whether an id is among them; and the ids references resolve to (an item by SKU, a
// location by code). The field map is decided and checked with them.
import type { ReadDb } from '../handles.ts';
import { stmt } from '../statements.ts';
import { TABLE_SHAPES, type TableName } from '../tables.ts';

/**
 * Where a list's rows are: its own table (items, locations, ...) or, for other lists, the records
 * table, with the list's name as the first value (`?`).
 */
function rowsOf(table: TableName, list: string): { from: string; params: unknown[] } {
  return table === 'records' ? { from: 'records WHERE list = ?', params: [list] } : { from: `${TABLE_SHAPES[table].name} WHERE 1`, params: [] };
}

/** Up to `count` of a list's records as received (JSON text). */
export function sampleRaws(db: ReadDb, table: TableName, list: string, count: number): string[] {
  const rows = rowsOf(table, list);
  return stmt(db, `SELECT raw FROM ${rows.from} LIMIT ?`).pluck().all(...rows.params, count) as string[];
}

/** A list's rows, counted up to `most`. */
export function countUpTo(db: ReadDb, table: TableName, list: string, most: number): number {
  const rows = rowsOf(table, list);
  return stmt(db, `SELECT count(*) FROM (SELECT 1 FROM ${rows.from} LIMIT ?)`).pluck().get(...rows.params, most) as number;
}

/** How many of `ids` a list holds (one probe each). */
export function countKnownIds(db: ReadDb, table: TableName, list: string, ids: readonly string[]): number {
  const rows = rowsOf(table, list);
  const probe = stmt(db, `SELECT 1 FROM ${rows.from} AND id = ?`).pluck();
  let found = 0;
  for (const id of ids) if (probe.get(...rows.params, id) !== undefined) found++;
  return found;
}

/** True when a list has any row. */
export function hasAnyRow(db: ReadDb, table: TableName, list: string): boolean {
  const rows = rowsOf(table, list);
  return stmt(db, `SELECT 1 FROM ${rows.from} LIMIT 1`).pluck().get(...rows.params) !== undefined;
}

/** The id of an item with this SKU, if any. */
export function itemIdBySku(db: ReadDb, sku: string): string | null {
  return (stmt(db, 'SELECT id FROM items WHERE sku = ? LIMIT 1').pluck().get(sku) as string | undefined) ?? null;
}

/** The locations whose code reads as `codeNorm` (letters and digits, upper case), in every facility. */
export function locationsByCodeNorm(db: ReadDb, codeNorm: string | null): { id: string; facility_id: string | null }[] {
  return stmt(db, 'SELECT id, facility_id FROM locations WHERE code_norm = ?').all(codeNorm) as { id: string; facility_id: string | null }[];
}

/** Every row of a table, counted (the sync weighs a full-text index's changes against it). */
export function tableRowCount(db: ReadDb, table: TableName): number {
  return stmt(db, `SELECT count(*) FROM ${table}`).pluck().get() as number;
}

/** The largest rowid of a table (0 when empty): no fewer than its rows, in one probe of its rowid order. */
export function tableLastRid(db: ReadDb, table: TableName): number {
  return stmt(db, `SELECT coalesce(max(rid), 0) FROM ${table}`).pluck().get() as number;
}

/** A dataset's stored record of this id as received (JSON text); undefined when it holds none. */
export function storedRaw(db: ReadDb, table: TableName, datasetId: number, id: string): string | undefined {
  return stmt(db, `SELECT raw FROM ${table} WHERE dataset_id = ? AND id = ?`).pluck().get(datasetId, id) as string | undefined;
}

/** The average length of a dataset's raw records over a sample of `sampleRows` (0 when it has none). */
export function averageRawLength(db: ReadDb, table: TableName, datasetId: number, sampleRows: number): number {
  return (db.prepare(`SELECT avg(length(raw)) FROM (SELECT raw FROM ${table} WHERE dataset_id = ? LIMIT ${sampleRows})`).pluck().get(datasetId) as number | null) ?? 0;
}
