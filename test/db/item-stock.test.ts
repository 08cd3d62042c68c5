// Each item's stock summary (item_stock) says what its stock rows say, after every write of stock:
// a first load (large enough for the bulk load), a changed snapshot, a partial refresh of some
// items, a facility's stock dropped, and the rows' columns extracted again. A page of search hits
// shows each item that summary, read through its copy by item row (item_stock_by_rid) or by id,
// whatever the items and their stock went through. Real SQLite, the real apply.
import { describe, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { dropDataset } from '../../electron/core/db/write/snapshot/drop-dataset.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import { reextractRows } from '../../electron/core/db/write/list-rows.ts';
import { prefixRows } from '../../electron/core/db/read/search-hits.ts';
import { TABLES } from '../../electron/core/mirror/record-tables.ts';
import { itemsSpec, stockSpec } from '../support/dataset-specs.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

const spec = stockSpec;

type Stock = { id: string; facility_id: string | null; item_id: string; location_code: string; qty_on_hand: number };
const stock = (facility: string | null, item: number, at: number, qty: number): Stock => ({
  id: `${facility}-${item}-${at}`,
  facility_id: facility,
  item_id: `item-${item}`,
  location_code: `${facility ?? 'X'}-${String(at).padStart(2, '0')}`,
  qty_on_hand: qty,
});

function apply(facility: string, rows: Stock[], part: string[] | null = null, indexesLater = false): void {
  const s = spec(facility);
  const applier = beginSnapshot(db, ensureDataset(db, s), s, part && { column: 'item_id', values: part });
  for (const row of rows) applier.add(JSON.stringify(row));
  expect(applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: true, indexesLater }).kind).toBe('applied');
}

/**
 * What the stock rows say, worked out here: per item, the sum of what is on hand, and the rows that
 * hold most (one without a facility first). Of rows holding equally most, the summary may name any.
 */
function fromRows(): Map<string, { onHand: number; tops: string[]; rank: number }> {
  const rows = db.prepare('SELECT item_id, facility_id, location_code, qty_on_hand FROM inventory ORDER BY rid').raw().all() as [string, string | null, string | null, number][];
  const byItem = new Map<string, { onHand: number; tops: string[]; rank: number }>();
  for (const [item, facility, code, qty] of rows) {
    if (!(qty > 0)) continue;
    const rank = (facility === null ? 1e15 : 0) + qty;
    const top = `${code} in ${facility}`;
    const seen = byItem.get(item);
    if (!seen) byItem.set(item, { onHand: qty, tops: [top], rank });
    else {
      seen.onHand += qty;
      if (rank > seen.rank) Object.assign(seen, { tops: [top], rank });
      else if (rank === seen.rank) seen.tops.push(top);
    }
  }
  return byItem;
}

const summary = () => db.prepare('SELECT item_id, on_hand, location_code, facility_id FROM item_stock ORDER BY item_id').raw().all() as [string, number, string | null, string | null][];

/** The summary holds exactly the items with stock on hand, each with its sum and one of its tops. */
function expectSummaryOfRows(): void {
  const expected = fromRows();
  const held = summary();
  expect(held.map(([item]) => item)).toEqual([...expected.keys()].sort());
  for (const [item, onHand, code, facility] of held) {
    expect(onHand, item).toBe(expected.get(item)!.onHand);
    expect(expected.get(item)!.tops, item).toContain(`${code} in ${facility}`);
  }
}

describe('the items\' stock summary', () => {
  it('says what the stock rows say after each kind of stock write', () => {
    // a first load large enough to be bulk loaded, and a second facility's; a few rows hold nothing
    const first = Array.from({ length: 21_000 }, (_, n) => stock('F1', n % 7_000, n, (n * 37) % 11));
    apply('F1', first);
    apply('F2', Array.from({ length: 300 }, (_, n) => stock('F2', n, 1, (n * 13) % 5)));
    expect(summary().length).toBeGreaterThan(6_000);
    expectSummaryOfRows();

    // a changed snapshot: some quantities change, some rows go, one arrives without a facility
    const changed = first.filter((_, n) => n % 10 !== 0).map((row, n) => (n % 4 === 0 ? { ...row, qty_on_hand: row.qty_on_hand + 3 } : row));
    apply('F1', [...changed, stock(null, 5, 99, 1)]);
    expectSummaryOfRows();

    // a partial refresh of a few items: their rows replaced, every other row kept
    apply('F2', [stock('F2', 1, 1, 40), stock('F2', 2, 7, 2)], ['item-1', 'item-2', 'item-3']);
    expect(db.prepare(`SELECT count(*) FROM inventory WHERE dataset_id = (SELECT dataset_id FROM datasets WHERE key = 'inventory@facility:F2')`).pluck().get()).toBe(299);
    expectSummaryOfRows();

    // a facility dropped: what only it held is gone from the summary
    const f1 = db.prepare(`SELECT dataset_id FROM datasets WHERE key = 'inventory@facility:F1'`).pluck().get() as number;
    dropDataset(db, f1, 'inventory');
    expectSummaryOfRows();
    expect(summary().length).toBeLessThan(300);

    // the stock rows' columns extracted again (a changed field map): quantities doubled
    const columns = TABLES.inventory.columns;
    const quantity = columns.indexOf('qty_on_hand');
    const stored = db.prepare(`SELECT ${columns.join(', ')} FROM inventory WHERE rid = ?`).raw();
    const rids = new Map((db.prepare('SELECT raw, rid FROM inventory').raw().all() as [string, number][]).map(([raw, rid]) => [raw, rid]));
    db.transaction(() =>
      reextractRows(db, 'inventory', 'inventory', (raw) => {
        const values = stored.get(rids.get(raw)) as unknown[];
        return values.map((value, i) => (i === quantity && typeof value === 'number' ? value * 2 : value));
      }),
    )();
    expectSummaryOfRows();
    expect(db.prepare(`SELECT on_hand FROM item_stock WHERE item_id = 'item-1'`).pluck().get()).toBe(80);
  });

  it("is made again from every row when a second facility's load is large enough to build the table's indexes again", () => {
    apply('F1', Array.from({ length: 21_000 }, (_, n) => stock('F1', n % 7_000, n, (n * 37) % 11)));
    // as many rows again for the same items: most of them tie with a row of the first facility
    apply('F2', Array.from({ length: 21_000 }, (_, n) => stock('F2', n % 7_000, 50 - (n % 40), (n * 37) % 11)));
    expect(db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get('inventory_item')).toContain('qty_on_hand');
    expectSummaryOfRows();
    const ties = [...fromRows().values()].filter((item) => item.tops.length > 1).length;
    expect(ties).toBeGreaterThan(500);
  });
});

/** Items item-1… with SKUs SKU-0001…, in one account's dataset. */
const items = (count: number) => Array.from({ length: count }, (_, n) => ({ id: `item-${n + 1}`, sku: `SKU-${String(n + 1).padStart(4, '0')}`, description: `Part ${n + 1}` }));
function applyItems(rows: object[]): void {
  const s = itemsSpec('A');
  const applier = beginSnapshot(db, ensureDataset(db, s), s, null);
  for (const row of rows) applier.add(JSON.stringify(row));
  expect(applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: true }).kind).toBe('applied');
}

describe("a page of hits shows each item's summary", () => {
  const ridOf = (id: string) => db.prepare('SELECT rid FROM items WHERE id = ?').pluck().get(id) as number | undefined;
  const copies = () => db.prepare('SELECT count(*) FROM item_stock_by_rid').pluck().get() as number;

  /** Every item on a page of hits by SKU carries what item_stock says of it, read by its id. */
  function expectPageShowsTheSummary(count: number): void {
    const page = prefixRows(db, { text: 'SKU-', digits: false, key: '' }, 1000).items[0].rows;
    expect(page).toHaveLength(count);
    const byId = db.prepare('SELECT on_hand, location_code, facility_id FROM item_stock WHERE item_id = ?').raw();
    for (const row of page) expect([row[6], row[7], row[8]], row[0]).toEqual(byId.get(row[0]) ?? [null, null, null]);
  }

  it('whatever the items and their stock went through', () => {
    applyItems(items(30));
    apply('F1', Array.from({ length: 28 }, (_, n) => stock('F1', n + 3, n, n + 1)));
    // the items' ids are item-1…; the stock's item-3…item-30, so item-1 and item-2 hold none
    expect(copies()).toBe(30);
    expectPageShowsTheSummary(30);

    // stock changed for some items (a partial settle)
    apply('F1', Array.from({ length: 28 }, (_, n) => stock('F1', n + 3, n, n % 3 === 0 ? n + 10 : n + 1)));
    expectPageShowsTheSummary(30);

    // the item with the largest rid goes; its copy goes with it
    const rid = ridOf('item-30')!;
    applyItems(items(29));
    expect(db.prepare('SELECT count(*) FROM item_stock_by_rid WHERE rid = ?').pluck().get(rid)).toBe(0);
    // its stock changes while it is away, then it comes back: under the same rid (SQLite gives the
    // largest rid plus one), where a copy left behind would still name its id with the old stock
    apply('F1', Array.from({ length: 28 }, (_, n) => stock('F1', n + 3, n, n + 100)));
    applyItems(items(30));
    expect(ridOf('item-30')).toBe(rid);
    expectPageShowsTheSummary(30);
  });

  it("in a first sync, from the last stock load's settle: the loads before it leave no copy", () => {
    applyItems(items(1_000));
    // two facilities' first loads, large enough for the bulk load; the first leaves the indexes to the second
    apply('F1', Array.from({ length: 21_000 }, (_, n) => stock('F1', n % 1_000, n, (n * 37) % 11)), null, true);
    expect(copies()).toBe(0);
    expectPageShowsTheSummary(1_000);
    apply('F2', Array.from({ length: 21_000 }, (_, n) => stock('F2', n % 1_000, n, (n * 13) % 5)));
    expect(copies()).toBe(1_000);
    expectPageShowsTheSummary(1_000);
  });

  it('never takes a copy that names another item, and reads the summary by id without one', () => {
    applyItems(items(10));
    apply('F1', Array.from({ length: 10 }, (_, n) => stock('F1', n + 1, n, n + 1)));
    db.prepare(`UPDATE item_stock_by_rid SET item_id = 'item-99', on_hand = 999, location_code = 'Z-99' WHERE rid = ?`).run(ridOf('item-4'));
    expectPageShowsTheSummary(10);
    db.exec('DELETE FROM item_stock_by_rid');
    expectPageShowsTheSummary(10);
  });
});

describe('a settle reads only what it must', () => {
  /** The SQL texts the connection prepares while `write` runs (the statement cache prepares each once per connection). */
  function preparedDuring(write: () => void): string[] {
    const prepare = db.prepare.bind(db);
    const texts: string[] = [];
    db.prepare = ((sql: string) => (texts.push(sql), prepare(sql))) as typeof db.prepare;
    try {
      write();
    } finally {
      db.prepare = prepare as typeof db.prepare;
    }
    return texts;
  }
  // the plan only: any value will do for its parameters
  const planOf = (sql: string) => {
    const explain = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
    return (explain.all(...(sql.match(/\?/g) ?? []).map(() => 1)) as { detail: string }[]).map((r) => r.detail).join(' | ');
  };

  it("writes the copies of every item from the items' id index, in the order of the summaries", () => {
    applyItems(items(1_000));
    apply('F1', Array.from({ length: 21_000 }, (_, n) => stock('F1', n % 1_000, n, (n * 37) % 11)), null, true);
    const texts = preparedDuring(() => apply('F2', Array.from({ length: 21_000 }, (_, n) => stock('F2', n % 1_000, n, (n * 13) % 5))));
    const copies = texts.filter((sql) => sql.includes('INTO item_stock_by_rid'));
    expect(copies).toHaveLength(1);
    // read whole in rid order instead, each item's summary is probed at random
    expect(planOf(copies[0])).toContain('SCAN x USING COVERING INDEX items_id');
  });

  it('finds the stock rows a round added by their rids, not by reading the item index whole', () => {
    applyItems(items(100));
    apply('F1', Array.from({ length: 300 }, (_, n) => stock('F1', n % 100, n, n % 7)));
    const texts = preparedDuring(() => apply('F1', Array.from({ length: 300 }, (_, n) => stock('F1', n % 100, n, n % 5))));
    const settles = texts.filter((sql) => /item_stock/.test(sql) && sql.includes('rid > ?'));
    expect(settles.length).toBeGreaterThanOrEqual(3);
    for (const sql of settles) {
      const plan = planOf(sql);
      expect(plan, sql).toContain('SEARCH inventory USING INTEGER PRIMARY KEY (rowid>?)');
      expect(plan, sql).not.toContain('SCAN inventory');
    }
  });
});
