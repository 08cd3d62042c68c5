// Rewrites of a list's stored rows: their extracted columns (and full-text entries) computed again
// from their raw JSON, as when the list's field map changed.
import type { WriteDb } from '../handles.ts';
import { TABLE_SHAPES, type TableName } from '../tables.ts';
import { lastStockRid, settleItemStock } from './item-stock.ts';
import { settleStockCodes } from './stock-codes.ts';

/** Rows read at a time when re-extracting. */
const BATCH = 2_000;

/**
 * Computes every row of a list's columns again (`extract`, from its raw JSON and its dataset, in the
 * table's shape's order) and writes only
 * the rows whose columns change, and their full-text entries. Returns how many changed. Call in a
 * write transaction.
 */
export function reextractRows(db: WriteDb, tableName: TableName, list: string, extract: (raw: string, datasetId: number) => unknown[]): number {
  const { name: table, columns: cols, fts } = TABLE_SHAPES[tableName];
  const batch = db.prepare(`SELECT rid, dataset_id, raw, ${cols.join(', ')} FROM ${table} WHERE rid > ? AND dataset_id IN (SELECT dataset_id FROM datasets WHERE list = ?) ORDER BY rid LIMIT ${BATCH}`).raw();
  const update = db.prepare(`UPDATE ${table} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE rid = ?`);
  const ftsCols = fts ? fts.columns.map((c) => cols.indexOf(c)) : [];
  const ftsDelete = fts ? db.prepare(`DELETE FROM ${fts.table} WHERE rowid = ?`) : null;
  const ftsInsert = fts ? db.prepare(`INSERT INTO ${fts.table} (rowid, ${fts.columns.join(', ')}) VALUES (?, ${fts.columns.map(() => '?').join(', ')})`) : null;
  let changed = 0;
  // stock rows: the items they named and name now, whose summary for the search hits is made again
  const itemColumn = table === 'inventory' ? cols.indexOf('item_id') : -1;
  const stockItems: unknown[] = [];
  // and the lots and serials they held and hold now, held again or gone
  const codeColumns = table === 'inventory' ? [cols.indexOf('lot'), cols.indexOf('serial')] : [];
  const stockCodes: unknown[] = [];
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
      for (const i of codeColumns) stockCodes.push(stored[i], values[i]);
      if (ftsDelete && ftsInsert) {
        ftsDelete.run(rid);
        ftsInsert.run(rid, ...ftsCols.map((i) => values[i]));
      }
      changed++;
    }
  }
  if (stockItems.length > 0) settleItemStock(db, lastStockRid(db), stockItems as (string | null)[]);
  if (stockCodes.length > 0) settleStockCodes(db, lastStockRid(db), stockCodes);
  return changed;
}
