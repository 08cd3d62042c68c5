// Migration 9 (stock refresh): applied on a file of the schema before it, with real SQLite; what it adds or
// changes, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { planStockReading } from '../../../electron/core/db/stock-refresh/plan.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { addStockAndHistoryDatasets, fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 9: stock refresh', () => {
  it('gives a schema 8 file its stock reading state, empty: the stock it has is read whole once more', () => {
    const { file, old } = fileAtVersion(dir, 8);
    addStockAndHistoryDatasets(old, '2026-11-20T10:00:00Z');
    old.prepare(`INSERT INTO inventory (dataset_id, id, item_id, hash, raw) VALUES (1, 's-1', 'item-1', 1, '{}')`).run();
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare('SELECT count(*) FROM stock_refresh').pluck().get()).toBe(0);
      expect(db.prepare('SELECT count(*) FROM items_gone').pluck().get()).toBe(0);
      expect(db.prepare('SELECT id, item_id FROM inventory').all()).toEqual([{ id: 's-1', item_id: 'item-1' }]);
      expect(planStockReading(db, { stockDatasetId: 1, history: { datasetId: 2, maxRows: 100, readThisRound: true }, itemsRead: true, fullEveryMinutes: 60, now: Date.now() })).toMatchObject({ kind: 'full' });
      // numbers of deleted items are never given twice, even after the table was emptied
      db.prepare(`INSERT INTO items_gone (id) VALUES ('a'), ('b')`).run();
      db.prepare('DELETE FROM items_gone').run();
      db.prepare(`INSERT INTO items_gone (id) VALUES ('c')`).run();
      expect(db.prepare('SELECT seq FROM items_gone').pluck().get()).toBe(3);
    } finally {
      db.close();
    }
  });
});
