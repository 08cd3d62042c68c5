// Rewrites of a list's stored rows: their extracted columns (and full-text entries) computed again
// from their raw JSON, as when the list's field map changed.
import type { WriteDb } from '../handles.ts';
import { lastStockRid, settleItemStock } from './item-stock.ts';

/** Rows read at a time when re-extracting. */
const BATCH = 2_000;

export interface ExtractedColumns {
  table: string;
  list: string;
  /** The table's extracted columns, in the order `extract` gives their values. */
  columns: readonly string[];
  /** The table's full-text index and the columns it holds, if it has one. */
  fts: { table: string; columns: readonly string[] } | null;
}

/**
 * Computes every row's columns again (`extract`, from its raw JSON and its dataset) and writes only
 * the rows whose columns change, and their full-text entries. Returns how many changed. Call in a
 * write transaction.
 */
export function reextractRows(db: WriteDb, target: ExtractedColumns, extract: (raw: string, datasetId: number) => unknown[]): number {
  const { table, list, columns: cols, fts } = target;
  const batch = db.prepare(`SELECT rid, dataset_id, raw, ${cols.join(', ')} FROM ${table} WHERE rid > ? AND dataset_id IN (SELECT dataset_id FROM datasets WHERE list = ?) ORDER BY rid LIMIT ${BATCH}`).raw();
  const update = db.prepare(`UPDATE ${table} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE rid = ?`);
  const ftsCols = fts ? fts.columns.map((c) => cols.indexOf(c)) : [];
  const ftsDelete = fts ? db.prepare(`DELETE FROM ${fts.table} WHERE rowid = ?`) : null;
  const ftsInsert = fts ? db.prepare(`INSERT INTO ${fts.table} (rowid, ${fts.columns.join(', ')}) VALUES (?, ${fts.columns.map(() => '?').join(', ')})`) : null;
  let changed = 0;
  // stock rows: the items they named and name now, whose summary for the search hits is made again
  const itemColumn = table === 'inventory' ? cols.indexOf('item_id') : -1;
  const stockItems: unknown[] = [];
  // in batches: a statement cannot write the table it is still reading, and a list may not fit in memory
  for (let after = 0; ; ) {
    const rows = batch.all(after, list) as [number, number, string, ...unknown[]][];
    if (rows.length === 0) break;
    after = rows[rows.length - 1][0];
    for (const [rid, datasetId, raw, ...stored] of rows) {
      const values = extract(raw, datasetId);
      if (values.every((v, i) => v === stored[i])) continue;
      update.run(...values, rid);
      if (itemColumn >= 0) stockItems.push(stored[itemColumn], values[itemColumn]);
      if (ftsDelete && ftsInsert) {
        ftsDelete.run(rid);
        ftsInsert.run(rid, ...ftsCols.map((i) => values[i]));
      }
      changed++;
    }
  }
  if (stockItems.length > 0) settleItemStock(db, lastStockRid(db), stockItems as (string | null)[]);
  return changed;
}
