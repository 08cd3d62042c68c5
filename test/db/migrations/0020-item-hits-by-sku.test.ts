// Migration 20 (the items' hits by SKU from an index): applied on a file of the schema before it, with
// real SQLite; a page of items by SKU prefix, and an item by its SKU, are read from the new index
// alone, while a list page in SKU order keeps the narrow SKU index. A file whose item indexes a
// stopped first sync left to build later gets the new index at once, and builds the others as before.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { exactRows, prefixRows } from '../../../electron/core/db/read/search-hits.ts';
import { buildDeferredIndexes, deferredIndexes } from '../../../electron/core/db/write/deferred-indexes.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

const ITEM = `INSERT INTO items (dataset_id, id, sku, upc, gtin, description, hash, raw) VALUES (1, ?, ?, ?, ?, ?, 1, '{}')`;
const HIT_INDEX = 'CREATE INDEX items_sku_hit ON items (sku, id, description, upc, gtin, dataset_id)';
const indexSql = (db: { prepare(sql: string): { pluck(): { get(...a: unknown[]): unknown } } }, name: string) => db.prepare(`SELECT sql FROM sqlite_master WHERE name = ?`).pluck().get(name);

describe('migration 20: the items by SKU from an index', () => {
  it("gives a schema 19 file's items an index that answers a hit alone, beside the narrow SKU index", () => {
    const { file, old } = fileAtVersion(dir, 19);
    const row = old.prepare(ITEM);
    row.run('i-1', 'SKU-0012', '012345678905', null, 'Steel bolt M8');
    row.run('i-2', 'SKU-0013', null, '00012345678912', 'Brass nut M8');
    row.run('i-3', 'BOX-7', null, null, 'Carton');
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(indexSql(db, 'items_sku_hit')).toBe(HIT_INDEX);
      expect(indexSql(db, 'items_sku')).toBe('CREATE INDEX items_sku ON items (sku)');
      const prefix = prefixRows(db, { text: 'sku-00', digits: false, key: '' }, 50).items[0].rows.map((r) => r.slice(0, 6));
      expect(prefix).toEqual([
        ['i-1', 'SKU-0012', 'Steel bolt M8', '012345678905', null, 1],
        ['i-2', 'SKU-0013', 'Brass nut M8', null, '00012345678912', 1],
      ]);
      expect(exactRows(db, { text: 'SKU-0013', barcodes: [], key: '' }).map((r) => r[2])).toEqual(['i-2']);
      const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
      // the prefix page and the exact probe never fetch an item's row from the table
      expect(plan(`SELECT x.id, x.sku, x.description, x.upc, x.gtin, x.dataset_id FROM items x WHERE x.sku >= 'a' AND x.sku < 'b' ORDER BY x.sku LIMIT 50`)).toContain('COVERING INDEX items_sku_hit');
      expect(plan(`SELECT x.id, x.description, x.upc, x.gtin, x.dataset_id FROM items x WHERE x.sku = 'a'`)).toContain('COVERING INDEX items_sku_hit');
    } finally {
      db.close();
    }
  });

  it('makes the index at once on a file whose item indexes were left to build, which then builds them as before', () => {
    const { file, old } = fileAtVersion(dir, 19);
    old.prepare(ITEM).run('i-1', 'SKU-0012', null, null, 'Steel bolt');
    // as a first sync stopped between two accounts' items leaves it (db/write/deferred-indexes.ts)
    const indexes = old.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items' AND sql IS NOT NULL`).all() as { name: string; sql: string }[];
    for (const { name } of indexes) old.exec(`DROP INDEX ${name}`);
    const note = { indexes: indexes.map((i) => i.sql), fts: 'items_fts' };
    old.prepare(`INSERT INTO meta (key, value) VALUES ('deferredIndexes.items', ?)`).run(JSON.stringify(note));
    old.close();
    const db = openMirror(file);
    try {
      expect(indexSql(db, 'items_sku_hit')).toBe(HIT_INDEX);
      expect(deferredIndexes(db, 'items')).toEqual(note);
      expect(buildDeferredIndexes(db)).toEqual(['items']);
      const built = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items' AND sql IS NOT NULL ORDER BY name`).pluck().all();
      expect(built).toEqual([...indexes.map((i) => i.name), 'items_sku_hit'].sort());
    } finally {
      db.close();
    }
  });
});
