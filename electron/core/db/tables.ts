// The mirror's record tables as SQLite holds them: each table's extracted columns, in the order a
// record's values are written (after rid, dataset_id, id), and the full-text index kept beside it.
// What fills a column from a server's record is the lists' concern (mirror/record-tables.ts
// compiles a field map into an extractor of these columns); the shapes are the schema's, so the
// data layer writes and reads rows without knowing any list.

export type TableName = 'items' | 'locations' | 'inventory' | 'history' | 'records';

/** The full-text indexes kept beside the tables. */
export type SearchIndex = 'items_fts' | 'locations_fts' | 'records_fts';

export interface TableShape {
  name: TableName;
  /** Extracted columns, in the order a record's values come (after rid, dataset_id, id). */
  columns: readonly string[];
  /** The FTS5 table and the `columns` it indexes (rowid = rid), or null. */
  fts: { table: string; columns: readonly string[] } | null;
}

export const TABLE_SHAPES: Record<TableName, TableShape> = {
  items: {
    name: 'items',
    columns: ['account_id', 'sku', 'upc', 'gtin', 'description', 'uom', 'enabled', 'modified_on'],
    fts: { table: 'items_fts', columns: ['sku', 'description'] },
  },
  locations: {
    name: 'locations',
    columns: ['facility_id', 'code', 'code_norm', 'code_sort', 'barcode', 'zone', 'type', 'pickable', 'enabled', 'modified_on'],
    fts: { table: 'locations_fts', columns: ['code', 'barcode', 'zone'] },
  },
  inventory: {
    name: 'inventory',
    columns: [
      'facility_id', 'location_id', 'location_code', 'location_code_sort', 'item_id', 'account_id', 'sku', 'lot', 'serial',
      'expiry', 'uom', 'qty_on_hand', 'qty_allocated', 'qty_available', 'status', 'modified_on',
    ],
    fts: null,
  },
  history: {
    name: 'history',
    columns: [
      'facility_id', 'item_id', 'sku', 'location_id', 'location_code', 'from_location_code', 'to_location_code', 'type', 'qty',
      'qty_before', 'qty_after', 'lot', 'user_email', 'reference', 'created_on', 'modified_on',
    ],
    fts: null,
  },
  records: {
    name: 'records',
    columns: ['list', 'scope_id', 'code', 'code_sort', 'name', 'text', 'modified_on'],
    fts: { table: 'records_fts', columns: ['code', 'name', 'text'] },
  },
};
