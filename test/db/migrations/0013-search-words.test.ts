// Migration 13 (search words): applied on a file of the schema before it, with real SQLite; what it
// adds, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 13: search words', () => {
  it('adds an empty word table to a schema 12 file, keeping every row, and a word is found by its start and by its end', () => {
    const { file, old } = fileAtVersion(dir, 12);
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path, last_success_at) VALUES (1, 'items', 'items', 'global', '/items', '2026-11-20T10:00:00.000Z')`).run();
    old.prepare(`INSERT INTO items (rid, dataset_id, id, sku, description, hash, raw) VALUES (1, 1, 'i-1', 'BR-1', 'Green bracket', 1, '{}')`).run();
    old.prepare(`INSERT INTO items_fts (rowid, sku, description) VALUES (1, 'BR-1', 'Green bracket')`).run();
    expect(old.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = 'search_words'`).pluck().get()).toBe(0);
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare(`SELECT name FROM sqlite_schema WHERE tbl_name = 'search_words' ORDER BY name`).pluck().all()).toEqual(['search_words', 'search_words_end', 'search_words_start']);
      // filled by the sync's next round, not by the migration
      expect(db.prepare('SELECT count(*) FROM search_words').pluck().get()).toBe(0);
      expect(db.prepare('SELECT id FROM items').pluck().all()).toEqual(['i-1']);
      expect(db.prepare(`SELECT rowid FROM items_fts WHERE items_fts MATCH 'bracket'`).pluck().all()).toEqual([1]);
      const word = db.prepare('INSERT INTO search_words (word, len, drow) VALUES (?, ?, ?)');
      word.run('bracket', 7, 'tekcarb');
      word.run('basket', 6, 'teksab');
      const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join('; ');
      expect(plan(`SELECT word FROM search_words WHERE len = 7 AND word >= 'bra' AND word < 'brb'`)).toContain('search_words_start');
      expect(plan(`SELECT word FROM search_words WHERE len = 7 AND drow >= 'tek' AND drow < 'tel'`)).toContain('search_words_end');
      expect(db.prepare(`SELECT word FROM search_words WHERE len = 7 AND drow >= 'tekc' AND drow < 'tekd'`).pluck().all()).toEqual(['bracket']);
    } finally {
      db.close();
    }
  });
});
