// Migration 10 (history times in utc): applied on a file of the schema before it, with real SQLite; what it adds or
// changes, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 10: history times in utc', () => {
  it('writes a schema 9 file\'s history times, and the marks taken from them, in UTC in one form, so that they sort as the times do', () => {
    const { file, old } = fileAtVersion(dir, 9);
    old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, scope_id, path) VALUES (2, 'history@facility:F', 'history', 'facility', 'F', '/hist')`).run();
    const event = old.prepare(`INSERT INTO history (dataset_id, id, created_on, hash, raw) VALUES (2, ?, ?, 1, '{}')`);
    const sent: [string, string | null][] = [
      ['e-1', '2026-11-20T12:00:00+02:00'], // 10:00 UTC
      ['e-2', '2026-11-20T10:30:00.250Z'],
      ['e-3', '2026-11-20T11:00:00Z'],
      ['e-4', '2026-11-20T05:45:00.000-05:00'], // 10:45 UTC
      ['e-5', '2026-11-20T10:50:00'], // no zone: kept as sent
      ['e-6', null],
    ];
    for (const [id, at] of sent) event.run(id, at);
    old.prepare(`INSERT INTO stock_refresh (dataset_id, full_at, events_through) VALUES (1, '2026-11-20T09:00:00.000Z', '2026-11-20T12:00:00+02:00')`).run();
    old.prepare(`INSERT INTO meta (key, value) VALUES ('log_newest:2', '2026-11-20T12:00:00+02:00'), ('log_from:2', '2026-10-21T00:00:00.000Z')`).run();
    old.close();
    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.prepare('SELECT id, created_on FROM history ORDER BY id').raw().all()).toEqual([
        ['e-1', '2026-11-20T10:00:00.000Z'],
        ['e-2', '2026-11-20T10:30:00.250Z'],
        ['e-3', '2026-11-20T11:00:00.000Z'],
        ['e-4', '2026-11-20T10:45:00.000Z'],
        ['e-5', '2026-11-20T10:50:00'],
        ['e-6', null],
      ]);
      // newest first, as the history page and the window read them
      expect(db.prepare(`SELECT id FROM history WHERE created_on LIKE '%Z' ORDER BY created_on DESC`).pluck().all()).toEqual(['e-3', 'e-4', 'e-2', 'e-1']);
      expect(db.prepare('SELECT events_through FROM stock_refresh').pluck().get()).toBe('2026-11-20T10:00:00.000Z');
      expect(db.prepare(`SELECT key, value FROM meta WHERE key LIKE 'log_%' ORDER BY key`).raw().all()).toEqual([
        ['log_from:2', '2026-10-21T00:00:00.000Z'],
        ['log_newest:2', '2026-11-20T10:00:00.000Z'],
      ]);
    } finally {
      db.close();
    }
  });
});
