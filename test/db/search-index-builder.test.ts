// The full-text index of a large load into an empty table, built on a helper thread and copied in
// (search-index-builder.ts): the same answers as one built on the writer, inside the snapshot's
// transaction, nothing left behind, and a failing helper changes only who builds it.
import { spawnSync } from 'node:child_process';
import { readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import Database from 'better-sqlite3';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { migrate } from '../../electron/core/db/migrations/index.ts';
import { prepareSearchIndexBuilder } from '../../electron/core/db/write/search-index-builder.ts';
import { itemsSpec } from '../support/dataset-specs.ts';
import { tempDir } from '../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
let file: string;
let db: WriteDb;
beforeEach(() => {
  dir = tempDir();
  file = path.join(dir.path, 'm.sqlite');
  db = openMirror(file);
});
afterEach(() => {
  db.close();
  dir.remove();
});

const spec = itemsSpec;
const COLOURS = ['red', 'green', 'blue', 'black', 'white', 'grey', 'orange'];
const NOUNS = ['bolt', 'washer', 'hinge', 'bracket', 'cable', 'tie', 'pallet', 'drum', 'crate', 'hook', 'strap'];
const item = (n: number, v = 0) => ({ id: `id-${n}`, sku: `AB-${String(n).padStart(6, '0')}`, description: `${COLOURS[n % 7]} ${NOUNS[n % 11]} ${v ? `v${v}` : ''}`.trim() });
/** The scratch files beside a mirror (`<mirror>-index-build-<pid>-<n>`). */
const scratchFiles = (mirror = 'm.sqlite') => readdirSync(dir.path).filter((name) => name.startsWith(`${mirror}-index-build-`));

/** Scratch files this process holds open now (Linux: its descriptors in /proc). */
const openScratch = () =>
  readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  }).filter((target) => target.includes('-index-build-'));

const schemas = (on: WriteDb) => on.prepare('SELECT name FROM pragma_database_list').pluck().all();

const search = (on: WriteDb, query: string) =>
  on.prepare(`SELECT i.id FROM items_fts JOIN items i ON i.rid = items_fts.rowid WHERE items_fts MATCH ? ORDER BY i.id`).pluck().all(query) as string[];
const QUERIES = ['green', 'gre*', 'bolt AND red', 'ab', '000123', '0001*', 'v1', 'hinge AND whi*'];

function applyTo(on: WriteDb, records: object[], account = 'A', during?: () => void) {
  const s = spec(account);
  const applier = beginSnapshot(on, ensureDataset(on, s), s);
  records.forEach((r, n) => {
    applier.add(JSON.stringify(r));
    if (n === records.length - 1) during?.();
  });
  return applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: true });
}

describe('the full-text index of a large load into an empty table', () => {
  it('is built on a helper thread meanwhile, copied in at the commit, and answers as one built by the writer', () => {
    const records = Array.from({ length: 30_000 }, (_, n) => item(n));
    let scratchDuringLoad = false;
    expect(applyTo(db, records, 'A', () => (scratchDuringLoad = scratchFiles().length === 1))).toMatchObject({ kind: 'applied', rows: 30_000 });
    expect(scratchDuringLoad).toBe(true);
    // the writer built no index itself: it would have switched the mirror's merging off and on
    expect(db.prepare(`SELECT v FROM items_fts_config WHERE k = 'automerge'`).pluck().get()).toBeUndefined();
    expect(scratchFiles()).toEqual([]);
    expect(schemas(db)).not.toContain('aisle_index_build');

    // the same rows loaded where the table was not empty: the writer builds that index itself
    const other = openMirror(path.join(dir.path, 'writer-built.sqlite'));
    try {
      applyTo(other, [{ id: 'seed', sku: 'ZZ-1', description: 'seed' }], 'Z');
      applyTo(other, records);
      for (const query of QUERIES) expect(search(db, query), query).toEqual(search(other, query));
    } finally {
      other.close();
    }
    expect(search(db, '000123')).toEqual(['id-123']);
    expect(search(db, 'bolt AND red')).toHaveLength(records.filter((r) => r.description.startsWith('red bolt')).length);
    db.exec(`INSERT INTO items_fts (items_fts, rank) VALUES ('integrity-check', 0)`);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');

    // the next snapshot changes and deletes rows of the copied index like any other
    const next = records.filter((r) => r.id !== 'id-5').map((r) => (r.id === 'id-7' ? item(7, 1) : r));
    expect(applyTo(db, next)).toMatchObject({ kind: 'applied', updated: 1, deleted: 1 });
    expect(search(db, 'v1')).toEqual(['id-7']);
    expect(search(db, '000005')).toEqual([]);
    db.exec(`INSERT INTO items_fts (items_fts, rank) VALUES ('integrity-check', 0)`);
  });

  it('keeps the last copy of a repeated id, and an aborted load leaves nothing behind', () => {
    const records = [...Array.from({ length: 25_000 }, (_, n) => item(n)), item(24_000, 1), item(3, 1)];
    expect(applyTo(db, records)).toMatchObject({ kind: 'applied', rows: 25_000 });
    expect(search(db, 'v1')).toEqual(['id-24000', 'id-3']);
    expect(db.prepare('SELECT count(*) FROM items_fts').pluck().get()).toBe(25_000);
    db.exec(`INSERT INTO items_fts (items_fts, rank) VALUES ('integrity-check', 0)`);

    const fresh = openMirror(path.join(dir.path, 'aborted.sqlite'));
    try {
      const s = spec('A');
      const applier = beginSnapshot(fresh, ensureDataset(fresh, s), s);
      for (let n = 0; n < 25_000; n++) applier.add(JSON.stringify(item(n)));
      expect(scratchFiles('aborted.sqlite')).toHaveLength(1);
      applier.abort();
      expect(scratchFiles('aborted.sqlite')).toEqual([]);
      expect(fresh.prepare('SELECT count(*) FROM items').pluck().get()).toBe(0);
      expect(schemas(fresh)).not.toContain('aisle_index_build');
      expect(applyTo(fresh, [item(1)])).toMatchObject({ kind: 'applied', rows: 1 });
      expect(search(fresh, 'washer')).toEqual(['id-1']);
    } finally {
      fresh.close();
    }
  });

  it('a load given up in the middle asks its helper to stop: never terminated inside SQLite, it has let go of its file when abort returns', () => {
    // terminating a thread while it is inside a SQLite call can abort the whole process
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    try {
      for (let round = 0; round < 3; round++) {
        const s = spec('A');
        const applier = beginSnapshot(db, ensureDataset(db, s), s);
        for (let n = 0; n < 60_000; n++) applier.add(JSON.stringify(item(n)));
        // the writer has it attached, the helper has it open
        expect(openScratch()).toHaveLength(2);
        applier.abort();
        expect(openScratch()).toEqual([]);
        expect(scratchFiles()).toEqual([]);
      }
      expect(terminate).not.toHaveBeenCalled();
    } finally {
      terminate.mockRestore();
    }
    expect(applyTo(db, [item(1)])).toMatchObject({ kind: 'applied', rows: 1 });
    expect(search(db, 'washer')).toEqual(['id-1']);
  });

  it('a helper that fails copies nothing: the writer builds the index, and the load is the same', () => {
    const builder = prepareSearchIndexBuilder(db, { table: 'items_fts', columns: ['sku', 'description'] }, [0, 1])!;
    expect(builder).not.toBeNull();
    db.exec('BEGIN');
    db.exec('DELETE FROM main.meta WHERE 0');
    builder.start([[1, 'AB-1', 'red bolt']]);
    builder.add('not a rowid' as unknown as number, ['AB-1', 'blue hinge']);
    const started = Date.now();
    expect(builder.finishInto()).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(db.prepare('SELECT count(*) FROM items_fts_docsize').pluck().get()).toBe(0);
    db.exec('ROLLBACK');
    builder.close();
    expect(scratchFiles()).toEqual([]);

    const ok = prepareSearchIndexBuilder(db, { table: 'items_fts', columns: ['sku', 'description'] }, [0, 1])!;
    db.exec('BEGIN');
    ok.start([[1, 'AB-1', 'red bolt'], [2, 'AB-2', 'blue hinge']]);
    ok.add(3, ['AB-3', 'red hinge']);
    expect(ok.finishInto()).toBe(true);
    db.exec('COMMIT');
    ok.close();
    expect(db.prepare(`SELECT rowid FROM items_fts WHERE items_fts MATCH 'red' ORDER BY rowid`).pluck().all()).toEqual([1, 3]);
  });

  it('removes the scratch files of a process that is gone, not those of one still loading', () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    writeFileSync(path.join(dir.path, `m.sqlite-index-build-${gone}-1`), 'left by a killed load');
    writeFileSync(path.join(dir.path, `m.sqlite-index-build-${gone}-1-journal`), '');
    writeFileSync(path.join(dir.path, `m.sqlite-index-build-${gone}-2-wal`), '');
    writeFileSync(path.join(dir.path, `m.sqlite-index-build-${process.ppid}-1`), 'another process loading now');
    applyTo(db, Array.from({ length: 21_000 }, (_, n) => item(n)));
    expect(scratchFiles()).toEqual([`m.sqlite-index-build-${process.ppid}-1`]);
  });

  it('is not prepared for a mirror in memory, inside a transaction, or over an index that has rows', () => {
    const memory = new Database(':memory:') as WriteDb;
    migrate(memory);
    try {
      expect(prepareSearchIndexBuilder(memory, { table: 'items_fts', columns: ['sku', 'description'] }, [0, 1])).toBeNull();
    } finally {
      memory.close();
    }
    db.exec('BEGIN');
    expect(prepareSearchIndexBuilder(db, { table: 'items_fts', columns: ['sku', 'description'] }, [0, 1])).toBeNull();
    db.exec('ROLLBACK');
    applyTo(db, [item(1)]);
    expect(prepareSearchIndexBuilder(db, { table: 'items_fts', columns: ['sku', 'description'] }, [0, 1])).toBeNull();
  });
});
