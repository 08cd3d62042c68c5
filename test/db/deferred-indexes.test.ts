// A table's indexes left dropped from one first load to the next of the same sync, and built once at
// the last (db/write/deferred-indexes.ts), or, when the sync stops in between, at the next round's
// start. Real SQLite, the real apply.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { buildDeferredIndexes, buildIndexes, deferredIndexes } from '../../electron/core/db/write/deferred-indexes.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { stockSpec } from '../support/dataset-specs.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));
afterEach(() => vi.restoreAllMocks());

const stock = (facility: string, n: number, qty = n % 5) => ({ id: `${facility}-${n}`, facility_id: facility, item_id: `item-${n % 9_000}`, location_code: `${facility}-${n % 497}`, lot: n % 7 === 0 ? `L${n}` : null, qty_on_hand: qty });
const apply = (facility: string, rows: Record<string, unknown>[], indexesLater = false) => {
  const spec = stockSpec(facility);
  const applier = beginSnapshot(db, ensureDataset(db, spec), spec);
  for (const row of rows) applier.add(JSON.stringify(row));
  const result = applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: false, indexesLater });
  if (result.kind !== 'applied') throw new Error(`${facility}'s load was held`);
  return result;
};
const rows = (facility: string, count: number) => Array.from({ length: count }, (_, n) => stock(facility, n));
const indexes = () => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'inventory' AND sql IS NOT NULL ORDER BY name`).pluck().all();
const onHand = (item: string) => db.prepare('SELECT on_hand FROM item_stock WHERE item_id = ?').pluck().get(item);
const total = (item: string) => db.prepare('SELECT total(qty_on_hand) FROM inventory WHERE item_id = ? AND qty_on_hand > 0').pluck().get(item);

describe('indexes left dropped between the first loads of one sync', () => {
  it('are left by a load another follows, and built once by the last, which writes without them from its first row', () => {
    const all = indexes();
    // its rows counted without reading the table, which has no index to count by
    expect(apply('F1', rows('F1', 30_000), true).rows).toBe(30_000);
    expect(indexes()).toEqual([]);
    expect(deferredIndexes(db, 'inventory')?.indexes).toHaveLength(all.length);
    // the stock summary and the codes held are right between the loads too
    expect(onHand('item-7')).toBe(total('item-7'));
    expect(db.prepare(`SELECT count(*) FROM stock_codes WHERE code = 'L700'`).pluck().get()).toBe(1);

    const exec = vi.spyOn(db, 'exec');
    // a load under the bulk mode's own threshold still writes without indexes: they are already gone
    expect(apply('F2', rows('F2', 5_000)).rows).toBe(5_000);
    const sql = exec.mock.calls.map(([text]) => text);
    expect(sql.filter((text) => /^DROP INDEX/.test(text))).toEqual([]);
    expect(sql.filter((text) => /^CREATE (UNIQUE )?INDEX/.test(text))).toHaveLength(all.length);
    expect(indexes()).toEqual(all);
    expect(deferredIndexes(db, 'inventory')).toBeNull();
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT count(*) FROM inventory INDEXED BY inventory_item WHERE item_id = ?').pluck().get('item-7')).toBe(5);
    // every item's summary, the first load's made without an item index, as the rows say through it
    // (the top row among equal quantities too: the first stored)
    const throughIndex = db
      .prepare(`SELECT item_id, total(qty_on_hand), location_code, facility_id, max((facility_id IS NULL) * 1e15 + coalesce(qty_on_hand, 0)) FROM inventory INDEXED BY inventory_item WHERE qty_on_hand > 0 GROUP BY item_id ORDER BY item_id`)
      .raw()
      .all()
      .map((row) => (row as unknown[]).slice(0, 4));
    expect(db.prepare('SELECT item_id, on_hand, location_code, facility_id FROM item_stock ORDER BY item_id').raw().all()).toEqual(throughIndex);
  });

  it('are built before a load that finds its stored rows by id', () => {
    const all = indexes();
    apply('F1', rows('F1', 25_000), true);
    const changed = rows('F1', 25_000);
    changed[7] = stock('F1', 7, 1_000);
    const result = apply('F1', changed);
    expect(result).toMatchObject({ inserted: 0, updated: 1, deleted: 0 });
    expect(indexes()).toEqual(all);
    expect(deferredIndexes(db, 'inventory')).toBeNull();
    expect(onHand('item-7')).toBe(total('item-7'));
  });

  it('are built at the next round when the sync stopped between two loads, a repeated id keeping its last copy', () => {
    const all = indexes();
    apply('F1', rows('F1', 25_000), true);
    // the same stock row id in the second facility's answer: kept apart while the unique index is dropped
    apply('F2', [...rows('F2', 20_000), { ...stock('F2', 3), id: 'F1-3' }], true);
    expect(db.prepare(`SELECT count(*) FROM inventory WHERE id = 'F1-3'`).pluck().get()).toBe(2);
    expect(buildDeferredIndexes(db)).toEqual(['inventory']);
    expect(indexes()).toEqual(all);
    expect(deferredIndexes(db, 'inventory')).toBeNull();
    expect(db.prepare(`SELECT facility_id FROM inventory WHERE id = 'F1-3'`).pluck().all()).toEqual(['F2']);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(buildDeferredIndexes(db)).toEqual([]);
  });

  it('come back with the load that dropped them when it is rolled back', () => {
    const all = indexes();
    const spec = stockSpec('F1');
    const applier = beginSnapshot(db, ensureDataset(db, spec), spec);
    for (const row of rows('F1', 25_000)) applier.add(JSON.stringify(row));
    applier.abort();
    expect(indexes()).toEqual(all);
    expect(deferredIndexes(db, 'inventory')).toBeNull();
  });
});

describe('an index build', () => {
  it('sorts with a helper thread, and leaves the connection sorting on its own after, even when a build fails', () => {
    // the library must allow helper threads, or the setting does nothing
    expect(db.pragma('threads = 1', { simple: true })).toBe(1);
    db.pragma('threads = 0');
    const seen: number[] = [];
    const exec = db.exec.bind(db);
    vi.spyOn(db, 'exec').mockImplementation((sql: string) => {
      if (/^CREATE (UNIQUE )?INDEX/.test(sql)) seen.push(db.pragma('threads', { simple: true }) as number);
      return exec(sql);
    });
    apply('F1', rows('F1', 30_000));
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([1]));
    expect(db.pragma('threads', { simple: true })).toBe(0);

    vi.restoreAllMocks();
    expect(() => buildIndexes(db, 'inventory', ['CREATE INDEX broken ON inventory (no_such_column)'], () => {})).toThrow(/no_such_column/);
    expect(db.pragma('threads', { simple: true })).toBe(0);
  });
});
