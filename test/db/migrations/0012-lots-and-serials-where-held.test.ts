// Migration 12 (lots and serials where held): applied on a file of the schema before it, with real SQLite; what it adds or
// changes, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 12: lots and serials where held', () => {
  it('indexes a schema 11 file\'s lots and serials only where stock has one, keeping every row, and lot and serial lookups still use the indexes', () => {
    const { file, old } = fileAtVersion(dir, 11);
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, scope_id, path, etag, rows, last_success_at) VALUES (1, 'inventory@facility:F', 'inventory', 'facility', 'F', '/inv', '"e1"', 3, '2026-11-20T10:00:00.000Z')`).run();
    const stock = old.prepare(`INSERT INTO inventory (dataset_id, id, facility_id, location_id, item_id, sku, lot, serial, qty_on_hand, hash, raw) VALUES (1, ?, 'F', 'L', 'I', 'SKU-1', ?, ?, 1, 1, '{}')`);
    stock.run('s-1', 'LOT-7', null);
    stock.run('s-2', null, 'SN-9');
    stock.run('s-3', null, null);
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const entries = (index: string) => db.prepare(`SELECT count(*) FROM inventory INDEXED BY ${index} WHERE ${index === 'inventory_lot' ? 'lot' : 'serial'} IS NOT NULL`).pluck().get();
      expect(db.prepare(`SELECT sql FROM sqlite_master WHERE name IN ('inventory_lot', 'inventory_serial') ORDER BY name`).pluck().all()).toEqual([
        'CREATE INDEX inventory_lot ON inventory (lot) WHERE lot IS NOT NULL',
        'CREATE INDEX inventory_serial ON inventory (serial) WHERE serial IS NOT NULL',
      ]);
      expect([entries('inventory_lot'), entries('inventory_serial')]).toEqual([1, 1]);
      expect(db.prepare('SELECT id FROM inventory ORDER BY id').pluck().all()).toEqual(['s-1', 's-2', 's-3']);
      const plan = (column: string) => (db.prepare(`EXPLAIN QUERY PLAN SELECT id FROM inventory WHERE ${column} = ?`).all('x') as { detail: string }[]).map((row) => row.detail).join('; ');
      expect(plan('lot')).toContain('USING INDEX inventory_lot (lot=?)');
      expect(plan('serial')).toContain('USING INDEX inventory_serial (serial=?)');
      expect(db.prepare('SELECT id FROM inventory WHERE lot = ?').pluck().all('lot-7')).toEqual(['s-1']);
      expect(db.prepare('SELECT id FROM inventory WHERE serial = ?').pluck().all('SN-9')).toEqual(['s-2']);
    } finally {
      db.close();
    }
  });
});
