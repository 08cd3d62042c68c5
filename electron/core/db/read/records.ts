// Reads of one record with its raw JSON, of any list, and of the records under an account.
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

/** Up to `limit` records of `list` scoped by `scopeId` (an account's carriers, ...), in natural code order. */
export function scopedRecords(db: ReadDb, list: string, scopeId: string, limit: number): { id: string; raw: string }[] {
  return stmt(db, `SELECT id, raw FROM records WHERE list = ? AND scope_id = ? ORDER BY code_sort LIMIT ?`).all(list, scopeId, limit) as { id: string; raw: string }[];
}

/** An account's record by id. */
export function accountRecord(db: ReadDb, id: string): { id: string; raw: string } | undefined {
  return stmt(db, `SELECT id, raw FROM records WHERE list = 'accounts' AND id = ? LIMIT 1`).get(id) as { id: string; raw: string } | undefined;
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
