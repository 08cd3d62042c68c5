// Migration 19 (item stock from the index): applied on a file of the schema before it, with real
// SQLite; the stock's item index carries quantity, facility and location code, and an item's stock is
// read from it alone. A file whose stock indexes a stopped first sync left to build later gets the
// new index at once, and the note no longer asks for the old one.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { stockOfItemsAt } from '../../../electron/core/db/read/inventory.ts';
import { buildDeferredIndexes, deferredIndexes } from '../../../electron/core/db/write/deferred-indexes.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

const STOCK = `INSERT INTO inventory (dataset_id, id, item_id, facility_id, location_code, qty_on_hand, hash, raw) VALUES (1, ?, ?, ?, ?, ?, 1, '{}')`;
const NEW_INDEX = 'CREATE INDEX inventory_item ON inventory (item_id, qty_on_hand, facility_id, location_code)';
const indexSql = (db: { prepare(sql: string): { pluck(): { get(...a: unknown[]): unknown } } }) => db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'inventory_item'`).pluck().get();

describe('migration 19: item stock from the index', () => {
  it("gives a schema 18 file's stock an item index that answers an item's stock alone", () => {
    const { file, old } = fileAtVersion(dir, 18);
    const row = old.prepare(STOCK);
    row.run('s-1', 'item-1', 'F1', 'A-01', 4);
    row.run('s-2', 'item-1', 'F2', 'B-07', 9);
    row.run('s-3', 'item-2', 'F1', 'A-02', 0);
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(indexSql(db)).toBe(NEW_INDEX);
      expect(stockOfItemsAt(db, ['item-1', 'item-2'], 'F1').map(([item, onHand, code, facility]) => [item, onHand, code, facility])).toEqual([['item-1', 13, 'A-01', 'F1']]);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN SELECT item_id, total(qty_on_hand), max(qty_on_hand), location_code FROM inventory WHERE item_id IN ('item-1') AND qty_on_hand > 0 GROUP BY item_id`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
      expect(plan).toContain('COVERING INDEX inventory_item');
    } finally {
      db.close();
    }
  });

  it('makes the index at once on a file whose stock indexes were left to build, and takes the old one out of the note', () => {
    const { file, old } = fileAtVersion(dir, 18);
    old.prepare(STOCK).run('s-1', 'item-1', 'F1', 'A-01', 4);
    // as a first sync stopped between two facilities' stock leaves it (db/write/deferred-indexes.ts)
    const indexes = old.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'inventory' AND sql IS NOT NULL`).all() as { name: string; sql: string }[];
    expect(indexes.map((i) => i.sql)).toContain('CREATE INDEX inventory_item ON inventory (item_id)');
    for (const { name } of indexes) old.exec(`DROP INDEX ${name}`);
    old.prepare(`INSERT INTO meta (key, value) VALUES ('deferredIndexes.inventory', ?)`).run(JSON.stringify({ indexes: indexes.map((i) => i.sql), fts: null }));
    old.close();
    const db = openMirror(file);
    try {
      expect(indexSql(db)).toBe(NEW_INDEX);
      const left = deferredIndexes(db, 'inventory')!;
      expect(left.indexes).toEqual(indexes.map((i) => i.sql).filter((sql) => !sql.startsWith('CREATE INDEX inventory_item ')));
      expect(left.fts).toBeNull();
      expect(buildDeferredIndexes(db)).toEqual(['inventory']);
      const built = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'inventory' AND sql IS NOT NULL ORDER BY name`).pluck().all();
      expect(built).toEqual(indexes.map((i) => i.name).sort());
      expect(indexSql(db)).toBe(NEW_INDEX);
    } finally {
      db.close();
    }
  });
});
