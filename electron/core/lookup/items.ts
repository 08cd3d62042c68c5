// Items in the mirror: found by SKU, UPC, GTIN (any spelling), lot or serial, SKU prefix, or words.
import type { MirrorDb } from '../mirror/open-mirror.ts';
import { ftsQuery, type PrefixMode, rowsByProbe, stmt } from './statements.ts';

export interface ItemRow {
  rid: number;
  datasetId: number;
  id: string;
  sku: string | null;
  upc: string | null;
  gtin: string | null;
  description: string | null;
  uom: string | null;
  accountId: string | null;
}

const COLUMNS = `i.rid, i.dataset_id AS datasetId, i.id, i.sku, i.upc, i.gtin, i.description, i.uom, i.account_id AS accountId`;
const BY_RID = `SELECT ${COLUMNS} FROM items i WHERE i.rid = ?`;

export function itemById(db: MirrorDb, id: string): ItemRow | undefined {
  return stmt(db, `SELECT ${COLUMNS} FROM items i WHERE i.id = ?`).get(id) as ItemRow | undefined;
}

export function itemsBySku(db: MirrorDb, sku: string, limit = 20): ItemRow[] {
  return rowsByProbe<ItemRow>(db, `SELECT rid FROM items WHERE sku = ? LIMIT ?`, BY_RID, sku, limit);
}

/** Items whose UPC or GTIN is one of `codes` exactly (give every spelling: see gtinForms). */
export function itemsByBarcode(db: MirrorDb, codes: readonly string[], limit = 20): { row: ItemRow; field: 'upc' | 'gtin' }[] {
  if (codes.length === 0) return [];
  // The spellings as one JSON parameter: cheaper to bind than a list of parameters.
  const list = JSON.stringify(codes);
  const byGtin = rowsByProbe<ItemRow>(db, `SELECT rid FROM items WHERE gtin IN (SELECT value FROM json_each(?)) LIMIT ?`, BY_RID, list, limit);
  const byUpc = rowsByProbe<ItemRow>(db, `SELECT rid FROM items WHERE upc IN (SELECT value FROM json_each(?)) LIMIT ?`, BY_RID, list, limit);
  return [...byGtin.map((row) => ({ row, field: 'gtin' as const })), ...byUpc.map((row) => ({ row, field: 'upc' as const }))];
}

/** Items held in stock under this lot or serial number. */
export function itemsByLotOrSerial(db: MirrorDb, value: string, limit = 20): { row: ItemRow; field: 'lot' | 'serial' }[] {
  const rows = stmt(
    db,
    `SELECT ${COLUMNS}, s.field FROM (
       SELECT item_id, 'lot' AS field FROM inventory WHERE lot = @value
       UNION ALL SELECT item_id, 'serial' AS field FROM inventory WHERE serial = @value LIMIT 200
     ) s JOIN items i ON i.id = s.item_id LIMIT @limit`,
  ).all({ value, limit }) as (ItemRow & { field: 'lot' | 'serial' })[];
  return rows.map(({ field, ...row }) => ({ row, field }));
}

export function itemsBySkuPrefix(db: MirrorDb, prefix: string, limit: number): ItemRow[] {
  return stmt(db, `SELECT ${COLUMNS} FROM items i WHERE i.sku >= ? AND i.sku < ? ORDER BY i.sku LIMIT ?`).all(prefix, prefix + '\uffff', limit) as ItemRow[];
}

/** Items whose UPC or GTIN starts with these digits (typing a barcode by hand). */
export function itemsByBarcodePrefix(db: MirrorDb, digits: string, limit: number): { row: ItemRow; field: 'upc' | 'gtin' }[] {
  const upper = digits + '\uffff';
  const byUpc = stmt(db, `SELECT ${COLUMNS} FROM items i WHERE i.upc >= ? AND i.upc < ? ORDER BY i.upc LIMIT ?`).all(digits, upper, limit) as ItemRow[];
  const byGtin = stmt(db, `SELECT ${COLUMNS} FROM items i WHERE i.gtin >= ? AND i.gtin < ? ORDER BY i.gtin LIMIT ?`).all(digits, upper, limit) as ItemRow[];
  return [...byUpc.map((row) => ({ row, field: 'upc' as const })), ...byGtin.map((row) => ({ row, field: 'gtin' as const }))];
}

/** Items whose SKU, UPC, GTIN or description hold every word (as a word prefix). */
export function itemsByWords(db: MirrorDb, words: readonly string[], limit: number, mode: PrefixMode = 'last'): ItemRow[] {
  if (words.length === 0) return [];
  return stmt(
    db,
    `SELECT ${COLUMNS} FROM (SELECT rowid FROM items_fts WHERE items_fts MATCH ? LIMIT ?) f JOIN items i ON i.rid = f.rowid`,
  ).all(ftsQuery(words, mode), limit) as ItemRow[];
}
