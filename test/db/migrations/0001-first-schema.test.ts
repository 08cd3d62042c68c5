// Migration 1 (the first schema): applied on an empty file with real SQLite; every table with the
// stable column names the lookups and the sync use, and full-text search over a row.
import { describe, expect, it } from 'vitest';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion, tableColumns } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 1: the first schema', () => {
  it('creates every record table, the datasets and meta, and the full-text indexes on an empty file', () => {
    const { old: db } = fileAtVersion(dir, 1);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(1);
      const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE '%fts_%' ORDER BY name`).pluck().all();
      expect(tables).toEqual(['datasets', 'history', 'inventory', 'items', 'items_fts', 'locations', 'locations_fts', 'meta', 'records', 'records_fts']);
      expect(tableColumns(db, 'items')).toEqual(['rid', 'dataset_id', 'id', 'account_id', 'sku', 'upc', 'gtin', 'description', 'uom', 'enabled', 'modified_on', 'hash', 'raw']);
      expect(tableColumns(db, 'locations')).toEqual(['rid', 'dataset_id', 'id', 'facility_id', 'code', 'code_norm', 'barcode', 'zone', 'type', 'pickable', 'enabled', 'modified_on', 'hash', 'raw']);
      expect(tableColumns(db, 'inventory')).toContain('location_code_norm');
      expect(tableColumns(db, 'records')).not.toContain('code_sort');
      expect(tableColumns(db, 'datasets')).toEqual(expect.arrayContaining(['key', 'list', 'scope_kind', 'scope_id', 'etag', 'rows', 'held_rows', 'held_at']));
      db.prepare(`INSERT INTO items (rid, dataset_id, id, sku, description, hash, raw) VALUES (7, 1, 'x', 'SKU-1', 'Blue widget', 1, '{}')`).run();
      db.prepare(`INSERT INTO items_fts (rowid, sku, description) VALUES (7, 'SKU-1', 'Blue widget')`).run();
      expect(db.prepare(`SELECT i.id FROM items_fts JOIN items i ON i.rid = items_fts.rowid WHERE items_fts MATCH 'widget'`).pluck().all()).toEqual(['x']);
      // a scope other than the three is refused by the table itself
      expect(() => db.prepare(`INSERT INTO datasets (key, list, scope_kind, path) VALUES ('k', 'items', 'planet', '/items')`).run()).toThrow(/CHECK/);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});
