// Migration 18 (history cut by id): applied on a file of the schema before it, with real SQLite; a
// history kept from before is cut to its newest events, ties at one instant by id, through the new
// index and without sorting the dataset's events.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { LOG_NEWEST_FIRST } from '../../../electron/core/db/log-order.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 18: history cut by id', () => {
  it("keeps a schema 17 file's newest events by time then id, on the index", () => {
    const { file, old } = fileAtVersion(dir, 17);
    const add = old.prepare(`INSERT INTO history (dataset_id, id, type, created_on, hash, raw) VALUES (1, ?, 'RECEIPT', ?, 0, '{}')`);
    // arrival order differs from id order among the events of one instant
    for (const [id, at] of [['e-2', '2026-11-21T00:00:00.000Z'], ['e-9', '2026-11-21T00:00:00.000Z'], ['e-1', '2026-11-22T00:00:00.000Z'], ['e-5', '2026-11-21T00:00:00.000Z'], ['e-0', null]] as const) add.run(id, at);
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const sql = `SELECT id FROM history WHERE dataset_id = ? ORDER BY ${LOG_NEWEST_FIRST} LIMIT -1 OFFSET ?`;
      // beyond the newest three: the tied e-2 and the timeless e-0, whatever order they arrived in
      expect(db.prepare(sql).pluck().all(1, 3)).toEqual(['e-2', 'e-0']);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1, 3) as { detail: string }[]).map((r) => r.detail).join(' | ');
      expect(plan).toContain('history_dataset');
      expect(plan).not.toContain('TEMP B-TREE');
    } finally {
      db.close();
    }
  });
});
