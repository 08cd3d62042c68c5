// Migration 4 (full text without positions): applied on a file of the schema before it, with real SQLite; what it adds or
// changes, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { searchAll } from '../../../electron/core/lookup/search.ts';
import { DEFAULT_SETTINGS } from '../../../electron/core/settings/settings-store.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 4: full text without positions', () => {
  it('rebuilds every full-text index of a schema 3 file with detail=none and keeps every word findable', () => {
    const { file, old } = fileAtVersion(dir, 3);
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
});
