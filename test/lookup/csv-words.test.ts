// The CSV carries what the screen shows: codes in words, a change of stock signed with its direction
// in words, times in the workstation's zone with its offset, codes made of digits as text that a
// spreadsheet keeps; and, for machines, the raw codes. The guard against formula injection stays.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeText, csvField, keepCode, zonedTime } from '../../electron/contract/csv.ts';
import { csvWordsSchema, viewSchema } from '../../electron/contract/methods.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { exportCsvFile } from '../../electron/core/lookup/export-csv.ts';
import { ACME, F1, NOW } from './floor-data.ts';
import { floorMirrorForFile } from './floor-mirror.ts';

let dir: string;
let db: WriteDb;
const view = (input: Record<string, unknown>) => viewSchema.parse(input);

floorMirrorForFile((opened, folder) => {
  db = opened;
  dir = folder;
});

/** The file's lines, split into cells (none of these hold a comma inside quotes). */
function cells(file: string): string[][] {
  return readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((line) => line.split(','));
}

describe('codes a spreadsheet keeps', () => {
  it('writes a code with leading zeros, or too long for a number, as a formula whose result is its text', () => {
    expect(csvField(keepCode('036000291452'))).toBe('"=""036000291452"""');
    expect(csvField(keepCode('00036000291452'))).toBe('"=""00036000291452"""');
    expect(csvField(keepCode('12345678901234567890'))).toBe('"=""12345678901234567890"""');
    // a spreadsheet reads these as they are: left alone
    expect(keepCode('4006381333931')).toBe('4006381333931');
    expect(keepCode('0')).toBe('0');
    expect(keepCode('A-03-02-B')).toBe('A-03-02-B');
    expect(keepCode(7)).toBe(7);
  });

  it('keeps the guard against formula injection: only digits ever go into a formula', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField(keepCode('=1+1'))).toBe("'=1+1");
    expect(csvField(keepCode('+0123'))).toBe("'+0123");
    // a CodeText made by hand with anything but digits is written as plain, guarded text
    expect(csvField(new CodeText('0"),HYPERLINK("x'))).toBe('"0""),HYPERLINK(""x"');
    expect(csvField(new CodeText('=0123'))).toBe("'=0123");
  });
});

describe('times in a zone', () => {
  it('writes a moment in the zone with its offset, summer and winter', () => {
    expect(zonedTime('2026-11-21T06:00:00Z', 'Europe/Madrid')).toBe('2026-11-21 07:00:00 +01:00');
    expect(zonedTime('2026-07-01T06:00:00Z', 'Europe/Madrid')).toBe('2026-07-01 08:00:00 +02:00');
    expect(zonedTime('2026-11-21T06:00:00.250Z', 'America/New_York')).toBe('2026-11-21 01:00:00 -05:00');
    expect(zonedTime('2026-11-21T06:00:00Z', 'UTC')).toBe('2026-11-21 06:00:00 +00:00');
    expect(zonedTime('2026-11-21T06:00:00Z', 'Asia/Kolkata')).toBe('2026-11-21 11:30:00 +05:30');
    // what is no time stays as the server sent it
    expect(zonedTime('soon', 'UTC')).toBe('soon');
    expect(zonedTime(null, 'UTC')).toBe(null);
  });
});

describe('an export in the screen\'s words', () => {
  const words = csvWordsSchema.parse({
    codes: { type: { MOVE: 'Movido', PICK: 'Recogido', RECEIVE: 'Recibido' }, uom: { EA: 'unidad', CS: 'caja' } },
    direction: { header: 'Sentido', in: 'entrada', out: 'salida', none: 'sin cambio' },
    timeZone: 'Europe/Madrid',
  });

  it('words the history: types, signed changes with their direction beside them, local times', async () => {
    const v = view({ list: 'history', scopeId: F1, sort: [{ column: 'createdon', dir: 'asc' }], columns: ['createdon', 'type', 'stock_change', 'sku'] });
    const result = await exportCsvFile(db, v, path.join(dir, 'worded'), { now: NOW, words, headers: { stock_change: 'Cambio' } });
    expect(cells(result.location)).toEqual([
      ['When', 'Type', 'Cambio', 'Sentido', 'SKU'],
      ['2026-11-18 09:00:00 +01:00', 'Recibido', '12', 'entrada', 'SKU-0001'],
      ['2026-11-19 10:30:00 +01:00', 'Movido', '-2', 'salida', 'SKU-0001'],
      ['2026-11-20 15:00:00 +01:00', 'Recogido', '-3', 'salida', 'SKU-0001'],
      ['2026-11-20 16:00:00 +01:00', 'Recibido', '1', 'entrada', 'SKU-0002'],
    ]);
  });

  it('words units, keeps codes of digits as text, leaves a code it has no word for as sent', async () => {
    const v = view({ list: 'items', filters: { account_id: ACME }, sort: [{ column: 'sku', dir: 'asc' }], columns: ['sku', 'upc', 'gtin', 'uom'] });
    const result = await exportCsvFile(db, v, path.join(dir, 'items'), { now: NOW, words });
    const lines = readFileSync(result.location, 'utf8').split('\r\n');
    expect(lines).toContain('SKU-0001,"=""036000291452""","=""00036000291452""",unidad');
    expect(lines).toContain('SKU-0010,4006381333931,"=""04006381333931""",caja');
    expect(lines).toContain('MT-1023,,,RL');
  });

  it('keeps the raw codes for machines: codes, UTC times as stored, bare digits, a direction code', async () => {
    const raw = { ...words, raw: true };
    const history = await exportCsvFile(db, view({ list: 'history', scopeId: F1, sort: [{ column: 'createdon', dir: 'asc' }], columns: ['createdon', 'type', 'stock_change'] }), path.join(dir, 'raw'), { now: NOW, words: raw });
    expect(cells(history.location).slice(0, 3)).toEqual([
      ['When', 'Type', 'Change', 'Sentido'],
      ['2026-11-18T08:00:00Z', 'RECEIVE', '12', 'in'],
      ['2026-11-19T09:30:00Z', 'MOVE', '-2', 'out'],
    ]);
    const items = await exportCsvFile(db, view({ list: 'items', filters: { account_id: ACME }, sort: [{ column: 'sku', dir: 'asc' }], columns: ['sku', 'gtin', 'uom'] }), path.join(dir, 'raw-items'), { now: NOW, words: raw });
    expect(readFileSync(items.location, 'utf8').split('\r\n')).toContain('SKU-0001,00036000291452,EA');
  });

  it('refuses a time zone it does not know, in words that say which', async () => {
    const v = view({ list: 'history', scopeId: F1 });
    await expect(exportCsvFile(db, v, path.join(dir, 'bad-zone'), { now: NOW, words: { timeZone: 'Mars/Olympus' } })).rejects.toMatchObject({ code: 'invalid_argument', message: expect.stringContaining('Mars/Olympus') });
  });
});
