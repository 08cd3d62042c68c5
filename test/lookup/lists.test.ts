import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { viewSchema } from '../../electron/contract/methods.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { exportColumns, exportCsvFile, writeCsv } from '../../electron/core/lookup/export-csv.ts';
import { iterateView, listCatalog, listPage } from '../../electron/core/lookup/lists.ts';
import { recordDetail } from '../../electron/core/lookup/record-detail.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { ACME, buildFloorMirror, F1, NOW } from './floor-data.ts';
import { floorMirrorForFile } from './floor-mirror.ts';
import { loadDataset } from './mirror-fixture.ts';

let dir: string;
let db: WriteDb;
const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW };
const view = (input: Record<string, unknown>) => viewSchema.parse(input);

floorMirrorForFile((opened, folder) => {
  db = opened;
  dir = folder;
});

describe('lists', () => {
  it('catalogues the lists present with their scopes and columns, unknown fields included', () => {
    const catalog = listCatalog(db);
    const items = catalog.find((l) => l.list === 'items');
    expect(items).toMatchObject({ kind: 'item', scopeKind: 'account', scopes: [{ id: ACME, name: 'Acme Foods' }] });
    expect(items?.columns.map((c) => c.key)).toEqual(expect.arrayContaining(['sku', 'description', 'gtin', 'colour_code']));
    const locations = catalog.find((l) => l.list === 'locations');
    expect(locations?.scopes.map((s) => s.name)).toEqual(['Main warehouse', 'Overflow']);
    expect(catalog.map((l) => l.list)).toEqual(expect.arrayContaining(['accounts', 'carriers', 'customers', 'facilities', 'users', 'inventory', 'history']));
  });

  it('pages a scoped list with sort, total and age', () => {
    const page = listPage(db, view({ list: 'locations', scopeId: F1, sort: [{ column: 'barcode', dir: 'desc' }] }), 1, 2, options);
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.code)).toEqual(['A-03-9-A', 'A-03-02-C']);
    expect(page.age).toEqual({ syncedAt: '2026-11-21T05:50:00.000Z', stale: false, staleAfterMinutes: 24 * 60 });
    const unsorted = listPage(db, view({ list: 'locations', scopeId: F1 }), 0, 10, options);
    // a facility's locations in natural code order, not in the order the server sent them
    expect(unsorted.rows.map((r) => r.code)).toEqual(['A-03-02-B', 'A-03-02-C', 'A-03-9-A', 'A-03-10-A']);
    expect(listPage(db, view({ list: 'locations', scopeId: 'no-such-facility' }), 0, 10, options)).toMatchObject({ total: 0, rows: [] });
  });

  it('sorts codes naturally, by default and by the code column, through their indexes', () => {
    const codes = (input: Record<string, unknown>, list = 'locations', field = 'code') =>
      listPage(db, view({ list, ...input }), 0, 20, options).rows.map((r) => r[field]);
    // A-03-9-A before A-03-10-A: `code_norm` (A039A, A0310A) and the codes as text both put 10 first
    expect(codes({})).toEqual(['A-03-02-B', 'A-03-02-C', 'A-03-9-A', 'A-03-10-A', 'B-01-01-A']);
    expect(codes({ scopeId: F1, sort: [{ column: 'code', dir: 'asc' }] })).toEqual(['A-03-02-B', 'A-03-02-C', 'A-03-9-A', 'A-03-10-A']);
    expect(codes({ scopeId: F1, sort: [{ column: 'code', dir: 'desc' }] })).toEqual(['A-03-10-A', 'A-03-9-A', 'A-03-02-C', 'A-03-02-B']);
    const natural = ['A-03-02-B', 'A-03-02-B', 'A-03-02-C', 'A-03-9-A', 'A-03-10-A'];
    expect(codes({}, 'inventory', 'location_code')).toEqual([...natural, 'B-01-01-A']);
    expect(codes({ scopeId: F1, sort: [{ column: 'location_code', dir: 'asc' }] }, 'inventory', 'location_code')).toEqual(natural);
    // other lists by their code: a fresh file, so that the shared one keeps its counts
    const own = tempDir();
    const other = openMirror(path.join(own.path, 'codes.sqlite'));
    try {
      loadDataset(other, { list: 'channels', scopeKind: 'account', scopeId: ACME, syncedAt: NOW.toISOString() }, ['CH-10', 'CH-9', 'ch-2', 'CH-1'].map((c, i) => ({ id: `ch-${i}`, code: c, name: `Channel ${c}` })));
      const channels = (input: Record<string, unknown>) => listPage(other, view({ list: 'channels', ...input }), 0, 20, options).rows.map((r) => r.code);
      expect(channels({})).toEqual(['CH-1', 'ch-2', 'CH-9', 'CH-10']);
      expect(channels({ sort: [{ column: 'code', dir: 'desc' }] })).toEqual(['CH-10', 'CH-9', 'ch-2', 'CH-1']);
      expect(channels({ sort: [{ column: 'name', dir: 'asc' }] })).toEqual(['CH-1', 'CH-10', 'CH-9', 'ch-2']);
    } finally {
      other.close();
      own.remove();
    }
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join(' ');
    expect(plan('SELECT id FROM locations ORDER BY code_sort, rid LIMIT 50')).toContain('locations_code_sort');
    // a facility's page: from its dataset index, already in order (no sort of the facility's rows)
    const scoped = plan('SELECT id FROM locations WHERE dataset_id IN (1) ORDER BY code_sort, rid LIMIT 50');
    expect(scoped).toContain('locations_dataset');
    expect(scoped).not.toContain('TEMP B-TREE');
    expect(plan('SELECT id FROM inventory ORDER BY location_code_sort, rid LIMIT 50')).toContain('inventory_location_code_sort');
    expect(plan(`SELECT id FROM records WHERE list = 'channels' ORDER BY code_sort, rid LIMIT 50`)).toContain('records_list_code_sort');
  });

  it('filters by any column: contains, numeric comparisons, booleans, unknown fields', () => {
    const skus = (filters: Record<string, string>, list = 'items') => listPage(db, view({ list, filters }), 0, 100, options).rows.map((r) => r.sku ?? r.code);
    expect(skus({ description: 'WIDGET' })).toEqual(['SKU-0001', 'SKU-0002']);
    expect(skus({ colour_code: 'bl-' })).toEqual(['SKU-0001']);
    expect(skus({ description: '%' })).toEqual([]);
    expect(skus({ qty_on_hand: '>=5' }, 'inventory')).toEqual(['SKU-0001', 'SKU-0001', 'SKU-0001']);
    expect(skus({ qty_on_hand: '=0' }, 'inventory')).toEqual(['SKU-0010']);
    expect(skus({ pickable: 'no' }, 'locations').sort()).toEqual(['A-03-10-A', 'A-03-9-A']);
    const page = listPage(db, view({ list: 'items', filters: { description: 'widget' } }), 0, 100, options);
    expect(page.total).toBe(2);
  });

  it('reads a filter with a digit as a code, as the search box does', () => {
    const codes = (filters: Record<string, string>, list: string, field: string) => listPage(db, view({ list, filters }), 0, 100, options).rows.map((r) => r[field]);
    expect(codes({ code: '03.02' }, 'locations', 'code')).toEqual(['A-03-02-B', 'A-03-02-C']);
    for (const typed of ['A03 02B', 'a0302b', 'A-03-02-B']) expect(codes({ code: typed }, 'locations', 'code'), typed).toEqual(['A-03-02-B']);
    expect(codes({ location_code: 'A03 02B' }, 'inventory', 'location_code')).toEqual(['A-03-02-B', 'A-03-02-B']);
    expect(codes({ sku: 'sku 0001' }, 'items', 'sku')).toEqual(['SKU-0001']);
  });

  it('refuses a column key that could break out of a JSON path', () => {
    expect(() => listPage(db, view({ list: 'items', filters: { "x') OR 1=1 --": 'a' } }), 0, 10, options)).toThrow(expect.objectContaining({ code: 'invalid_argument' }));
  });
});

describe('record detail', () => {
  it('gives the whole record and its related records', () => {
    const item = recordDetail(db, 'items', 'item-1', options);
    expect(item).toMatchObject({ kind: 'item', title: 'Blue widget large', record: { colour_code: 'BL-7', lot_tracked: true } });
    expect(item.related.map((r) => [r.list, r.rows.length])).toEqual([
      ['inventory', 4],
      ['history', 3],
    ]);
    const location = recordDetail(db, 'locations', 'loc-1', options);
    expect(location.related[0].rows.map((r) => r.sku).sort()).toEqual(['SKU-0001', 'SKU-0002']);
    const account = recordDetail(db, 'accounts', ACME, options);
    expect(account.related.map((r) => [r.list, r.rows.map((row) => row.id)])).toEqual([
      ['carriers', ['car-1']],
      ['customers', ['cust-1']],
      ['channels', []],
    ]);
    expect(() => recordDetail(db, 'items', 'nope', options)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('CSV export', () => {
  it('writes the current view (filter, sort, columns) to a file, quoted, with a header', async () => {
    const out = path.join(dir, 'exports');
    const v = view({ list: 'items', filters: { account_id: ACME }, sort: [{ column: 'sku', dir: 'desc' }], columns: ['sku', 'description', 'colour_code'] });
    const result = await exportCsvFile(db, v, out, { now: NOW });
    expect(result).toEqual({ location: path.join(out, 'items-2026-11-21T06-00-00-000.csv'), rows: 5 });
    const text = readFileSync(result.location, 'utf8');
    expect(text.split('\r\n')).toEqual([
      '\uFEFFSKU,Description,colour_code',
      'SKU-0010,"Green gadget, ""deluxe""",',
      'SKU-0002,Red widget,',
      'SKU-0001,Blue widget large,BL-7',
      'MT-1023,Mounting tape,',
      'A-03,Part numbered like a location,',
      '',
    ]);
  });

  it('heads each column as the window names it, and a column it does not name by the list\'s own label', async () => {
    const out = path.join(dir, 'exports-es');
    const v = view({ list: 'items', filters: { account_id: ACME }, sort: [{ column: 'sku', dir: 'asc' }], columns: ['sku', 'description', 'colour_code'] });
    // `__proto__` is only a header the window sent, for a column the view does not have
    const headers = JSON.parse('{"sku":"Código, SKU","description":"Descripción","__proto__":"x"}') as Record<string, string>;
    const result = await exportCsvFile(db, v, out, { now: NOW, headers });
    expect(readFileSync(result.location, 'utf8').split('\r\n')[0]).toBe('\uFEFF"Código, SKU",Descripción,colour_code');
    // every column of the list when the view names none, each headed as the window names it
    const all = exportColumns(db, view({ list: 'locations', scopeId: F1 }), { code: 'Código' });
    expect(all.find((c) => c.key === 'code')?.label).toBe('Código');
    expect(all.find((c) => c.key === 'type')?.label).toBe('Type');
  });

  it('leaves no half-written file when an export fails', async () => {
    const out = path.join(dir, 'failed-exports');
    const bad = view({ list: 'items', sort: [{ column: 'no"such', dir: 'asc' }] });
    // The view fails before the file has finished opening: many times over, as it is a race
    for (let n = 0; n < 200; n++) {
      await expect(exportCsvFile(db, bad, out, { now: new Date(NOW.getTime() + n) })).rejects.toMatchObject({ code: 'invalid_argument' });
    }
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('pages a sorted or filtered view, however deep, as one ordered list: no row twice, none missed, and follows a change', () => {
    const file = path.join(dir, 'ordered.sqlite');
    const own = buildFloorMirror(dir, file);
    const reader = openMirror(file, { readonly: true });
    try {
      const { dataset_id: itemsDataset } = own.prepare(`SELECT dataset_id FROM items LIMIT 1`).get() as { dataset_id: number };
      const insert = own.prepare(`INSERT INTO items (dataset_id, id, sku, description, hash, raw) VALUES (?, ?, ?, ?, 1, ?)`);
      const words = ['bolt', 'nut', 'washer', 'Anchor', 'bracket'];
      own.transaction(() => {
        for (let i = 0; i < 500; i++) {
          // few descriptions (ties, settled by rid) and a field only the raw record has
          const description = `${words[(i * 7) % words.length]} ${i % 3}`;
          insert.run(itemsDataset, `item-o${i}`, `ORD-${String((i * 37) % 500).padStart(3, '0')}`, description, JSON.stringify({ id: `item-o${i}`, description, pack_qty: (i * 11) % 13 }));
        }
      })();
      const views = [
        view({ list: 'items', sort: [{ column: 'description', dir: 'asc' }] }),
        view({ list: 'items', sort: [{ column: 'pack_qty', dir: 'desc' }, { column: 'sku', dir: 'asc' }] }),
        view({ list: 'items', filters: { description: 'n' } }),
        view({ list: 'items', filters: { description: 'o' }, sort: [{ column: 'sku', dir: 'desc' }] }),
        view({ list: 'items', scopeId: ACME, sort: [{ column: 'description', dir: 'desc' }] }),
      ];
      for (const v of views) {
        // the reference: the view read whole, in SQL's order (as an export reads it)
        const whole = [...iterateView(reader, v, db)].map((r) => r.id);
        expect(listPage(reader, v, 0, 10_000, options).rows.map((r) => r.id)).toEqual(whole);
        const total = whole.length;
        expect(total).toBeGreaterThan(100);
        // pages of 37 from the top, then the same pages again, backwards
        const ids: unknown[] = [];
        for (let offset = 0; offset < total + 37; offset += 37) {
          const page = listPage(reader, v, offset, 37, options);
          expect(page.total).toBe(total);
          ids.push(...page.rows.map((r) => r.id));
        }
        expect(ids).toEqual(whole);
        for (let offset = Math.floor(total / 37) * 37; offset >= 0; offset -= 37) {
          expect(listPage(reader, v, offset, 37, options).rows.map((r) => r.id)).toEqual(whole.slice(offset, offset + 37));
        }
      }
      // the sync commits a row that sorts first: the deep pages of a view already ordered move by one
      const byDescription = views[0];
      const before = listPage(reader, byDescription, 100, 2, options).rows.map((r) => r.id);
      insert.run(itemsDataset, 'item-first', 'ORD-FIRST', '0 first of all', JSON.stringify({ id: 'item-first' }));
      const after = listPage(reader, byDescription, 101, 1, options);
      expect(after.total).toBe([...iterateView(reader, byDescription, db)].length);
      expect(after.rows.map((r) => r.id)).toEqual([before[0]]);
      expect(listPage(reader, byDescription, 1, 1, options).rows.map((r) => r.id)).not.toEqual(['item-first']);
      expect(listPage(reader, byDescription, 0, 1, options).rows.map((r) => r.id)).toEqual(['item-first']);
      // and a row gone leaves no hole
      own.prepare(`DELETE FROM items WHERE id = ?`).run(before[1]);
      expect(listPage(reader, byDescription, 101, 1, options).rows.map((r) => r.id)).toEqual([before[0]]);
      expect(listPage(reader, byDescription, 102, 1, options).rows.map((r) => r.id)).not.toEqual([before[1]]);
    } finally {
      reader.close();
      own.close();
    }
  });

  it('keeps a view\'s total and columns while the file is unchanged, and follows every change to it', () => {
    const own = buildFloorMirror(dir, path.join(dir, 'totals.sqlite'));
    const reader = openMirror(path.join(dir, 'totals.sqlite'), { readonly: true });
    try {
      const items = view({ list: 'items' });
      const page = () => listPage(reader, items, 0, 100, options);
      expect(page().total).toBe(5);
      // the same connection answers again from what it kept: here, the same facts
      expect(page().columns).toBe(page().columns);
      // the sync worker commits on its own connection: a new item, with a field never seen
      const { dataset_id: itemsDataset } = own.prepare(`SELECT dataset_id FROM items LIMIT 1`).get() as { dataset_id: number };
      own.prepare(`INSERT INTO items (dataset_id, id, sku, hash, raw) VALUES (?, 'item-new', 'SKU-NEW', 1, ?)`).run(itemsDataset, JSON.stringify({ id: 'item-new', sku: 'SKU-NEW', shelf_life_days: 30 }));
      expect(page().total).toBe(6);
      expect(page().columns.map((c) => c.key)).toContain('shelf_life_days');
      expect(page().rows.map((r) => r.sku)).toContain('SKU-NEW');
      // a write on the reading connection itself (tests, tools) counts as well
      own.close();
      const writer = openMirror(path.join(dir, 'totals.sqlite'));
      expect(listPage(writer, items, 0, 100, options).total).toBe(6);
      writer.prepare(`DELETE FROM items WHERE id = 'item-new'`).run();
      expect(listPage(writer, items, 0, 100, options).total).toBe(5);
      writer.close();
      expect(page().total).toBe(5);
    } finally {
      reader.close();
      if (own.open) own.close();
    }
  });

  it('streams to any writable while lookups go on', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => {
      chunks.push(chunk.toString('utf8'));
      // the lookup connection stays usable during an export
      expect(listPage(db, view({ list: 'items' }), 0, 1, options).total).toBe(5);
    });
    const rows = await writeCsv(db, view({ list: 'locations', scopeId: F1, columns: ['code', 'type'] }), out);
    expect(rows).toBe(4);
    expect(chunks.join('')).toContain('Code,Type\r\nA-03-02-B,PICK\r\n');
  });
});
