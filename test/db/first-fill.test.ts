import { existsSync, openSync, readSync, closeSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMirror, openMirrorWriter } from '../../electron/core/db/connection.ts';
import { beginFirstFill, discardUnfinishedFirstFill, endFirstFill, firstFillMarkerPath, neverFilled, unfinishedFirstFill } from '../../electron/core/db/first-fill.ts';
import { tempDir } from '../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
let file: string;
beforeEach(() => {
  dir = tempDir();
  file = path.join(dir.path, 'mirror.sqlite');
});
afterEach(() => dir.remove());

/** The journal mode the file's header says every connection must use: 1 rollback journal, 2 WAL (bytes 18 and 19). */
function headerJournal(target: string): number {
  const fd = openSync(target, 'r');
  try {
    const header = Buffer.alloc(20);
    readSync(fd, header, 0, 20, 0);
    return header[18];
  } finally {
    closeSync(fd);
  }
}

const addItems = (db: ReturnType<typeof openMirrorWriter>, from: number, count: number) => {
  const insert = db.prepare("INSERT INTO items (dataset_id, id, sku, description, hash, raw) VALUES (1, ?, ?, 'x', 0, '{}')");
  for (let n = from; n < from + count; n++) insert.run(`item-${n}`, `SKU-${n}`);
};

describe('a first fill', () => {
  it('writes the file without a WAL, rolls a failed answer back whole, and ends with the file in WAL mode and the marker gone', () => {
    const db = openMirrorWriter(file);
    expect(neverFilled(db)).toBe(true);
    expect(beginFirstFill(db, file)).toBe(true);
    expect(unfinishedFirstFill(file)).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('truncate');
    expect(headerJournal(file)).toBe(1);
    db.transaction(() => addItems(db, 0, 5000))();
    // an answer found broken after its rows were written: every page it changed is as before
    expect(() => db.transaction(() => {
      addItems(db, 5000, 5000);
      db.prepare("UPDATE items SET description = 'changed' WHERE rid <= 2500").run();
      throw new Error('the answer ended early');
    })()).toThrow('the answer ended early');
    expect(db.prepare("SELECT count(*) FROM items WHERE description = 'x'").pluck().get()).toBe(5000);
    expect(db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(5000);
    expect(existsSync(`${file}-wal`)).toBe(false);

    endFirstFill(db, file, openMirrorWriter);
    expect(db.open).toBe(false);
    expect(unfinishedFirstFill(file)).toBe(false);
    expect(existsSync(`${file}-journal`)).toBe(false);
    expect(headerJournal(file)).toBe(2);
    const reader = openMirror(file, { readonly: true });
    expect(reader.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(reader.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(reader.prepare('SELECT count(*) FROM items').pluck().get()).toBe(5000);
    reader.close();
  });

  it('is not begun while another connection has the file open: the marker is removed and the round writes the WAL as usual', () => {
    const db = openMirrorWriter(file);
    const other = openMirror(file, { readonly: true });
    expect(beginFirstFill(db, file)).toBe(false);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(existsSync(firstFillMarkerPath(file))).toBe(false);
    db.close();
    other.close();
  });

  it('is not for a mirror that holds a dataset once applied', () => {
    const db = openMirrorWriter(file);
    db.prepare("INSERT INTO datasets (key, list, scope_kind, path, last_success_at) VALUES ('items', 'items', 'global', '/x', '2026-01-01T00:00:00.000Z')").run();
    expect(neverFilled(db)).toBe(false);
    db.close();
  });

  it('that did not end is thrown away whole: the file, its journal and the marker', () => {
    const db = openMirrorWriter(file);
    beginFirstFill(db, file);
    db.prepare('BEGIN').run();
    addItems(db, 0, 20000);
    // the process stops here: the journal and the marker stay
    db.close();
    expect(unfinishedFirstFill(file)).toBe(true);
    discardUnfinishedFirstFill(file);
    for (const left of [file, `${file}-journal`, firstFillMarkerPath(file)]) expect(existsSync(left)).toBe(false);
  });
});
