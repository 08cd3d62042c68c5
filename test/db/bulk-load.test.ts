// When a dataset's first load drops its table's indexes and builds them again at the end (bulk-load.ts):
// once it has written a share of the rows the table already held, so that a second facility's
// stock does not first pay for index upkeep row by row over most of its load. Real SQLite, the real apply.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { bulkTime } from '../../electron/core/db/write/snapshot/bulk-load.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { stockSpec } from '../support/dataset-specs.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));
afterEach(() => vi.restoreAllMocks());

const firstLoad = { previousRows: 0, part: null, bulk: null } as const;

describe('a first load goes to bulk mode', () => {
  it('once it has written enough rows and an eighth of what the table held', () => {
    expect(bulkTime({ ...firstLoad, inserted: 20_000, tableRows: 0 })).toBe(true);
    expect(bulkTime({ ...firstLoad, inserted: 19_999, tableRows: 0 })).toBe(false);
    // a second facility's stock beside a first of 1,000,000 rows: at 125,000 rows, not 500,000
    expect(bulkTime({ ...firstLoad, inserted: 125_000, tableRows: 1_000_000 })).toBe(true);
    expect(bulkTime({ ...firstLoad, inserted: 124_999, tableRows: 1_000_000 })).toBe(false);
    expect(bulkTime({ ...firstLoad, inserted: 30_000, tableRows: 200_000 })).toBe(true);
  });

  it('never for a dataset that had rows, a part of one, a table not counted, or twice', () => {
    expect(bulkTime({ ...firstLoad, previousRows: 5, inserted: 50_000, tableRows: 0 })).toBe(false);
    expect(bulkTime({ ...firstLoad, part: { column: 'item_id', values: new Set(['a']) } as never, inserted: 50_000, tableRows: 0 })).toBe(false);
    expect(bulkTime({ ...firstLoad, inserted: 50_000, tableRows: null })).toBe(false);
    expect(bulkTime({ ...firstLoad, bulk: { indexes: [] }, inserted: 50_000, tableRows: 0 })).toBe(false);
  });

  it('leaves every index whole and right after a second facility\'s load into a larger table', () => {
    const stock = (facility: string, n: number) => ({ id: `${facility}-${n}`, facility_id: facility, item_id: `item-${n % 9_000}`, location_code: `${facility}-${n % 500}`, qty_on_hand: n % 13 });
    const apply = (facility: string, count: number) => {
      const spec = stockSpec(facility);
      const applier = beginSnapshot(db, ensureDataset(db, spec), spec);
      for (let n = 0; n < count; n++) applier.add(JSON.stringify(stock(facility, n)));
      expect(applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: false }).kind).toBe('applied');
    };
    apply('F1', 60_000);
    const indexes = () => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'inventory' AND sql IS NOT NULL ORDER BY name`).pluck().all();
    const before = indexes();
    const exec = vi.spyOn(db, 'exec');
    apply('F2', 22_000);
    // 22,000 rows beside 60,000: bulk mode, which a half of the table would not have reached
    expect(exec.mock.calls.filter(([sql]) => /^DROP INDEX/.test(sql)).length).toBe(before.length);
    expect(indexes()).toEqual(before);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT count(*) FROM inventory INDEXED BY inventory_item WHERE item_id = ?').pluck().get('item-7')).toBe(10);
    expect(db.prepare(`SELECT count(*) FROM inventory INDEXED BY inventory_id WHERE id = 'F2-21999'`).pluck().get()).toBe(1);
    expect(db.prepare('SELECT on_hand FROM item_stock WHERE item_id = ?').pluck().get('item-7')).toBe(db.prepare('SELECT total(qty_on_hand) FROM inventory WHERE item_id = ?').pluck().get('item-7'));
  });
});
