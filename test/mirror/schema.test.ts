import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { normaliseCode } from '../../electron/core/shared/normalise-code.ts';
import { migrate, SCHEMA_VERSION } from '../../electron/core/db/migrations/index.ts';
import { tableColumns } from '../db/migrations/support.ts';
import { eachTestFolder } from '../support/each-test-folder.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('mirror schema', () => {
  it('migration 1 creates every table with the stable column names, WAL, mode 0600', () => {
    const file = path.join(dir, 'm.sqlite');
    const db = openMirror(file);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(tableColumns(db, 'items')).toEqual(expect.arrayContaining(['rid', 'dataset_id', 'id', 'account_id', 'sku', 'upc', 'gtin', 'description', 'hash', 'raw']));
    expect(tableColumns(db, 'locations')).toEqual(expect.arrayContaining(['facility_id', 'code', 'code_norm', 'code_sort', 'barcode', 'zone', 'type']));
    expect(tableColumns(db, 'inventory')).toEqual(
      expect.arrayContaining(['facility_id', 'location_id', 'location_code', 'item_id', 'sku', 'lot', 'serial', 'expiry', 'uom', 'qty_on_hand', 'qty_allocated', 'qty_available', 'status']),
    );
    expect(tableColumns(db, 'history')).toEqual(expect.arrayContaining(['from_location_code', 'to_location_code', 'type', 'qty_before', 'qty_after', 'user_email', 'reference', 'created_on']));
    expect(tableColumns(db, 'records')).toEqual(expect.arrayContaining(['list', 'scope_id', 'id', 'code', 'name', 'text', 'raw']));
    expect(tableColumns(db, 'datasets')).toEqual(
      expect.arrayContaining(['key', 'list', 'scope_kind', 'scope_id', 'etag', 'rows', 'last_success_at', 'last_attempt_at', 'last_error_code', 'held_rows']),
    );
    db.prepare(`INSERT INTO items (rid, dataset_id, id, sku, description, hash, raw) VALUES (7, 1, 'x', 'SKU-1', 'Blue widget', 1, '{}')`).run();
    db.prepare(`INSERT INTO items_fts (rowid, sku, description) VALUES (7, 'SKU-1', 'Blue widget')`).run();
    expect(db.prepare(`SELECT i.id FROM items_fts JOIN items i ON i.rid = items_fts.rowid WHERE items_fts MATCH 'wid*'`).pluck().all()).toEqual(['x']);
    db.prepare(`DELETE FROM items_fts WHERE rowid = 7`).run();
    expect(db.prepare(`SELECT count(*) FROM items_fts WHERE items_fts MATCH 'wid*'`).pluck().get()).toBe(0);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('reopening an up-to-date file changes nothing; a read connection opens it', () => {
    const file = path.join(dir, 'm.sqlite');
    openMirror(file).close();
    const again = openMirror(file);
    expect(again.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    again.close();
    const reader = openMirror(file, { readonly: true });
    expect(reader.prepare('SELECT count(*) FROM datasets').pluck().get()).toBe(0);
    reader.close();
  });

  it('refuses a file from a newer Aisle without touching it', () => {
    const file = path.join(dir, 'm.sqlite');
    const raw = new Database(file);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => openMirror(file)).toThrow(expect.objectContaining({ code: 'mirror_error' }));
    const check = new Database(file);
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    check.close();
  });

  it('refuses a file that is not SQLite with mirror_error', () => {
    const file = path.join(dir, 'm.sqlite');
    writeFileSync(file, 'not a database at all, just some text that is long enough '.repeat(20));
    expect(() => openMirror(file)).toThrow(expect.objectContaining({ code: 'mirror_error' }));
  });

  it('creates a new file with 4 KiB pages and leaves an existing file its page size', () => {
    const fresh = openMirror(path.join(dir, 'new.sqlite'));
    expect(fresh.pragma('page_size', { simple: true })).toBe(4096);
    fresh.close();
    // a mirror made when new files had 16 KiB pages keeps them
    const file = path.join(dir, 'old-pages.sqlite');
    const old = new Database(file);
    old.pragma('page_size = 16384');
    migrate(old as WriteDb, 1);
    old.close();
    const db = openMirror(file);
    expect(db.pragma('page_size', { simple: true })).toBe(16384);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('normalises location codes', () => {
    expect(normaliseCode('A03 02B')).toBe('A0302B');
    expect(normaliseCode('a-03-02-b')).toBe('A0302B');
    expect(normaliseCode('A0302B')).toBe('A0302B');
    expect(normaliseCode(' - ')).toBeNull();
    expect(normaliseCode(null)).toBeNull();
  });
});
