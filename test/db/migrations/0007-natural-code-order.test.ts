// Migration 7 (natural code order): applied on a file of the schema before it, with real SQLite; what it adds or
// changes, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { naturalSortKey } from '../../../electron/core/shared/sort-key.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 7: natural code order', () => {
  it('gives a schema 6 file\'s locations, stock and other lists their natural sort keys, indexed, keeping every row', () => {
    const { file, old } = fileAtVersion(dir, 6);
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
});
