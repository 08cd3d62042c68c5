// Migration 5 (content hashes): applied on a file of the schema before it, with real SQLite; what it adds or
// changes, and that the rows already there survive.
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../../electron/core/db/migrations/index.ts';
import { contentHash } from '../../../electron/core/db/content-hash.ts';
import { eachTestFolder } from '../../support/each-test-folder.ts';
import { fileAtVersion } from './support.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

describe('migration 5: content hashes', () => {
  it('recomputes the stored content hashes of a schema 4 file, so a sync sees its rows unchanged', () => {
    const { file, old } = fileAtVersion(dir, 4);
    const raw = { items: '{"id":"i-1","sku":"BR-1"}', locations: '{"id":"l-1","code":"A-01"}', inventory: '{"id":"s-1","qty":3}', history: '{"id":"h-1","type":"MOVE"}' };
    for (const [table, json] of Object.entries(raw)) old.prepare(`INSERT INTO ${table} (dataset_id, id, hash, raw) VALUES (1, ?, 12345, ?)`).run(JSON.parse(json).id, json);
    old.prepare(`INSERT INTO records (dataset_id, list, id, hash, raw) VALUES (1, 'carriers', 'c-1', 12345, '{"id":"c-1","name":"Ünited"}')`).run();
    old.close();

    const db = openMirror(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      for (const table of ['items', 'locations', 'inventory', 'history', 'records']) {
        const row = db.prepare(`SELECT hash, raw FROM ${table}`).get() as { hash: number; raw: string };
        expect(row.hash).not.toBe(12345);
        expect(row.hash).toBe(contentHash(Buffer.from(row.raw)));
      }
    } finally {
      db.close();
    }
  });
});
