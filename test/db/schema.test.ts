// The migrations, one file each, build the schema an existing mirror has: the same tables, indexes
// and SQL text as the schema written down in fixtures/schema.sql (what the migrations built when they
// were one list), and a mirror file of that schema opens here without a migration and is read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { ReadDb } from '../../electron/core/db/handles.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../electron/core/db/migrations/index.ts';
import { lookupExact, searchAll } from '../../electron/core/lookup/search.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { eachTestFolder } from '../support/each-test-folder.ts';

const FIXTURE = readFileSync(path.join(import.meta.dirname, 'fixtures', 'schema.sql'), 'utf8');

let dir: string;
eachTestFolder((folder) => (dir = folder));

/** The schema of a file as text, in the fixture's form: one entry per table, index and trigger, by name. */
function schemaOf(db: ReadDb | Database.Database): string {
  const rows = db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name`).all() as { type: string; name: string; tbl_name: string; sql: string | null }[];
  return rows.map((r) => `-- ${r.type} ${r.name} on ${r.tbl_name}\n${r.sql ?? '(no sql)'};\n`).join('\n');
}

describe('the mirror schema', () => {
  it('is built by the migration files in order, ending at the schema an existing mirror has, to the byte', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
    const db = openMirror(path.join(dir, 'new.sqlite'));
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(schemaOf(db)).toBe(FIXTURE);
    } finally {
      db.close();
    }
  });

  it('opens a mirror of that schema made elsewhere without migrating it, and reads it', () => {
    const file = path.join(dir, 'existing.sqlite');
    const made = new Database(file);
    made.pragma('journal_mode = WAL');
    // the fixture's statements as SQLite keeps them; the internal tables FTS5 and AUTOINCREMENT make are made by them
    const statements = FIXTURE.split(/\n(?=-- )/)
      .map((entry) => entry.replace(/^-- .*\n/, '').replace(/;\n*$/, ''))
      .filter((sql) => sql.startsWith('CREATE') && !/^CREATE TABLE '?\w+_(data|idx|content|docsize|config)'?/.test(sql) && !sql.startsWith('CREATE TABLE sqlite_sequence'));
    // a trigger after the tables it names (the fixture lists every entry by name)
    for (const sql of [...statements.filter((sql) => !sql.startsWith('CREATE TRIGGER')), ...statements.filter((sql) => sql.startsWith('CREATE TRIGGER'))]) made.exec(sql);
    made.pragma(`user_version = ${SCHEMA_VERSION}`);
    made.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path, last_success_at) VALUES (1, 'items', 'items', 'global', '/items', '2026-11-20T10:00:00.000Z')`).run();
    made.prepare(`INSERT INTO items (rid, dataset_id, id, sku, upc, description, hash, raw) VALUES (1, 1, 'i-1', 'BR-1', '036000291452', 'Green bracket, large', 1, '{}')`).run();
    made.prepare(`INSERT INTO items_fts (rowid, sku, description) VALUES (1, 'BR-1', 'Green bracket, large')`).run();
    expect(schemaOf(made)).toBe(FIXTURE);
    made.close();

    const before = readFileSync(file);
    const writer = openMirror(file);
    writer.close();
    const reader = openMirror(file, { readonly: true });
    try {
      expect(reader.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(schemaOf(reader)).toBe(FIXTURE);
      const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: new Date('2026-11-20T11:00:00Z') };
      expect(lookupExact(reader, '036000291452', options).map((h) => h.id)).toEqual(['i-1']);
      expect(searchAll(reader, 'green brac', options).hits.map((h) => h.id)).toEqual(['i-1']);
    } finally {
      reader.close();
    }
    // nothing was migrated: the file's header still says the schema was last changed by its maker
    expect(readFileSync(file).subarray(40, 44)).toEqual(before.subarray(40, 44));
  });
});
