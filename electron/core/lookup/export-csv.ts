// Export of the current view (its scope, filter, sort and columns) as CSV, streamed row by row on a
// connection of its own so that lookups go on while a large export is written.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { EXCEL_LAYOUT, keepCode, localTimeZone, zonedTime, zoneFormat, type CsvLayout } from '../../contract/csv.ts';
import { AisleError } from '../../contract/errors.ts';
import type { CsvBooleans, CsvHeaders, CsvWords, ListView } from '../../contract/methods.ts';
import { openMirror } from '../db/connection.ts';
import type { ReadDb } from '../db/handles.ts';
import { writeCsvRows, type CsvColumn } from './csv-writer.ts';
import { listDef } from './list-registry.ts';
import { iterateView, listColumns } from './lists.ts';

/**
 * The columns of an export: the view's own, in its order, or the list's columns for people (its
 * technical ones left out, as the table leaves them); each headed as `headers` names it (the
 * window's language), else by the list's own label. The cells say what the table says: yes or no
 * as `booleans` words them (else true and false), codes in `words`' words, times in the
 * workstation's zone with its offset, a change of stock signed with its direction in words in a
 * column beside it, and codes made of digits as text a spreadsheet keeps. `words.raw` keeps the
 * server's values instead (for machines); a date without a time is written as a date either way.
 */
export function exportColumns(db: ReadDb, view: ListView, headers: CsvHeaders = {}, booleans?: CsvBooleans, words: CsvWords = {}): CsvColumn[] {
  const all = listColumns(db, listDef(view.list), view.scopeId);
  const keys = view.columns.length === 0 ? all.filter((column) => !column.technical).map((column) => column.key) : view.columns;
  const header = (key: string) => (Object.hasOwn(headers, key) ? headers[key]! : (all.find((column) => column.key === key)?.label ?? key));
  const raw = words.raw === true;
  const timeZone = words.timeZone ?? localTimeZone();
  try {
    zoneFormat(timeZone);
  } catch {
    throw new AisleError('invalid_argument', `Unknown time zone "${timeZone}": give an IANA zone name such as Europe/Madrid.`);
  }
  const yesNo = booleans && !raw ? (value: unknown) => (value === true ? booleans.yes : value === false ? booleans.no : value) : undefined;
  // raw: the header as the window names it, the cells as codes
  const direction = raw ? { ...RAW_DIRECTION, header: words.direction?.header ?? RAW_DIRECTION.header } : (words.direction ?? ENGLISH_DIRECTION);
  return keys.flatMap((key): CsvColumn[] => {
    const column = all.find((c) => c.key === key);
    const label = header(key);
    if (column?.dateOnly) return [{ key, label, text: dateText }];
    if (column?.type === 'boolean') return [yesNo ? { key, label, text: yesNo } : { key, label }];
    if (column?.stockChange) return [{ key, label }, { key, label: direction.header, text: (value) => directionText(value, direction) }];
    if (raw) return [{ key, label }];
    if (column?.type === 'date') return [{ key, label, text: (value) => zonedTime(value, timeZone) }];
    const codes = words.codes && Object.hasOwn(words.codes, key) ? words.codes[key] : undefined;
    // a yes or no in a column of other values reads as the table reads it too
    const word = (value: unknown) => (typeof value === 'boolean' && yesNo ? yesNo(value) : codes && typeof value === 'string' && Object.hasOwn(codes, value) ? codes[value] : keepCode(value));
    return [{ key, label, text: word }];
  });
}

type Direction = NonNullable<CsvWords['direction']>;
const ENGLISH_DIRECTION: Direction = { header: 'Direction', in: 'in', out: 'out', none: 'no change' };
const RAW_DIRECTION: Direction = { header: 'direction', in: 'in', out: 'out', none: 'none' };

/** Which way a signed change of stock went, in words: stock that came in, left, or did not change. */
function directionText(value: unknown, words: Direction): unknown {
  if (typeof value !== 'number') return null;
  return value > 0 ? words.in : value < 0 ? words.out : words.none;
}

/** `2026-11-03T00:00:00Z` -> `2026-11-03`: the day the server meant, whatever the time zone. */
function dateText(value: unknown): unknown {
  return typeof value === 'string' ? value.slice(0, 10) : value;
}

/**
 * Writes the view as CSV to `out` (a file, an HTTP response…) and resolves to the row count.
 * Reads through a second, read-only connection to the same file. Does not end `out`.
 */
export async function writeCsv(db: ReadDb, view: ListView, out: Writable, headers: CsvHeaders = {}, layout: CsvLayout = EXCEL_LAYOUT, booleans?: CsvBooleans, words?: CsvWords): Promise<number> {
  const columns = exportColumns(db, view, headers, booleans, words);
  // a mirror in memory (the stand-in during a first sync, mirror-manager.ts) has only its own connection
  const reader = db.memory ? db : openMirror(db.name, { readonly: true });
  try {
    return await writeCsvRows(out, columns, iterateView(reader, view, db), layout);
  } finally {
    if (reader !== db) reader.close();
  }
}

/** A file name for an export of this list now: `items-2026-11-21T05-40-12-345.csv`. */
export function exportFileName(list: string, now: Date = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 23).replace(/[:.]/g, '-')}.csv`;
}

/** Writes the view to a new file in `dir`; resolves to its path and row count. */
export async function exportCsvFile(db: ReadDb, view: ListView, dir: string, options: { headers?: CsvHeaders; booleans?: CsvBooleans; words?: CsvWords; now?: Date; layout?: CsvLayout } = {}): Promise<{ location: string; rows: number }> {
  const now = options.now ?? new Date();
  await mkdir(dir, { recursive: true });
  const location = path.join(dir, exportFileName(view.list, now));
  const out = createWriteStream(location, { flags: 'wx', mode: 0o600 });
  try {
    const rows = await writeCsv(db, view, out, options.headers, options.layout, options.booleans, options.words);
    out.end();
    await finished(out);
    return { location, rows };
  } catch (error) {
    // A half-written export must not pass for a complete one. The file is removed once the stream
    // has closed it: removed while its opening is still under way, it would appear again, empty.
    out.destroy();
    if (!out.closed) await once(out, 'close');
    await rm(location, { force: true });
    throw error;
  }
}
