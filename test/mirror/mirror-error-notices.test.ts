// Each way the offline data file can refuse to open is a mirror_error that carries its fact as a
// notice: the window words it in the user's language, and the message (what the CLI prints) is that
// notice's English, the same sentence as before notices.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import { noticeSchema } from '../contract/notice-shape.ts';
import { noticeInEnglish, type Notice } from '../../electron/contract/notices.ts';
import { isDamagedMirror, openMirror, openReaderOnFullDisk } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { migrate, SCHEMA_VERSION } from '../../electron/core/db/migrations/index.ts';
import { eachTestFolder } from '../support/each-test-folder.ts';

let dir: string;
eachTestFolder((folder) => (dir = folder));

/** The error `open` throws, checked to be a mirror_error whose message is its notice's English. */
function refusal(open: () => unknown): AisleError & { notice: Notice } {
  let thrown: unknown;
  try {
    open();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AisleError);
  const error = thrown as AisleError;
  expect(error.code).toBe('mirror_error');
  expect(error.notice, error.message).toBeDefined();
  expect(noticeSchema.safeParse(error.notice).success).toBe(true);
  expect(error.message).toBe(noticeInEnglish(error.notice!));
  expect(error.toContractError().notice).toEqual(error.notice);
  return error as AisleError & { notice: Notice };
}

function fileOfVersion(name: string, version: number): string {
  const file = path.join(dir, name);
  const db = new Database(file);
  if (version > SCHEMA_VERSION) db.pragma(`user_version = ${version}`);
  else migrate(db as WriteDb, version);
  db.close();
  return file;
}

function notADatabase(): string {
  const file = path.join(dir, 'garbled.sqlite');
  writeFileSync(file, 'not a database at all, just some text that is long enough '.repeat(20));
  return file;
}

describe('a mirror file that cannot be used says why as a notice', () => {
  it("a newer Aisle's file: both schema versions, and it is not damage", () => {
    const error = refusal(() => openMirror(fileOfVersion('newer.sqlite', SCHEMA_VERSION + 1)));
    expect(error.notice).toEqual({ code: 'mirror_newer', version: SCHEMA_VERSION + 1, known: SCHEMA_VERSION });
    expect(error.message).toBe(`The offline data file was written by a newer Aisle (schema ${SCHEMA_VERSION + 1}, this one knows ${SCHEMA_VERSION}). Update Aisle.`);
    expect(isDamagedMirror(error)).toBe(false);
  });

  it("a file that is not a database: damaged, with SQLite's words as the detail", () => {
    const error = refusal(() => openMirror(notADatabase()));
    expect(error.notice).toEqual({ code: 'mirror_file_damaged', detail: 'file is not a database' });
    expect(error.message).toBe('The offline data file is damaged: file is not a database');
    expect(isDamagedMirror(error)).toBe(true);
  });

  it('a reader finds no file, or a file not yet upgraded', () => {
    expect(refusal(() => openMirror(path.join(dir, 'missing.sqlite'), { readonly: true })).notice).toEqual({ code: 'mirror_unopenable', detail: 'unable to open database file' });
    expect(refusal(() => openMirror(fileOfVersion('older.sqlite', 1), { readonly: true })).notice).toEqual({ code: 'mirror_not_ready' });
  });

  it('on a full disk: no file, a file not yet upgraded, a file that cannot be read', () => {
    expect(refusal(() => openReaderOnFullDisk(path.join(dir, 'missing.sqlite'))).notice).toEqual({ code: 'disk_full_unopenable', detail: 'unable to open database file' });
    expect(refusal(() => openReaderOnFullDisk(fileOfVersion('older.sqlite', 1))).notice).toEqual({ code: 'disk_full_unprepared' });
    expect(refusal(() => openReaderOnFullDisk(notADatabase())).notice).toEqual({ code: 'disk_full_unreadable', detail: 'file is not a database' });
  });
});
