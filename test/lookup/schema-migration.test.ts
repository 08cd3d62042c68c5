// Migrations 2 (records_code), 3 (items_fts with prefix indexes), 4 (full-text indexes with
// detail=none), 5 (content hashes recomputed), 6 (history by dataset and time), 7 (natural sort keys of codes),
// 8 (locations by dataset and code order), 9 (stock read in part), 10 (history's times in UTC), 11 (the items that moved,
// queued from history) and 12 (lots and serials indexed only where stock has one): a mirror written by an older schema is brought up to date when opened and keeps its
// data; other lists are then found by code in one probe of the new index, and items, locations and
// other lists by words and word prefixes through the rebuilt full-text indexes.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lookupExact, searchAll } from '../../electron/core/lookup/search.ts';
import { contentHash } from '../../electron/core/mirror/content-hash.ts';
import { utcInstant } from '../../electron/core/mirror/instant.ts';
import { naturalSortKey } from '../../electron/core/mirror/sort-key.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../electron/core/db/schema.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import { historyMark, planStockReading, recordItemsMoved, stockRefreshState, writeStockRefresh } from '../../electron/core/mirror/stock-refresh.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

/**
 * A file as Aisle of that schema version (5 or later) left it, empty. Migration 5 only rewrote
 * content hashes: its schema is 4's, and it is skipped.
 */
function fileAtSchema(version: number): { file: string; old: Database.Database } {
  const file = path.join(dir.path, `v${version}.sqlite`);
  const old = new Database(file);
  old.function('natural_sort_key', { deterministic: true }, (code: unknown) => (typeof code === 'string' ? naturalSortKey(code) : null));
  old.function('utc_instant', { deterministic: true }, (value: unknown) => (value === null ? null : utcInstant(String(value))));
  for (const sql of [...MIGRATIONS.slice(0, 4), ...MIGRATIONS.slice(5, version)]) old.exec(sql);
  old.pragma(`user_version = ${version}`);
  return { file, old };
}

describe('lookup migrations', () => {
  it('adds records_code to a schema 1 file, keeps its rows, and exact lookups of other lists use it', () => {
    const file = path.join(dir.path, 'old.sqlite');
    const old = new Database(file);
    old.exec(MIGRATIONS[0]);
    old.pragma('user_version = 1');
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path, last_success_at) VALUES (1, 'carriers', 'carriers', 'global', '/carriers', '2026-11-20T10:00:00Z')`).run();
    old.prepare(`INSERT INTO records (dataset_id, list, id, code, name, hash, raw) VALUES (1, 'carriers', 'c-1', 'UPSN', 'UPS Ground', 1, '{"id":"c-1"}')`).run();
    expect(old.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = 'records_code'`).pluck().get()).toBe(0);
    old.close();

    const db = openMirror(file);
    try {
      expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare(`SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'records_code'`).pluck().get()).toBe(1);
      expect(db.prepare('SELECT count(*) FROM records').pluck().get()).toBe(1);
      const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT rid FROM records WHERE code = ?`).all('x') as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toContain('records_code');
      const hits = lookupExact(db, 'upsn', { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: new Date('2026-11-20T11:00:00Z') });
      expect(hits.map((h) => [h.list, h.id, h.match, h.age.syncedAt])).toEqual([['carriers', 'c-1', 'exact', '2026-11-20T10:00:00Z']]);
    } finally {
      db.close();
    }
  });

  it('re-indexes the items of a schema 2 file into items_fts with prefix indexes', () => {
    const file = path.join(dir.path, 'v2.sqlite');
    const old = new Database(file);
    old.exec(MIGRATIONS[0]);
    old.exec(MIGRATIONS[1]);
    old.pragma('user_version = 2');
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path, last_success_at) VALUES (1, 'items', 'items', 'global', '/items', '2026-11-20T10:00:00Z')`).run();
    const insert = old.prepare(`INSERT INTO items (rid, dataset_id, id, sku, upc, description, hash, raw) VALUES (?, 1, ?, ?, ?, ?, 1, '{}')`);
    const fts = old.prepare(`INSERT INTO items_fts (rowid, sku, upc, gtin, description) VALUES (?, ?, ?, NULL, ?)`);
    for (const [rid, id, sku, upc, description] of [[1, 'i-1', 'BR-1', '036000291452', 'Green bracket, large'], [2, 'i-2', 'BR-2', null, 'Grey hinge']] as const) {
      insert.run(rid, id, sku, upc, description);
      fts.run(rid, sku, upc, description);
    }
    old.close();

    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare(`SELECT sql FROM sqlite_schema WHERE name = 'items_fts'`).pluck().get()).toMatch(/prefix = '3 4 5 6'/);
      const match = db.prepare(`SELECT rowid FROM items_fts WHERE items_fts MATCH ? ORDER BY rowid`).pluck();
      expect(match.all('"gre"*')).toEqual([1, 2]);
      expect(match.all('"brack"*')).toEqual([1]);
      expect(match.all('"hinge"')).toEqual([2]);
      const search = searchAll(db, 'brac', { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: new Date('2026-11-20T11:00:00Z') });
      expect(search.hits.map((h) => h.id)).toEqual(['i-1']);
    } finally {
      db.close();
    }
  });

  it('rebuilds every full-text index of a schema 3 file with detail=none and keeps every word findable', () => {
    const file = path.join(dir.path, 'v3.sqlite');
    const old = new Database(file);
    for (const sql of MIGRATIONS.slice(0, 3)) old.exec(sql);
    old.pragma('user_version = 3');
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path, last_success_at) VALUES (1, 'items', 'items', 'global', '/items', '2026-11-20T10:00:00Z')`).run();
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path, last_success_at) VALUES (2, 'locations@facility:f-1', 'locations', 'facility', '/loc', '2026-11-20T10:00:00Z')`).run();
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path, last_success_at) VALUES (3, 'carriers', 'carriers', 'global', '/carriers', '2026-11-20T10:00:00Z')`).run();
    old.prepare(`INSERT INTO items (rid, dataset_id, id, sku, upc, description, hash, raw) VALUES (1, 1, 'i-1', 'BR-1', '036000291452', 'Green bracket, large', 1, '{}')`).run();
    old.prepare(`INSERT INTO items_fts (rowid, sku, upc, gtin, description) VALUES (1, 'BR-1', '036000291452', NULL, 'Green bracket, large')`).run();
    old.prepare(`INSERT INTO locations (rid, dataset_id, id, facility_id, code, code_norm, zone, hash, raw) VALUES (1, 2, 'l-1', 'f-1', 'A-03-02-B', 'A0302B', 'Cold room', 1, '{}')`).run();
    old.prepare(`INSERT INTO locations_fts (rowid, code, barcode, zone) VALUES (1, 'A-03-02-B', NULL, 'Cold room')`).run();
    old.prepare(`INSERT INTO records (rid, dataset_id, list, id, code, name, text, hash, raw) VALUES (1, 3, 'carriers', 'c-1', 'UPSN', 'United Parcel', 'ground freight', 1, '{}')`).run();
    old.prepare(`INSERT INTO records_fts (rowid, code, name, text) VALUES (1, 'UPSN', 'United Parcel', 'ground freight')`).run();
    old.close();

    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      for (const table of ['items_fts', 'locations_fts', 'records_fts']) {
        expect(db.prepare(`SELECT sql FROM sqlite_schema WHERE name = ?`).pluck().get(table)).toMatch(/detail = none/);
      }
      expect(db.prepare(`SELECT sql FROM sqlite_schema WHERE name = 'items_fts'`).pluck().get()).toMatch(/prefix = '3 4 5 6'/);
      const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: new Date('2026-11-20T11:00:00Z') };
      const ids = (query: string) => searchAll(db, query, options).hits.map((h) => h.id);
      expect(ids('green brac')).toEqual(['i-1']);
      expect(ids('cold room')).toEqual(['l-1']);
      expect(ids('parcel ground')).toEqual(['c-1']);
      // a letter newer than the tokenizer's Unicode 6.1 tables stays inside its word (cut in two, the
      // word would be a phrase, which detail=none refuses with an error)
      expect(ids('brac\u{1E922}ket')).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('recomputes the stored content hashes of a schema 4 file, so a sync sees its rows unchanged', () => {
    const file = path.join(dir.path, 'v4.sqlite');
    const old = new Database(file);
    for (const sql of MIGRATIONS.slice(0, 4)) old.exec(sql);
    old.pragma('user_version = 4');
    const raw = { items: '{"id":"i-1","sku":"BR-1"}', locations: '{"id":"l-1","code":"A-01"}', inventory: '{"id":"s-1","qty":3}', history: '{"id":"h-1","type":"MOVE"}' };
    for (const [table, json] of Object.entries(raw)) old.prepare(`INSERT INTO ${table} (dataset_id, id, hash, raw) VALUES (1, ?, 12345, ?)`).run(JSON.parse(json).id, json);
    old.prepare(`INSERT INTO records (dataset_id, list, id, hash, raw) VALUES (1, 'carriers', 'c-1', 12345, '{"id":"c-1","name":"Ünited"}')`).run();
    old.close();

    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      for (const table of ['items', 'locations', 'inventory', 'history', 'records']) {
        const row = db.prepare(`SELECT hash, raw FROM ${table}`).get() as { hash: number; raw: string };
        expect(row.hash).not.toBe(12345);
        expect(row.hash).toBe(contentHash(Buffer.from(row.raw)));
      }
    } finally {
      db.close();
    }
  });

  it('creates a new file with 4 KiB pages and leaves an existing file its page size', () => {
    const fresh = openMirror(path.join(dir.path, 'new.sqlite'));
    expect(fresh.pragma('page_size', { simple: true })).toBe(4096);
    fresh.close();
    // a mirror made when new files had 16 KiB pages keeps them
    const file = path.join(dir.path, 'old-pages.sqlite');
    const old = new Database(file);
    old.pragma('page_size = 16384');
    old.exec(MIGRATIONS[0]);
    old.pragma('user_version = 1');
    old.close();
    const db = openMirror(file);
    expect(db.pragma('page_size', { simple: true })).toBe(16384);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('indexes a schema 5 file\'s history by dataset and time, keeping its rows', () => {
    const { file, old } = fileAtSchema(5);
    old.prepare(`INSERT INTO history (dataset_id, id, created_on, hash, raw) VALUES (1, 'h-1', '2026-11-20T10:00:00.000Z', 1, '{}')`).run();
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare(`SELECT name FROM pragma_index_info('history_dataset') ORDER BY seqno`).pluck().all()).toEqual(['dataset_id', 'created_on']);
      expect(db.prepare('SELECT min(created_on) FROM history WHERE dataset_id = 1').pluck().get()).toBe('2026-11-20T10:00:00.000Z');
    } finally {
      db.close();
    }
  });

  it('gives a schema 6 file\'s locations, stock and other lists their natural sort keys, indexed, keeping every row', () => {
    const { file, old } = fileAtSchema(6);
    const codes = ['A-2-10', 'A-2-9', 'a-2-1', null];
    codes.forEach((code, i) => {
      old.prepare(`INSERT INTO locations (dataset_id, id, code, code_norm, hash, raw) VALUES (1, ?, ?, ?, 1, '{}')`).run(`l-${i}`, code, code && code.toUpperCase().replace(/-/g, ''));
      old.prepare(`INSERT INTO inventory (dataset_id, id, location_code, location_code_norm, hash, raw) VALUES (2, ?, ?, 'X', 1, '{}')`).run(`s-${i}`, code);
      old.prepare(`INSERT INTO records (dataset_id, list, id, code, hash, raw) VALUES (3, 'channels', ?, ?, 1, '{}')`).run(`c-${i}`, code);
    });
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare('SELECT code, code_norm, code_sort FROM locations ORDER BY rid').all()).toEqual(
        codes.map((code) => ({ code, code_norm: code && code.toUpperCase().replace(/-/g, ''), code_sort: code && naturalSortKey(code) })),
      );
      expect(db.prepare('SELECT location_code_sort FROM inventory ORDER BY rid').pluck().all()).toEqual(codes.map((code) => code && naturalSortKey(code)));
      const indexes = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE '%code%' ORDER BY name`).pluck().all();
      expect(db.prepare('SELECT code_sort FROM records ORDER BY rid').pluck().all()).toEqual(codes.map((code) => code && naturalSortKey(code)));
      expect(indexes).toEqual(expect.arrayContaining(['locations_code_norm', 'locations_code_sort', 'inventory_location_code_sort', 'records_list_code_sort', 'records_code']));
      expect(indexes).not.toContain('inventory_location_code_norm');
      expect(indexes).not.toContain('records_list_code');
      expect(db.prepare('SELECT code FROM locations INDEXED BY locations_code_sort WHERE code_sort IS NOT NULL ORDER BY code_sort').pluck().all()).toEqual(['a-2-1', 'A-2-9', 'A-2-10']);
    } finally {
      db.close();
    }
  });

  it('indexes a schema 7 file\'s locations by dataset and natural code order, keeping its rows', () => {
    const { file, old } = fileAtSchema(7);
    ['A-2-10', 'A-2-9', 'a-2-1'].forEach((code, i) =>
      old.prepare(`INSERT INTO locations (dataset_id, id, code, code_sort, hash, raw) VALUES (1, ?, ?, ?, 1, '{}')`).run(`l-${i}`, code, naturalSortKey(code)),
    );
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare(`SELECT name FROM pragma_index_info('locations_dataset') ORDER BY seqno`).pluck().all()).toEqual(['dataset_id', 'code_sort']);
      expect(db.prepare('SELECT code FROM locations INDEXED BY locations_dataset WHERE dataset_id = 1 ORDER BY code_sort').pluck().all()).toEqual(['a-2-1', 'A-2-9', 'A-2-10']);
    } finally {
      db.close();
    }
  });

  it('gives a schema 8 file its stock reading state, empty: the stock it has is read whole once more', () => {
    const { file, old } = fileAtSchema(8);
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, scope_id, path, etag, rows, last_success_at) VALUES (1, 'inventory@facility:F', 'inventory', 'facility', 'F', '/inv', '"e1"', 1, '2026-11-20T10:00:00Z')`).run();
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, scope_id, path, etag, rows, last_success_at) VALUES (2, 'history@facility:F', 'history', 'facility', 'F', '/hist', '"h1"', 1, '2026-11-20T10:00:00Z')`).run();
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

  it('writes a schema 9 file\'s history times, and the marks taken from them, in UTC in one form, so that they sort as the times do', () => {
    const { file, old } = fileAtSchema(9);
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, scope_id, path) VALUES (2, 'history@facility:F', 'history', 'facility', 'F', '/hist')`).run();
    const event = old.prepare(`INSERT INTO history (dataset_id, id, created_on, hash, raw) VALUES (2, ?, ?, 1, '{}')`);
    const sent: [string, string | null][] = [
      ['e-1', '2026-11-20T12:00:00+02:00'], // 10:00 UTC
      ['e-2', '2026-11-20T10:30:00.250Z'],
      ['e-3', '2026-11-20T11:00:00Z'],
      ['e-4', '2026-11-20T05:45:00.000-05:00'], // 10:45 UTC
      ['e-5', '2026-11-20T10:50:00'], // no zone: kept as sent
      ['e-6', null],
    ];
    for (const [id, at] of sent) event.run(id, at);
    old.prepare(`INSERT INTO stock_refresh (dataset_id, full_at, events_through) VALUES (1, '2026-11-20T09:00:00.000Z', '2026-11-20T12:00:00+02:00')`).run();
    old.prepare(`INSERT INTO meta (key, value) VALUES ('log_newest:2', '2026-11-20T12:00:00+02:00'), ('log_from:2', '2026-10-21T00:00:00.000Z')`).run();
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare('SELECT id, created_on FROM history ORDER BY id').raw().all()).toEqual([
        ['e-1', '2026-11-20T10:00:00.000Z'],
        ['e-2', '2026-11-20T10:30:00.250Z'],
        ['e-3', '2026-11-20T11:00:00.000Z'],
        ['e-4', '2026-11-20T10:45:00.000Z'],
        ['e-5', '2026-11-20T10:50:00'],
        ['e-6', null],
      ]);
      // newest first, as the history page and the window read them
      expect(db.prepare(`SELECT id FROM history WHERE created_on LIKE '%Z' ORDER BY created_on DESC`).pluck().all()).toEqual(['e-3', 'e-4', 'e-2', 'e-1']);
      expect(db.prepare('SELECT events_through FROM stock_refresh').pluck().get()).toBe('2026-11-20T10:00:00.000Z');
      expect(db.prepare(`SELECT key, value FROM meta WHERE key LIKE 'log_%' ORDER BY key`).raw().all()).toEqual([
        ['log_from:2', '2026-10-21T00:00:00.000Z'],
        ['log_newest:2', '2026-11-20T10:00:00.000Z'],
      ]);
    } finally {
      db.close();
    }
  });

  it('gives a schema 10 file the queue of items that moved: its stock is read whole once, then only for the events that arrive after', () => {
    const { file, old } = fileAtSchema(10);
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, scope_id, path, etag, rows, last_success_at) VALUES (1, 'inventory@facility:F', 'inventory', 'facility', 'F', '/inv', '"e1"', 1, '2026-11-20T10:00:00.000Z')`).run();
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, scope_id, path, etag, rows, last_success_at) VALUES (2, 'history@facility:F', 'history', 'facility', 'F', '/hist', '"h1"', 1, '2026-11-20T10:00:00.000Z')`).run();
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

  it('indexes a schema 11 file\'s lots and serials only where stock has one, keeping every row, and lot and serial lookups still use the indexes', () => {
    const { file, old } = fileAtSchema(11);
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
