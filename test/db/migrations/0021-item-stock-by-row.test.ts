// Migration 21 (each item's stock summary by its row): applied on a file of the schema before it,
// with real SQLite. Every item gets a copy of its summary under its rid (none on hand: a copy with
// nothing); a page of hits reads it; the copy goes when its item's row does or changes its id, and
// stays when the row changes otherwise.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { prefixRows } from '../../../electron/core/db/read/search-hits.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 21: the stock summary by item row', () => {
  it("gives every item of a schema 20 file a copy of its summary, which the item's row keeps", () => {
    const { file, old } = fileAtVersion(dir, 20);
    const item = old.prepare(`INSERT INTO items (rid, dataset_id, id, sku, description, hash, raw) VALUES (?, 1, ?, ?, ?, 1, '{}')`);
    item.run(1, 'i-1', 'SKU-0001', 'Steel bolt');
    item.run(2, 'i-2', 'SKU-0002', 'Brass nut');
    item.run(3, 'i-3', 'SKU-0003', 'Carton');
    const summary = old.prepare('INSERT INTO item_stock (item_id, on_hand, location_code, facility_id) VALUES (?, ?, ?, ?)');
    summary.run('i-1', 12, 'A-01-01-A', 'F1');
    summary.run('i-2', 3, 'B-02-01-C', null);
    // a summary of an item the mirror does not hold: no copy
    summary.run('i-9', 5, 'C-01-01-A', 'F1');
    old.close();

    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const copies = () => db.prepare('SELECT rid, item_id, on_hand, location_code, facility_id FROM item_stock_by_rid ORDER BY rid').raw().all();
      expect(copies()).toEqual([
        [1, 'i-1', 12, 'A-01-01-A', 'F1'],
        [2, 'i-2', 3, 'B-02-01-C', null],
        [3, 'i-3', null, null, null],
      ]);
      const page = () => prefixRows(db, { text: 'SKU-', digits: false, key: '' }, 50).items[0].rows.map((r) => [r[0], r[6], r[7], r[8]]);
      expect(page()).toEqual([
        ['i-1', 12, 'A-01-01-A', 'F1'],
        ['i-2', 3, 'B-02-01-C', null],
        ['i-3', null, null, null],
      ]);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN SELECT st.on_hand FROM items x LEFT JOIN item_stock_by_rid st ON st.rid = x.rid WHERE x.sku >= 'a' ORDER BY x.sku LIMIT 50`).all() as { detail: string }[]).map((r) => r.detail);
      expect(plan.join(' | ')).toContain('SEARCH st USING INTEGER PRIMARY KEY (rowid=?)');

      // a row changed otherwise keeps its copy; one given another id, or deleted, loses it
      db.prepare(`UPDATE items SET description = 'Steel bolt M8', id = 'i-1' WHERE rid = 1`).run();
      db.prepare(`UPDATE items SET id = 'i-7' WHERE rid = 2`).run();
      db.prepare('DELETE FROM items WHERE rid = 3').run();
      expect(copies()).toEqual([[1, 'i-1', 12, 'A-01-01-A', 'F1']]);
      // a new row has none until the next write of stock: the page reads its summary by id
      db.prepare(`INSERT INTO items (rid, dataset_id, id, sku, description, hash, raw) VALUES (3, 1, 'i-9', 'SKU-0009', 'Crate', 1, '{}')`).run();
      expect(copies()).toHaveLength(1);
      expect(page()).toEqual([
        ['i-1', 12, 'A-01-01-A', 'F1'],
        ['i-7', null, null, null],
        ['i-9', 5, 'C-01-01-A', 'F1'],
      ]);
    } finally {
      db.close();
    }
  });
});
