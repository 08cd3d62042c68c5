// A dataset's stored rows as the relay publishes them: id, content hash and the record as received.
import type { ReadDb } from '../handles.ts';
import type { TableName } from '../tables.ts';

export interface StoredRow {
  id: string;
  hash: number;
  raw: string;
  /** A log's event: its time (created_on, UTC); absent for other lists. */
  time?: string | null;
}

/** Every row a dataset holds in `table`, one at a time; one statement reads one state of the file (WAL). */
export function datasetRows(db: ReadDb, table: TableName, datasetId: number): IterableIterator<StoredRow> {
  return db.prepare(`SELECT id, hash, raw FROM ${table} WHERE dataset_id = ?`).iterate(datasetId) as IterableIterator<StoredRow>;
}


/** Every event a log dataset holds, with its time: the relay keeps the times beside its rows. */
export function logRows(db: ReadDb, table: TableName, datasetId: number): IterableIterator<StoredRow> {
  return db.prepare(`SELECT id, hash, raw, created_on AS time FROM ${table} WHERE dataset_id = ?`).iterate(datasetId) as IterableIterator<StoredRow>;
}

/** Every event of a log dataset: its id and time only. */
export function logTimes(db: ReadDb, table: TableName, datasetId: number): IterableIterator<{ id: string; time: string | null }> {
  return db.prepare(`SELECT id, created_on AS time FROM ${table} WHERE dataset_id = ?`).iterate(datasetId) as IterableIterator<{ id: string; time: string | null }>;
}
