// Reads of one record with its raw JSON, of any list, and of the records under an account.
import type { ReadDb } from '../handles.ts';
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
export function storedRecord(db: ReadDb, table: string, list: string, id: string): StoredRecord | undefined {
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
