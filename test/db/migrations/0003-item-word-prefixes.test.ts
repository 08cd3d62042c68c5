// Migration 3 (item word prefixes): applied on a file of the schema before it, with real SQLite; what it adds or
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

describe('migration 3: item word prefixes', () => {
  it('re-indexes the items of a schema 2 file into items_fts with prefix indexes', () => {
    const { file, old } = fileAtVersion(dir, 2);
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
});
