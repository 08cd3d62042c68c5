// Migration 14 (item stock): applied on a file of the schema before it, with real SQLite; each item's
// stock summary is filled from the stock rows already there, and made again for the items a later
// write names.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { settleItemStock } from '../../../electron/core/db/write/item-stock.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

const STOCK = `INSERT INTO inventory (dataset_id, id, facility_id, location_code, item_id, qty_on_hand, hash, raw) VALUES (1, ?, ?, ?, ?, ?, 1, '{}')`;

describe('migration 14: item stock', () => {
  it('sums each item\'s stock of a schema 13 file and names where most of it is; later writes make it again', () => {
    const { file, old } = fileAtVersion(dir, 13);
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, scope_id, path, last_success_at) VALUES (1, 'inventory@facility:F1', 'inventory', 'facility', 'F1', '/inv', '2026-11-20T10:00:00.000Z')`).run();
    const row = old.prepare(STOCK);
    row.run('s-1', 'F1', 'A-01', 'item-1', 4);
    row.run('s-2', 'F2', 'B-07', 'item-1', 9);
    row.run('s-3', 'F1', 'A-02', 'item-1', 0);
    row.run('s-4', 'F1', 'A-03', 'item-2', -2);
    row.run('s-5', 'F1', 'A-04', 'item-3', 1.5);
    expect(old.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = 'item_stock'`).pluck().get()).toBe(0);
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const summary = () => db.prepare('SELECT item_id, on_hand, location_code, facility_id FROM item_stock ORDER BY item_id').raw().all();
      // only what is on hand counts: item-2 holds nothing
      expect(summary()).toEqual([
        ['item-1', 13, 'B-07', 'F2'],
        ['item-3', 1.5, 'A-04', 'F1'],
      ]);
      expect(db.prepare('SELECT count(*) FROM inventory').pluck().get()).toBe(5);
      // a later write of stock rows makes the summary of the items it names again
      db.transaction(() => {
        const before = db.prepare('SELECT max(rid) FROM inventory').pluck().get() as number;
        db.prepare(STOCK).run('s-6', 'F1', 'A-05', 'item-2', 3);
        db.prepare(`UPDATE inventory SET qty_on_hand = 20 WHERE id = 's-1'`).run();
        db.prepare(`DELETE FROM inventory WHERE id = 's-5'`).run();
        settleItemStock(db, before, ['item-1', 'item-3']);
      })();
      expect(summary()).toEqual([
        ['item-1', 29, 'A-01', 'F1'],
        ['item-2', 3, 'A-05', 'F1'],
      ]);
    } finally {
      db.close();
    }
  });
});
