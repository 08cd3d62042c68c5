// A dataset no longer kept offline, removed whole.
import type { WriteDb } from '../../handles.ts';
import { TABLE_SHAPES, type TableName } from '../../tables.ts';
import { forgetDataset } from '../datasets.ts';
import { itemsOfStockDataset, lastStockRid, settleItemStock } from '../item-stock.ts';
import { codesOfStockDataset, settleStockCodes } from '../stock-codes.ts';

/** Removes a dataset no longer kept offline (its rows, search entries and state), in one transaction (with `alsoCommit`'s writes). */
export function dropDataset(db: WriteDb, datasetId: number, tableName: TableName, alsoCommit?: () => void): void {
  const table = TABLE_SHAPES[tableName];
  db.transaction(() => {
    if (table.fts) db.prepare(`DELETE FROM ${table.fts.table} WHERE rowid IN (SELECT rid FROM ${table.name} WHERE dataset_id = ?)`).run(datasetId);
    const stockItems = table.name === 'inventory' ? itemsOfStockDataset(db, datasetId) : [];
    const stockCodes = table.name === 'inventory' ? codesOfStockDataset(db, datasetId) : [];
    db.prepare(`DELETE FROM ${table.name} WHERE dataset_id = ?`).run(datasetId);
    if (stockItems.length > 0) settleItemStock(db, lastStockRid(db), stockItems);
    if (stockCodes.length > 0) settleStockCodes(db, lastStockRid(db), stockCodes);
    forgetDataset(db, datasetId);
    alsoCommit?.();
  }).immediate();
}
