// The hot queries use indexes: every statement a lookup runs is recorded and its EXPLAIN QUERY PLAN
// checked for full scans of the big tables and for sorts that an index should have saved.
import { describe, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { historyQuery } from '../../electron/core/lookup/history.ts';
import { viewSchema } from '../../electron/contract/methods.ts';
import { listPage } from '../../electron/core/lookup/lists.ts';
import { inventoryByItem, inventoryByLocation, inventoryByLot } from '../../electron/core/lookup/inventory.ts';
import { lookupExact, searchAll } from '../../electron/core/lookup/search.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { recordingConnection } from '../support/recording-connection.ts';
import { ACME, F1, NOW } from './floor-data.ts';
import { floorMirrorForFile } from './floor-mirror.ts';

let db: WriteDb;
const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW };
const BIG_TABLES = ['items', 'locations', 'inventory', 'history', 'records', 'item_stock'];

// No ANALYZE: on a handful of rows SQLite would rightly prefer scans; without statistics it plans
// for big tables, as on a real mirror.
floorMirrorForFile((opened) => (db = opened));

/** Runs `work` on a connection that records every SQL text it prepares; returns the plans. */
function plansOf(work: (db: WriteDb) => void): { sql: string; plan: string[] }[] {
  const seen = new Set<string>();
  const recording = recordingConnection(db, { prepared: (sql) => seen.add(sql) });
  work(recording);
  expect(seen.size).toBeGreaterThan(0);
  return [...seen].map((sql) => {
    const named = Object.fromEntries([...sql.matchAll(/@(\w+)/g)].map((m) => [m[1], null]));
    const nulls: unknown[] = Array.from({ length: sql.split('?').length - 1 }, () => null);
    if (Object.keys(named).length > 0) nulls.push(named);
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...nulls) as { detail: string }[];
    return { sql, plan: plan.map((row) => row.detail) };
  });
}

function expectIndexed(plans: { sql: string; plan: string[] }[]): void {
  for (const { sql, plan } of plans) {
    for (const step of plan) {
      const fullScan = BIG_TABLES.some((table) => new RegExp(`^SCAN ${table}\\b|^SCAN [a-z]+ \\(${table}\\)|^SCAN ${table[0]}$`).test(step) && !/USING (COVERING )?INDEX/.test(step));
      expect(fullScan, `${step}\n  in ${sql}`).toBe(false);
      expect(step, sql).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  }
}

describe('query plans', () => {
  it('exact code and barcode lookups search indexes', () => {
    const plans = plansOf((d) => {
      lookupExact(d, 'A-03-02-B', options);
      lookupExact(d, 'SKU-0001', options);
      lookupExact(d, '036000291452', options);
      lookupExact(d, 'pat@example.com', options);
      // a code nothing else has: only then are lots and serials probed, and only for a code the
      // codes held say is one (ZZ-404-B is none; L300 is a lot), typed or scanned
      lookupExact(d, 'ZZ-404-B', options);
      lookupExact(d, 'L300', options);
      searchAll(d, 'L300', options);
      searchAll(d, '(01)09506000134352(10)L1', options);
    });
    expectIndexed(plans);
    const text = plans.map((p) => p.plan.join(' | ')).join('\n');
    for (const index of ['locations_code_norm', 'locations_barcode', 'items_sku', 'items_upc', 'items_gtin', 'records_code', 'inventory_lot', 'inventory_serial', 'stock_codes']) {
      expect(text).toContain(index);
    }
    // Each probe is an equality search of its index: a miss never reads a table row.
    for (const index of ['locations_code_norm (code_norm=?)', 'locations_barcode (barcode=?)', 'items_upc (upc=?)', 'items_gtin (gtin=?)', 'records_code (code=?)']) {
      expect(text).toContain(`USING INDEX ${index}`);
    }
    // an item found by its SKU is read from an index alone (migration 20), and so is a code held
    expect(text).toContain('USING COVERING INDEX items_sku_hit (sku=?)');
    expect(text).toContain('USING COVERING INDEX sqlite_autoindex_stock_codes_1 (code=?)');
  });

  it('lot and serial prefixes, the spelling help and the stock of item hits search indexes', () => {
    const plans = plansOf((d) => {
      searchAll(d, 'L10', options);
      searchAll(d, 'brackt', options);
      searchAll(d, 'widget', options);
      // a home facility no item's top location is in: the items' stock rows are read
      searchAll(d, 'widget', { ...options, homeFacility: 'no-such-facility' });
    });
    expectIndexed(plans);
    const text = plans.map((p) => p.plan.join(' | ')).join('\n');
    for (const index of ['inventory_lot (lot>? AND lot<?)', 'inventory_serial (serial>? AND serial<?)', 'search_words_start (len=? AND word>? AND word<?)', 'search_words_end (len=? AND drow>? AND drow<?)', 'SEARCH st USING PRIMARY KEY (item_id=?)', 'COVERING INDEX inventory_item (item_id=? AND qty_on_hand>?)']) {
      expect(text).toContain(index);
    }
    for (const step of plans.flatMap((p) => p.plan)) expect(step).not.toMatch(/^SCAN search_words/);
  });

  it('a code-like search that matches nothing reads no stock row: lots and serials are found by any part through the codes held', () => {
    const plans = plansOf((d) => {
      expect(searchAll(d, 'zz123456', options).hits).toEqual([]);
      expect(searchAll(d, 'q8', options).hits).toEqual([]);
    });
    const steps = plans.flatMap((p) => p.plan.map((step) => `${step}\n  in ${p.sql}`));
    for (const step of steps) expect(step).not.toMatch(/^SCAN (inventory|i)\b|^SCAN [a-z]+ \(inventory\)/);
    const text = steps.join('\n');
    expect(text).toContain('stock_codes_fts VIRTUAL TABLE INDEX');
    for (const index of ['inventory_lot (lot=?)', 'inventory_serial (serial=?)']) expect(text).toContain(index);
  });

  it('a code no lot or serial holds any part of is told by the trigram index alone, once: no statement of its own reads the stock rows', () => {
    const ran: string[] = [];
    const recording = recordingConnection(db, { ran: (sql) => ran.push(sql) });
    expect(searchAll(recording, 'zz123456', options).hits).toEqual([]);
    expect(ran.filter((sql) => sql.includes('stock_codes_fts'))).toHaveLength(1);
    // the codes held say no lot or serial is it: their stock rows are not read, and neither those
    // starting with it nor those holding it are asked
    expect(ran.filter((sql) => sql.includes('FROM stock_codes WHERE code = ?'))).toHaveLength(1);
    const exact = ran.filter((sql) => sql.includes('x.sku = ?'));
    expect(exact).toHaveLength(1);
    expect(exact[0]).not.toMatch(/WHERE (lot|serial) = \?/);
    expect(ran.filter((sql) => /\binventory\b/.test(sql))).toEqual([]);
    // a part held (of lot L300, and the start of no code) goes on to the items stocked under it
    ran.length = 0;
    expect(searchAll(recording, '300', options).hits.map((h) => h.id)).toEqual(['item-1']);
    expect(ran.filter((sql) => sql.includes('stock_codes_fts') && sql.includes('inventory'))).toHaveLength(1);
  });

  it('an exact lookup is one statement; a search of a code four (exact, prefix of SKUs, prefix of other codes, datasets stamp), and the codes held when nothing matched exactly, in one read transaction, its items\' stock read with them', () => {
    const counted = (work: (db: WriteDb) => void): string[] => {
      const executed: string[] = [];
      const counting = recordingConnection(db, { ran: (sql) => executed.push(sql) });
      work(counting); // prepares, and reads the datasets table once
      executed.length = 0;
      work(counting);
      return executed;
    };
    for (const code of ['A-03-02-B', 'a0302b', 'SKU-0001', '036000291452', '00036000291452']) {
      expect(lookupExact(db, code, options).length, code).toBeGreaterThan(0);
      expect(counted((d) => lookupExact(d, code, options)), code).toHaveLength(1);
    }
    // A code typed in the search box: its exact probe, its prefix probes (items' SKUs, and every
    // other list's codes in one; digits also UPCs and GTINs) and the datasets' stamp, once however
    // many hits name a dataset or a facility (A-03: an item, and locations of two datasets); a code
    // nothing has exactly, only a prefix of codes, costs one probe of the codes held more, which says
    // no lot or serial is it (SKU-00; 03600 also reads UPCs and GTINs), and a lot held its
    // stock rows' statement (L300); an answer with items reads their stock in the same statements,
    // with each item (all five have an item).
    for (const [code, statements] of [['SKU-0001', 4], ['A-03', 4], ['SKU-00', 5], ['03600', 7], ['L300', 6]] as const) {
      const search = counted((d) => searchAll(d, code, options));
      expect(search[0], code).toBe('BEGIN');
      expect(search.at(-1), code).toBe('COMMIT');
      expect(search.slice(1, -1), code).toHaveLength(statements);
      expect(search.slice(1, -1).filter((sql) => /data_version/.test(sql)), code).toHaveLength(1);
    }
    expect(searchAll(db, 'SKU-00', options).hits.length).toBeGreaterThan(1);
    expect(searchAll(db, 'A-03', options).hits.filter((hit) => hit.kind === 'location').length).toBeGreaterThan(1);
    // an answer without items reads no stock: a code that matched exactly asks for no lot or serial
    const locationOnly = counted((d) => searchAll(d, 'A-03-02-B', options)).slice(1, -1);
    expect(locationOnly).toHaveLength(4);
    expect(locationOnly.filter((sql) => /\b(inventory|stock_codes)\b/.test(sql))).toEqual([]);
    // a lot held: the codes held say so, and the stock rows under it are read
    const lot = counted((d) => searchAll(d, 'L300', options)).slice(1, -1);
    expect(lot.filter((sql) => /WHERE lot = \?[\s\S]*WHERE serial = \?/.test(sql))).toHaveLength(1);
    expect(searchAll(db, 'L300', options).hits.map((hit) => [hit.id, hit.match, hit.field])).toEqual([['item-1', 'exact', 'lot']]);
  });

  it('an exact lookup, whose hits show no stock, reads none; a search of the same code reads its items\' stock with them', () => {
    const ranOf = (work: (db: WriteDb) => void): string[] => {
      const executed: string[] = [];
      work(recordingConnection(db, { ran: (sql) => executed.push(sql) }));
      return executed;
    };
    for (const code of ['SKU-0001', '036000291452', '00036000291452']) {
      const hits = lookupExact(db, code, options);
      expect(hits.filter((hit) => hit.kind === 'item').length, code).toBeGreaterThan(0);
      expect(hits.filter((hit) => hit.stock !== undefined), code).toEqual([]);
      expect(ranOf((d) => lookupExact(d, code, options)).filter((sql) => /item_stock/.test(sql)), code).toEqual([]);
      expect(ranOf((d) => searchAll(d, code, options)).filter((sql) => /item_stock/.test(sql)).length, code).toBeGreaterThan(0);
    }
  });

  it('prefix and full-text searches use index ranges and FTS', () => {
    const plans = plansOf((d) => {
      searchAll(d, 'A-0', options);
      searchAll(d, '03600', options);
      searchAll(d, 'blue wid', options);
    });
    expectIndexed(plans);
    const text = plans.map((p) => p.plan.join(' | ')).join('\n');
    expect(text).toMatch(/SEARCH x USING INDEX locations_code_norm \(code_norm>\? AND code_norm<\?\)/);
    // a page of items by SKU prefix is read from the index alone, never from the table's rows (migration 20)
    expect(text).toMatch(/SEARCH x USING COVERING INDEX items_sku_hit \(sku>\? AND sku<\?\)/);
    expect(text).toMatch(/SEARCH x USING INDEX records_code \(code>\? AND code<\?\)/);
    expect(text).toMatch(/items_fts VIRTUAL TABLE INDEX/);
    expect(text).toMatch(/locations_fts VIRTUAL TABLE INDEX/);
    expect(text).toMatch(/records_fts VIRTUAL TABLE INDEX/);
  });

  it('stock and history answers search by item, location, lot and serial', () => {
    const plans = plansOf((d) => {
      inventoryByItem(d, { itemId: 'item-1' }, options);
      inventoryByLocation(d, { locationId: 'loc-1' }, options);
      inventoryByLot(d, { lot: 'L100', serial: 'SN-1' }, options);
      historyQuery(d, { itemId: 'item-1', types: ['MOVE'] }, options);
      historyQuery(d, { locationId: 'loc-1' }, options);
    });
    expectIndexed(plans);
    const text = plans.map((p) => p.plan.join(' | ')).join('\n');
    for (const index of ['inventory_item', 'inventory_location', 'history_item', 'history_location', 'history_from', 'history_to']) expect(text).toContain(index);
    expect(text).toMatch(/SEARCH history USING COVERING INDEX history_dataset \(dataset_id=\?\)/);
  });

  it('list pages walk an index in their order: whole lists by code, one scope in server order', () => {
    const plans = plansOf((d) => {
      for (const view of [{ list: 'items' }, { list: 'items', scopeId: ACME }, { list: 'locations' }, { list: 'inventory', scopeId: F1 }, { list: 'accounts' }]) {
        listPage(d, viewSchema.parse(view), 0, 10, options);
      }
    });
    expectIndexed(plans.filter((p) => p.sql.includes('ORDER BY')));
    // the whole item list in SKU order walks the narrow SKU index: a page far down steps over every
    // entry before it, and the hits' index (migration 20) has entries several times as wide
    const items = plans.filter((p) => /FROM items\b/.test(p.sql) && /ORDER BY .*sku/.test(p.sql)).map((p) => p.plan.join(' | '));
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((plan) => /USING INDEX items_sku\b(?!_)/.test(plan))).toBe(true);
    for (const plan of items) expect(plan).not.toContain('items_sku_hit');
  });
});
