// Reads of one record with its raw JSON, of any list, of the records under an account, and of what a
// reference to a record shows.
import type { ReadDb } from '../handles.ts';
import type { TableName } from '../tables.ts';
import { stmt } from '../statements.ts';

export interface StoredRecord {
  id: string;
  raw: string;
  datasetId: number;
  /** Other lists' records only (the records table): their code and name. */
  code?: string | null;
  name?: string | null;
}

/** A record by id: of `list` in the records table, else of its own table. */
export function storedRecord(db: ReadDb, table: TableName, list: string, id: string): StoredRecord | undefined {
  return (
    table === 'records'
      ? stmt(db, `SELECT id, raw, dataset_id AS datasetId, code, name FROM records WHERE list = ? AND id = ? LIMIT 1`).get(list, id)
      : stmt(db, `SELECT id, raw, dataset_id AS datasetId FROM ${table} WHERE id = ?`).get(id)
  ) as StoredRecord | undefined;
}

/** Up to `limit` records of `list` scoped by `scopeId` (an account's carriers, ...), in natural code order: their id, code and name as the field map extracted them. */
export function scopedRecords(db: ReadDb, list: string, scopeId: string, limit: number): { id: string; code: string | null; name: string | null }[] {
  return stmt(db, `SELECT id, code, name FROM records WHERE list = ? AND scope_id = ? ORDER BY code_sort LIMIT ?`).all(list, scopeId, limit) as { id: string; code: string | null; name: string | null }[];
}

/**
 * What a reference to a record shows: an item's SKU, a location's code, another list's record's
 * name (else its code); undefined when the mirror holds no such record (or its table has none of these).
 */
export function referenceLabel(db: ReadDb, table: string, list: string, id: string): unknown {
  if (table === 'items') return stmt(db, 'SELECT sku FROM items WHERE id = ? LIMIT 1').pluck().get(id);
  if (table === 'locations') return stmt(db, 'SELECT code FROM locations WHERE id = ? LIMIT 1').pluck().get(id);
  if (table === 'records') return stmt(db, 'SELECT coalesce(name, code) FROM records WHERE list = ? AND id = ? LIMIT 1').pluck().get(list, id);
  return undefined;
}

/**
 * A record's code and name as another record's reference shows them (an item's SKU and description,
 * a location's code, another list's code and name); undefined when the mirror holds no such record.
 */
export function referenceCodeName(db: ReadDb, table: string, list: string, id: string): { code: string | null; name: string | null } | undefined {
  if (table === 'items') return stmt(db, 'SELECT sku AS code, description AS name FROM items WHERE id = ? LIMIT 1').get(id) as { code: string | null; name: string | null } | undefined;
  if (table === 'locations') return stmt(db, 'SELECT code, NULL AS name FROM locations WHERE id = ? LIMIT 1').get(id) as { code: string | null; name: string | null } | undefined;
  return stmt(db, 'SELECT code, name FROM records WHERE list = ? AND id = ? LIMIT 1').get(list, id) as { code: string | null; name: string | null } | undefined;
}
