// Migration 16 (history by move ends): applied on a file of the schema before it, with real SQLite;
// a move kept from before is found by the codes of both its ends through the new indexes.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 16: history by move ends', () => {
  it("finds a schema 15 file's move by its source and its destination code, on an index each", () => {
    const { file, old } = fileAtVersion(dir, 15);
    old.prepare(`INSERT INTO history (dataset_id, id, location_id, from_location_code, to_location_code, type, created_on, hash, raw) VALUES (1, 'h-1', 'loc-2', 'A-01-01-A', 'A-02-01-A', 'MOVE', '2026-11-20T10:00:00.000Z', 0, '{}')`).run();
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      for (const [column, code, index] of [['from_location_code', 'a-01-01-a', 'history_from'], ['to_location_code', 'A-02-01-A', 'history_to']] as const) {
        const sql = `SELECT id FROM history WHERE ${column} = ? ORDER BY created_on DESC`;
        expect(db.prepare(sql).pluck().all(code)).toEqual(['h-1']);
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(code) as { detail: string }[]).map((r) => r.detail).join(' | ');
        expect(plan).toContain(index);
        expect(plan).not.toContain('TEMP B-TREE');
      }
    } finally {
      db.close();
    }
  });
});
