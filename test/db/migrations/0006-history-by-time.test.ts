// Migration 6 (history by time): applied on a file of the schema before it, with real SQLite; what it adds or
// changes, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 6: history by time', () => {
  it('indexes a schema 5 file\'s history by dataset and time, keeping its rows', () => {
    const { file, old } = fileAtVersion(dir, 5);
    old.prepare(`INSERT INTO history (dataset_id, id, created_on, hash, raw) VALUES (1, 'h-1', '2026-11-20T10:00:00.000Z', 1, '{}')`).run();
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      // by dataset and time (migration 18 puts the id after them)
      expect((db.prepare(`SELECT name FROM pragma_index_info('history_dataset') ORDER BY seqno`).pluck().all() as string[]).slice(0, 2)).toEqual(['dataset_id', 'created_on']);
      expect(db.prepare('SELECT min(created_on) FROM history WHERE dataset_id = 1').pluck().get()).toBe('2026-11-20T10:00:00.000Z');
    } finally {
      db.close();
    }
  });
});
