// The statements one snapshot apply runs for each record, prepared once for its table.
import type { Statement } from 'better-sqlite3';
import type { WriteDb } from '../../handles.ts';
import type { TableShape } from '../../tables.ts';
import type { SnapshotPart } from './types.ts';
import { offersWords, prepareWrittenText } from '../../search-words/write.ts';
import { unindexedUpdate, type UnindexedUpdate } from './unindexed-update.ts';

export interface RowStatements {
  /** A stored row by its id (in records: of this dataset; elsewhere: of any dataset, with its dataset_id, and the part's column). */
  find: Statement;
  insert: Statement;
  update: Statement;
  updateUnindexed: UnindexedUpdate | null;
  /** Where each full-text column is among the table's columns. */
  ftsCols: number[];
  ftsInsert: Statement | null;
  ftsDelete: Statement | null;
  /** Notes a written row's indexed text for the spelling help's words (db/search-words/write.ts), or null: the index's words are not offered. */
  noteText: Statement | null;
}

export function prepareRowStatements(db: WriteDb, table: TableShape, part: SnapshotPart | null): RowStatements {
  const t = table.name;
  const cols = table.columns;
  const findSql =
    t === 'records'
      ? `SELECT rid, id, hash${part ? `, ${part.column} AS part_value` : ''} FROM records WHERE dataset_id = ? AND id = ?`
      : `SELECT rid, id, hash, dataset_id${part ? `, ${part.column} AS part_value` : ''} FROM ${t} WHERE id = ?`;
  const fts = table.fts;
  return {
    find: db.prepare(findSql),
    insert: db.prepare(`INSERT INTO ${t} (dataset_id, id, ${cols.join(', ')}, hash, raw) VALUES (?, ?, ${cols.map(() => '?').join(', ')}, ?, ?)`),
    update: db.prepare(`UPDATE ${t} SET dataset_id = ?, id = ?, ${cols.map((c) => `${c} = ?`).join(', ')}, hash = ?, raw = ? WHERE rid = ?`),
    updateUnindexed: unindexedUpdate(db, table),
    ftsCols: fts ? fts.columns.map((c) => cols.indexOf(c)) : [],
    ftsInsert: fts ? db.prepare(`INSERT INTO ${fts.table} (rowid, ${fts.columns.join(', ')}) VALUES (?, ${fts.columns.map(() => '?').join(', ')})`) : null,
    ftsDelete: fts ? db.prepare(`DELETE FROM ${fts.table} WHERE rowid = ?`) : null,
    noteText: fts && offersWords(fts.table) ? prepareWrittenText(db, fts.table) : null,
  };
}
