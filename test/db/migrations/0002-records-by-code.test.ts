// Migration 2 (records by code): applied on a file of the schema before it, with real SQLite; what it adds or
// changes, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { lookupExact } from '../../../electron/core/lookup/search.ts';
import { DEFAULT_SETTINGS } from '../../../electron/core/settings/settings-store.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 2: records by code', () => {
  it('adds records_code to a schema 1 file, keeps its rows, and exact lookups of other lists use it', () => {
    const { file, old } = fileAtVersion(dir, 1);
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
});
