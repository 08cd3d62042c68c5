import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { ID_PART, type ApplyResult, type LogKeep } from '../../electron/core/db/write/snapshot/apply-snapshot.ts';
import { type DatasetSpec } from '../../electron/core/mirror/dataset-state.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { itemsSpec as itemsSpecOf, stockSpec as stockSpecOf } from '../support/dataset-specs.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

const itemsSpec = itemsSpecOf('A');

type Item = { id: string; sku: string; description: string; extra?: unknown };
const item = (n: number, v = 0): Item => ({ id: `id-${n}`, sku: `SKU-${n}`, description: `Widget ${n} v${v}`, extra: { n, v } });

function apply(records: object[], options: { allowMassDelete?: boolean; spec?: DatasetSpec; announcedTotal?: number } = {}): ApplyResult {
  const spec = options.spec ?? itemsSpec;
  const id = ensureDataset(db, spec);
  const applier = beginSnapshot(db, id, spec);
  for (const r of records) applier.add(JSON.stringify(r));
  return applier.finish({ etag: `"e${records.length}"`, at: new Date().toISOString(), allowMassDelete: options.allowMassDelete ?? false, announcedTotal: options.announcedTotal });
}

function mirrored(): unknown[] {
  return (db.prepare('SELECT raw FROM items ORDER BY id').pluck().all() as string[]).map((r) => JSON.parse(r));
}
const byId = (list: Item[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

function ftsIds(query: string): string[] {
  return db.prepare(`SELECT i.id FROM items_fts JOIN items i ON i.rid = items_fts.rowid WHERE items_fts MATCH ? ORDER BY i.id`).pluck().all(query) as string[];
}

describe('applying a snapshot', () => {
  it('loads, skips unchanged rows, updates changed ones, deletes missing ones, keeps raw JSON losslessly', () => {
    const first = Array.from({ length: 50 }, (_, n) => item(n));
    expect(apply(first)).toMatchObject({ kind: 'applied', inserted: 50, rows: 50 });
    expect(mirrored()).toEqual(byId(first));
    expect(apply(first)).toMatchObject({ kind: 'applied', inserted: 0, updated: 0, unchanged: 50, deleted: 0 });
    const second = first.filter((r) => r.id !== 'id-3').map((r) => (r.id === 'id-7' ? { ...r, description: 'Gadget renamed', unknown: [1, { x: null }] } : r));
    expect(apply(second)).toMatchObject({ kind: 'applied', updated: 1, deleted: 1, unchanged: 48, rows: 49 });
    expect(mirrored()).toEqual(byId(second));
    expect(ftsIds('gadget')).toEqual(['id-7']);
    expect(ftsIds('sku 3')).toEqual([]);
    expect(datasetByKey(db, itemsSpec.key)).toMatchObject({ rows: 49, etag: '"e49"', last_error_code: null });
    expect(db.prepare('SELECT sku, account_id FROM items WHERE id = ?').get('id-7')).toEqual({ sku: 'SKU-7', account_id: 'A' });
  });

  it('a changed row has every extracted field of its new content, whether or not an indexed one changed', () => {
    const rows = Array.from({ length: 20 }, (_, n) => ({ ...item(n), upc: String(400000000000 + n) }));
    apply(rows);
    const changed = rows.map((r) => {
      if (r.id === 'id-1') return { ...r, description: 'Only the description' };
      if (r.id === 'id-2') return { ...r, sku: 'sku-2' }; // its case alone: NOCASE would call it the same
      if (r.id === 'id-3') return { ...r, upc: '499999999999', description: 'And its UPC' };
      return r;
    });
    expect(apply(changed)).toMatchObject({ kind: 'applied', updated: 3, unchanged: 17 });
    const stored = db.prepare(`SELECT id, sku, upc, description FROM items WHERE id IN ('id-1', 'id-2', 'id-3') ORDER BY id`).all();
    expect(stored).toEqual(changed.slice(1, 4).map((r) => ({ id: r.id, sku: r.sku, upc: r.upc, description: r.description })));
    expect(db.prepare(`SELECT id FROM items INDEXED BY items_upc WHERE upc = '499999999999'`).pluck().all()).toEqual(['id-3']);
    expect(db.prepare(`SELECT count(*) FROM items INDEXED BY items_upc WHERE upc = '400000000003'`).pluck().get()).toBe(0);
    expect(ftsIds('only')).toEqual(['id-1']);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('holds a snapshot that would delete more than half of a dataset over 100 rows, until allowed', () => {
    const full = Array.from({ length: 150 }, (_, n) => item(n));
    apply(full);
    const result = apply(full.slice(0, 40));
    expect(result).toMatchObject({ kind: 'held', held: { rows: 40, wouldDelete: 110 } });
    expect(mirrored()).toHaveLength(150);
    expect(apply(full.slice(0, 40), { allowMassDelete: true })).toMatchObject({ kind: 'applied', rows: 40, deleted: 110 });
    expect(mirrored()).toEqual(byId(full.slice(0, 40)));
  });

  it('small datasets are held when emptied, or when they would lose more than half and more than a handful', () => {
    const held = (before: number, after: number, spec: DatasetSpec = itemsSpec) => {
      db.prepare('DELETE FROM items').run();
      db.prepare('DELETE FROM records').run();
      const all = Array.from({ length: before }, (_, n) => item(n));
      expect(apply(all, { spec })).toMatchObject({ kind: 'applied' });
      // with the server's total, which the reading agrees with: only the mass-delete guard speaks (a
      // catalog that shrinks with no total is held sooner: test/sync/catalog-shrink.test.ts)
      return apply(all.slice(0, after), { spec, announcedTotal: after }).kind === 'held';
    };
    expect(held(1, 0)).toBe(true); // emptied, whatever the size
    expect(held(3, 0)).toBe(true);
    expect(held(12, 5)).toBe(true); // 7 of 12
    expect(held(8, 3)).toBe(false); // 5 of 8: a handful
    expect(held(12, 6)).toBe(false); // half
    expect(held(150, 74)).toBe(true);
    expect(held(150, 75)).toBe(false);
    // a scope list (accounts, facilities) is held at more than half whatever its size: its loss takes its datasets
    const accounts: DatasetSpec = { ...itemsSpec, key: 'accounts', list: 'accounts', table: 'records', scopeKind: 'global', scopeId: null, path: '/accounts' };
    expect(held(3, 1, accounts)).toBe(true);
    expect(held(2, 1, accounts)).toBe(false);
    expect(db.prepare(`SELECT count(*) FROM records WHERE list = 'accounts'`).pluck().get()).toBe(1);
  });

  it('a first load with a repeated id keeps the last copy; an id moving between accounts follows its new dataset', () => {
    expect(apply([item(1), item(2), item(1, 5)])).toMatchObject({ kind: 'applied', rows: 2 });
    expect(mirrored()).toEqual([item(1, 5), item(2)]);
    const other: DatasetSpec = { ...itemsSpec, key: 'items@account:B', scopeId: 'B', path: '/b' };
    expect(apply([item(2, 1)], { spec: other })).toMatchObject({ kind: 'applied', rows: 1 });
    expect(db.prepare(`SELECT account_id FROM items WHERE id = 'id-2'`).pluck().get()).toBe('B');
    expect(ftsIds('v1')).toEqual(['id-2']);
  });

  it('recognises unchanged rows whatever order the server sends them in', () => {
    const rows = Array.from({ length: 300 }, (_, n) => item(n));
    apply(rows);
    const shuffled = [...rows].reverse().filter((r) => r.id !== 'id-150');
    shuffled.splice(10, 0, item(1000));
    shuffled[200] = { ...shuffled[200], description: 'Changed' };
    expect(apply(shuffled)).toMatchObject({ kind: 'applied', unchanged: 298, updated: 1, inserted: 1, deleted: 1, rows: 300 });
    expect(mirrored()).toEqual(byId(shuffled));
    expect(apply(rows.slice(0, 290).concat([item(1000)]))).toMatchObject({ kind: 'applied', unchanged: 289, updated: 1, deleted: 10 });
  });

  it('an aborted snapshot leaves the previous one untouched', () => {
    const full = Array.from({ length: 30 }, (_, n) => item(n));
    apply(full);
    const id = ensureDataset(db, itemsSpec);
    const applier = beginSnapshot(db, id, itemsSpec);
    applier.add(JSON.stringify(item(1, 9)));
    applier.add(JSON.stringify(item(999)));
    expect(() => applier.add('{"id": "cut', )).toThrow(expect.objectContaining({ code: 'bad_response' }));
    applier.abort();
    expect(mirrored()).toEqual(byId(full));
    expect(ftsIds('v9')).toEqual([]);
  });

  it('a large first load builds indexes and FTS at the end and matches a row-by-row load', () => {
    const many = Array.from({ length: 25_000 }, (_, n) => item(n));
    expect(apply(many)).toMatchObject({ kind: 'applied', rows: 25_000 });
    const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items' AND sql IS NOT NULL ORDER BY name`).pluck().all();
    expect(indexes).toEqual(['items_dataset', 'items_gtin', 'items_id', 'items_sku', 'items_sku_hit', 'items_upc']);
    expect(ftsIds('sku 24999')).toEqual(['id-24999']);
    expect(ftsIds('sku 5')).toEqual(['id-5']);
    expect(db.prepare('SELECT count(*) FROM items_fts').pluck().get()).toBe(25_000);
    // the full-text index was filled in one go with merging off (here on the helper thread, whose
    // settings stay in its scratch file): merging is on in the mirror (4, or unset: FTS5's default, 4)
    expect([4, undefined]).toContain(db.prepare(`SELECT v FROM items_fts_config WHERE k = 'automerge'`).pluck().get());
    expect(db.prepare(`SELECT count(*) FROM items_fts WHERE items_fts MATCH 'widget'`).pluck().get()).toBe(25_000);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('a large first load with repeated ids keeps the last copy of each', () => {
    const many = Array.from({ length: 24_000 }, (_, n) => item(n));
    const withRepeats = [...many, item(23_999, 1), item(5, 1), ...Array.from({ length: 100 }, (_, n) => item(30_000 + n))];
    expect(apply(withRepeats)).toMatchObject({ kind: 'applied', rows: 24_100 });
    expect(db.prepare(`SELECT description FROM items WHERE id IN ('id-5', 'id-23999') ORDER BY id`).pluck().all()).toEqual(['Widget 23999 v1', 'Widget 5 v1']);
    expect(ftsIds('v1')).toEqual(['id-23999', 'id-5']);
    expect(db.prepare('SELECT count(*) FROM items_fts').pluck().get()).toBe(24_100);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('finds the rows gone however the snapshot jumps about a large dataset whose rows interleave with another', () => {
    const other: DatasetSpec = { ...itemsSpec, key: 'items@account:B', scopeId: 'B', path: '/b' };
    const rowsOf = (account: string) => db.prepare('SELECT id FROM items WHERE account_id = ? ORDER BY id').pluck().all(account) as string[];
    const ids = (list: Item[]) => list.map((r) => r.id).sort();
    // blocks of 1,000: A's rows are stored in rid order 0-2999, then B's, then A's 3000-4999,
    // so that the walk of A's stored rows reads several batches and B's rows lie between them
    const run = (n0: number, n1: number) => Array.from({ length: n1 - n0 }, (_, i) => item(n0 + i));
    const a = run(0, 3000);
    apply(a);
    apply(run(10_000, 12_000), { spec: other });
    a.push(...run(3000, 5000));
    apply(a);
    const blocks = Array.from({ length: 5 }, (_, b) => a.slice(b * 1000, b * 1000 + 1000));
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 4999 }), { maxLength: 60 }),
        fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5, maxLength: 5 }),
        fc.uniqueArray(fc.integer({ min: 10_000, max: 11_999 }), { maxLength: 5 }),
        (dropped, order, moved) => {
          const drop = new Set(dropped.map((n) => `id-${n}`));
          // the blocks in any order (the walk jumps ahead over unread rows, and back), some rows gone,
          // a few of B's rows now A's, and new rows
          const snapshot = order.flatMap((b) => blocks[b]).filter((r) => !drop.has(r.id));
          snapshot.splice(1500, 0, ...moved.map((n) => item(n)), item(20_000));
          const result = apply(snapshot, { allowMassDelete: true });
          expect(result).toMatchObject({ kind: 'applied', rows: snapshot.length, deleted: dropped.length });
          expect(rowsOf('A')).toEqual(ids(snapshot));
          expect(rowsOf('B')).toEqual(ids(run(10_000, 12_000).filter((r) => !moved.includes(Number(r.id.slice(3))))));
          // back to where it was, for the next case: A whole and in order, B's moved rows B's again
          apply(a, { allowMassDelete: true });
          if (moved.length) apply(run(10_000, 12_000), { spec: other });
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a row stored out of the server\'s order (added by an earlier round) does not send the walk past the rows after it', () => {
    const rows = Array.from({ length: 6000 }, (_, n) => item(n));
    apply(rows);
    // a new item, in the middle of the server's order: stored after every other row
    const withNew = [...rows.slice(0, 1000), item(50_000), ...rows.slice(1000)];
    apply(withNew);
    const walked = (records: Item[]) => {
      const applier = beginSnapshot(db, ensureDataset(db, itemsSpec), itemsSpec);
      for (const r of records) applier.add(JSON.stringify(r));
      const lookups = applier.lookups;
      expect(applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: true })).toMatchObject({ kind: 'applied' });
      return lookups;
    };
    // the same again: only the new row is looked for by its id (the walk met every other one)
    expect(walked(withNew)).toBe(1);
    // 2,000 rows gone in one block: the walk follows the server past them after two lookups
    const gone = [...withNew.slice(0, 2000), ...withNew.slice(4000)];
    expect(walked(gone)).toBeLessThanOrEqual(3);
    expect(mirrored()).toEqual(byId(gone));
  });

  it('property: after any sequence of snapshots (some aborted), the mirror equals the last complete one', () => {
    const snapshot = fc.uniqueArray(fc.record({ n: fc.integer({ min: 0, max: 40 }), v: fc.integer({ min: 0, max: 2 }) }), { selector: (r) => r.n, maxLength: 40 });
    fc.assert(
      fc.property(fc.array(fc.record({ rows: snapshot, complete: fc.boolean() }), { minLength: 1, maxLength: 6 }), (steps) => {
        db.exec('DELETE FROM items; DELETE FROM items_fts; DELETE FROM datasets');
        let expected: Item[] = [];
        for (const step of steps) {
          const records = step.rows.map((r) => item(r.n, r.v));
          if (step.complete) {
            apply(records, { allowMassDelete: true });
            expected = records;
          } else {
            const applier = beginSnapshot(db, ensureDataset(db, itemsSpec), itemsSpec);
            for (const r of records) applier.add(JSON.stringify(r));
            applier.abort();
          }
          expect(mirrored()).toEqual(byId(expected));
        }
        expect(db.prepare('SELECT count(*) FROM items_fts').pluck().get()).toBe(expected.length);
      }),
      { numRuns: 60 },
    );
  });
});

describe('applying a part: the complete answer for some items only', () => {
  const stockSpec = stockSpecOf('F');
  type Stock = { id: string; item_id: string; location_code: string; qty_on_hand: number };
  /** Three stock records of item n, at quantity q. */
  const stockOf = (n: number, q = 1): Stock[] => [0, 1, 2].map((k) => ({ id: `s-${n}-${k}`, item_id: `item-${n}`, location_code: `A-${n}-${k}`, qty_on_hand: q }));
  const stored = () => (db.prepare('SELECT raw FROM inventory ORDER BY id').pluck().all() as string[]).map((r) => JSON.parse(r) as Stock);
  const sorted = (rows: Stock[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const applyStock = (rows: Stock[], part: string[] | null) => {
    const applier = beginSnapshot(db, ensureDataset(db, stockSpec), stockSpec, part && { column: 'item_id', values: part });
    for (const r of rows) applier.add(JSON.stringify(r));
    return applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: false });
  };

  it('replaces the rows of the items it answers for, and leaves every other row as it was', () => {
    const full = Array.from({ length: 100 }, (_, n) => stockOf(n)).flat();
    applyStock(full, null);
    // item 1 changed, item 2 down to two records, item 50 the same, item 7 gone, item 500 new; item 3 not asked for
    const answer = [...stockOf(1, 9), ...stockOf(2).slice(1), ...stockOf(50), ...stockOf(500, 4)];
    expect(applyStock(answer, ['item-1', 'item-2', 'item-50', 'item-7', 'item-500'])).toMatchObject({ kind: 'applied', updated: 3, inserted: 3, unchanged: 5, deleted: 4, rows: 299 });
    const expected = full.filter((r) => !['item-1', 'item-2', 'item-7'].includes(r.item_id)).concat(stockOf(1, 9), stockOf(2).slice(1), stockOf(500, 4));
    expect(stored()).toEqual(sorted(expected));
    expect(datasetByKey(db, stockSpec.key)).toMatchObject({ rows: 299, etag: null });
  });

  it('is never held, even when it empties most of the dataset: it deletes only what it answers for', () => {
    const full = Array.from({ length: 60 }, (_, n) => stockOf(n)).flat();
    applyStock(full, null);
    const asked = Array.from({ length: 40 }, (_, n) => `item-${n}`);
    expect(applyStock([], asked)).toMatchObject({ kind: 'applied', deleted: 120, rows: 60 });
    expect(stored()).toEqual(sorted(full.filter((r) => Number(r.item_id.slice(5)) >= 40)));
  });

  it('an aborted part leaves the dataset untouched', () => {
    const full = Array.from({ length: 10 }, (_, n) => stockOf(n)).flat();
    applyStock(full, null);
    const applier = beginSnapshot(db, ensureDataset(db, stockSpec), stockSpec, { column: 'item_id', values: ['item-1'] });
    applier.add(JSON.stringify(stockOf(1, 5)[0]));
    expect(() => applier.add('{"id": "inv-x", "item_id": "item-9"}')).toThrow(expect.objectContaining({ code: 'bad_response' }));
    applier.abort();
    expect(stored()).toEqual(sorted(full));
  });

  it('property: from any snapshot, the part for every item that changed gives the next snapshot', () => {
    // a snapshot: per item, a quantity for each of its three records, or none (no stock)
    const snapshot = fc.array(fc.option(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 2 })), { nil: null }), { minLength: 30, maxLength: 30 });
    const rowsOf = (s: ([number, number] | null)[]) => s.flatMap((x, n) => (x ? stockOf(n, x[0]).slice(0, x[1] + 1) : []));
    fc.assert(
      fc.property(snapshot, snapshot, fc.uniqueArray(fc.integer({ min: 0, max: 29 }), { maxLength: 5 }), (before, after, extra) => {
        db.exec('DELETE FROM inventory; DELETE FROM datasets');
        applyStock(rowsOf(before), null);
        const changed = after.map((x, n) => (JSON.stringify(x) === JSON.stringify(before[n]) ? null : n)).filter((n): n is number => n !== null);
        // the items asked for: every one that changed, and a few that did not
        const asked = [...new Set([...changed, ...extra])];
        const answer = rowsOf(after).filter((r) => asked.includes(Number(r.item_id.slice(5))));
        expect(applyStock(answer, asked.map((n) => `item-${n}`))).toMatchObject({ kind: 'applied' });
        expect(stored()).toEqual(sorted(rowsOf(after)));
      }),
      { numRuns: 100 },
    );
  });

  it('a deleted item is recorded with the deletion, so that its stock is asked for again', () => {
    apply([item(1), item(2), item(3)]);
    apply([item(1), item(3)]);
    expect(db.prepare('SELECT id FROM items_gone ORDER BY seq').pluck().all()).toEqual(['id-2']);
  });
});

describe("applying a set of changes (a part by id: a site relay's generation)", () => {
  const applyChanges = (rows: Item[], ids: string[], allowMassDelete = false) => {
    const applier = beginSnapshot(db, ensureDataset(db, itemsSpec), itemsSpec, { column: ID_PART, values: ids });
    for (const r of rows) applier.add(JSON.stringify(r));
    const result = applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete });
    return { result, walked: applier.walked, received: applier.received };
  };

  it('writes the rows it names, deletes the ids it names without a row, and reads no other row', () => {
    const full = Array.from({ length: 200 }, (_, n) => item(n));
    apply(full);
    // id-1 changed, id-2 deleted, id-3 the same, id-900 new
    const { result, walked, received } = applyChanges([item(1, 1), item(3), item(900)], ['id-1', 'id-2', 'id-3', 'id-900']);
    expect(result).toMatchObject({ kind: 'applied', updated: 1, inserted: 1, unchanged: 1, deleted: 1, rows: 200 });
    expect(walked).toBe(0);
    expect(received).toBeLessThanOrEqual(3);
    const expected = full.filter((r) => r.id !== 'id-1' && r.id !== 'id-2').concat(item(1, 1), item(900));
    expect(mirrored()).toEqual(byId(expected));
    expect(ftsIds('v1')).toEqual(['id-1']);
    expect(datasetByKey(db, itemsSpec.key)).toMatchObject({ rows: 200 });
  });

  it('is held as a whole answer when it would delete most of the dataset, until allowed', () => {
    const full = Array.from({ length: 200 }, (_, n) => item(n));
    apply(full);
    const gone = [...full.slice(0, 150).map((r) => r.id), 'id-900'];
    expect(applyChanges([item(900)], gone).result).toMatchObject({ kind: 'held', held: { wouldDelete: 150, rows: 51 } });
    expect(mirrored()).toEqual(byId(full));
    expect(applyChanges([item(900)], gone, true).result).toMatchObject({ kind: 'applied', deleted: 150, inserted: 1, rows: 51 });
  });

  it('a row it was not asked for is refused, and nothing is applied', () => {
    apply([item(1), item(2)]);
    const applier = beginSnapshot(db, ensureDataset(db, itemsSpec), itemsSpec, { column: ID_PART, values: ['id-1'] });
    applier.add(JSON.stringify(item(1, 3)));
    expect(() => applier.add(JSON.stringify(item(2, 3)))).toThrow(expect.objectContaining({ code: 'bad_response' }));
    applier.abort();
    expect(mirrored()).toEqual(byId([item(1), item(2)]));
  });

  it('property: from any snapshot, the changes to the next one give the next one', () => {
    const snapshot = fc.array(fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }), { minLength: 20, maxLength: 20 });
    const rowsOf = (s: (number | null)[]) => s.flatMap((v, n) => (v === null ? [] : [item(n, v)]));
    fc.assert(
      fc.property(snapshot, snapshot, (before, after) => {
        db.exec('DELETE FROM items; DELETE FROM datasets');
        apply(rowsOf(before));
        const changed = after.map((v, n) => (v === before[n] ? null : n)).filter((n): n is number => n !== null);
        const rows = rowsOf(after).filter((r) => changed.includes(Number(r.id.slice(3))));
        expect(applyChanges(rows, changed.map((n) => `id-${n}`), true).result).toMatchObject({ kind: 'applied' });
        expect(mirrored()).toEqual(byId(rowsOf(after)));
      }),
      { numRuns: 100 },
    );
  });
});

describe("applying a log's newer events (appendOnly)", () => {
  const historySpec: DatasetSpec = {
    key: 'history@facility:F',
    list: 'history',
    label: 'Inventory history',
    table: 'history',
    scopeKind: 'facility',
    scopeId: 'F',
    scopeName: null,
    path: '/v1/api/pub/inv/history',
    method: 'POST',
    log: { maxRows: 100_000 },
  };
  type Event = { id: string; item_id: string; createdon: string; qty: number };
  const event = (n: number, qty = 1): Event => ({ id: `ev-${n}`, item_id: `item-${n % 7}`, createdon: new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString(), qty });
  /** Events a to b - 1, newest first, as the server sends a log. */
  const newestFirst = (a: number, b: number) => Array.from({ length: b - a }, (_, n) => event(b - 1 - n));
  const keep = (append: boolean): LogKeep => ({ append, from: '2026-10-01T00:00:00.000Z', maxRows: 100_000, serverNewest: null });
  const applyLog = (events: Event[], append: boolean) => {
    const applier = beginSnapshot(db, ensureDataset(db, historySpec), historySpec, null, { appendOnly: append });
    for (const e of events) applier.add(JSON.stringify(e));
    const result = applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: false, log: keep(append) });
    return { result, walked: applier.walked };
  };
  const keptIds = () => db.prepare('SELECT id FROM history ORDER BY created_on DESC').pluck().all() as string[];

  it('finds each event by its id without walking the stored ones: adds the new, replaces the changed, deletes none', () => {
    applyLog(newestFirst(0, 3000), false);
    // the next page: 500 new events, then 200 kept ones again, one of them changed
    const page = [...newestFirst(3000, 3500), ...newestFirst(2800, 3000).map((e) => (e.id === 'ev-2900' ? { ...e, qty: 9 } : e))];
    const { result, walked } = applyLog(page, true);
    expect(walked).toBe(0);
    expect(result).toMatchObject({ kind: 'applied', inserted: 500, updated: 1, unchanged: 199, deleted: 0, rows: 3500 });
    expect(keptIds()).toEqual(newestFirst(0, 3500).map((e) => e.id));
    expect(JSON.parse(db.prepare(`SELECT raw FROM history WHERE id = 'ev-2900'`).pluck().get() as string)).toMatchObject({ qty: 9 });
    // a whole reading walks them, and deletes what it no longer holds
    const whole = applyLog(newestFirst(100, 3500), false);
    expect(whole.walked).toBeGreaterThan(0);
    expect(whole.result).toMatchObject({ kind: 'applied', deleted: 100, rows: 3400 });
  });

  it('queues the items of the events it adds or changes for their facility\'s stock, once some stock has been read', () => {
    const queued = () => (db.prepare('SELECT item_id FROM items_moved').pluck().all() as string[]).sort();
    applyLog(newestFirst(0, 20), false);
    // no stock read yet: its first reading is whole, nothing to queue for
    expect(queued()).toEqual([]);
    db.prepare(`INSERT INTO stock_refresh (dataset_id, full_at, moved_through) VALUES (99, '2026-11-01T00:00:00.000Z', 0)`).run();
    // two new events (items 6 and 0), one kept event changed (ev-10: item 3), the rest as kept
    applyLog([...newestFirst(20, 22), ...newestFirst(5, 20).map((e) => (e.id === 'ev-10' ? { ...e, qty: 9 } : e))], true);
    expect(queued()).toEqual(['item-0', 'item-3', 'item-6']);
    // an aborted answer queues nothing
    const applier = beginSnapshot(db, ensureDataset(db, historySpec), historySpec, null, { appendOnly: true });
    applier.add(JSON.stringify(event(30)));
    applier.abort();
    expect(queued()).toEqual(['item-0', 'item-3', 'item-6']);
  });

  it('an answer begun as adding only is never finished as a whole one (which would delete nothing): rolled back', () => {
    applyLog(newestFirst(0, 100), false);
    const applier = beginSnapshot(db, ensureDataset(db, historySpec), historySpec, null, { appendOnly: true });
    for (const e of newestFirst(50, 120)) applier.add(JSON.stringify(e));
    expect(() => applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: false, log: keep(false) })).toThrow(expect.objectContaining({ code: 'internal' }));
    expect(keptIds()).toEqual(newestFirst(0, 100).map((e) => e.id));
  });
});
