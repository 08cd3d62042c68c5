// Migration 11 (items moved): applied on a file of the schema before it, with real SQLite; what it adds or
// changes, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { planStockReading } from '../../../electron/core/db/stock-refresh/plan.ts';
import { recordItemsMoved, writeStockRefresh } from '../../../electron/core/db/stock-refresh/write.ts';
import { historyMark, stockRefreshState } from '../../../electron/core/db/stock-refresh/read.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { addStockAndHistoryDatasets, fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 11: items moved', () => {
  it('gives a schema 10 file the queue of items that moved: its stock is read whole once, then only for the events that arrive after', () => {
    const { file, old } = fileAtVersion(dir, 10);
    addStockAndHistoryDatasets(old, '2026-11-20T10:00:00.000Z');
    old.prepare(`INSERT INTO history (dataset_id, id, item_id, created_on, hash, raw) VALUES (2, 'e-1', 'item-1', '2026-11-20T10:00:00.000Z', 1, '{}')`).run();
    old.prepare(`INSERT INTO stock_refresh (dataset_id, full_at, events_through, history_etag, gone_through) VALUES (1, ?, '2026-11-20T10:00:00.000Z', '"h1"', 0)`).run(new Date().toISOString());
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('stock_refresh')).toEqual(['dataset_id', 'full_at', 'events_through', 'gone_through', 'moved_through']);
      expect(db.prepare('SELECT id FROM history').pluck().all()).toEqual(['e-1']);
      const plan = () => planStockReading(db, { stockDatasetId: 1, history: { datasetId: 2, maxRows: 100, readThisRound: true }, itemsRead: true, fullEveryMinutes: 60, now: Date.now() });
      // the reading before the upgrade did not queue: which items moved since is not known
      expect(stockRefreshState(db, 1)?.mark.movedThrough).toBeNull();
      expect(plan()).toEqual({ kind: 'full', why: 'earlier-version' });
      writeStockRefresh(db, 1, { fullAt: new Date().toISOString(), mark: historyMark(db, 2) });
      expect(plan()).toMatchObject({ kind: 'none' });
      const before = db.prepare('SELECT max(rid) FROM history').pluck().get() as number;
      db.prepare(`INSERT INTO history (dataset_id, id, item_id, created_on, hash, raw) VALUES (2, 'e-2', 'item-2', '2026-11-20T09:00:00.000Z', 1, '{}')`).run();
      recordItemsMoved(db, 2, before, []);
      expect(plan()).toMatchObject({ kind: 'items', ids: ['item-2'] });
    } finally {
      db.close();
    }
  });
});
