// The read and write handles are told apart by the compiler: `npm run typecheck` compiles this file,
// and each `@ts-expect-error` fails the check if the line below it were accepted, that is if a
// reader could be handed to a function that changes the mirror.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openMirror, readOnly } from '../../electron/core/db/connection.ts';
import type { ReadDb, WriteDb } from '../../electron/core/db/handles.ts';
import { markAttempt } from '../../electron/core/db/write/datasets.ts';
import { eachTestFolder } from '../support/each-test-folder.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

function writes(db: WriteDb): void {
  db.prepare(`INSERT INTO meta (key, value) VALUES ('k', 'v')`).run();
}

function reads(db: ReadDb): number {
  return db.prepare('SELECT count(*) FROM meta').pluck().get() as number;
}

describe('read and write handles', () => {
  it('a writer may read; a reader, or a connection not opened as a mirror, cannot be given to a writer', () => {
    const file = path.join(dir, 'm.sqlite');
    const writer = openMirror(file);
    const reader = openMirror(file, { readonly: true });
    const raw = new Database(file);
    try {
      writes(writer);
      expect(reads(writer)).toBe(1);
      expect(reads(reader)).toBe(1);
      // @ts-expect-error a reader is not a writer
      const refused = () => writes(reader);
      expect(refused).toThrow(/readonly/);
      // @ts-expect-error a reader cannot mark a dataset either
      expect(() => markAttempt(reader, 1, '2026-01-01T00:00:00.000Z')).toThrow(/readonly/);
      // @ts-expect-error a plain connection is neither
      expect(reads(raw)).toBe(1);
    } finally {
      raw.close();
      reader.close();
      writer.close();
    }
  });

  it('readOnly makes the writer a reader that SQLite refuses writes on too', () => {
    const file = path.join(dir, 'm.sqlite');
    const reader: ReadDb = readOnly(openMirror(file));
    try {
      expect(reads(reader)).toBe(0);
      // @ts-expect-error the writer it was is no longer in reach as one
      expect(() => writes(reader)).toThrow(/readonly/i);
    } finally {
      reader.close();
    }
  });
});
