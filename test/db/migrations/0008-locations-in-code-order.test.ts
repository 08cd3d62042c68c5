// Migration 8 (locations in code order): applied on a file of the schema before it, with real SQLite; what it adds or
// changes, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { naturalSortKey } from '../../../electron/core/shared/sort-key.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 8: locations in code order', () => {
  it('indexes a schema 7 file\'s locations by dataset and natural code order, keeping its rows', () => {
    const { file, old } = fileAtVersion(dir, 7);
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
});
