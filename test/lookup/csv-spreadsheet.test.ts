// Codes a spreadsheet keeps, tried on a real spreadsheet: LibreOffice Calc opens the CSV the writer
// makes (its own import defaults) and saves it back as shown. The code written as `="…"` comes back
// with its leading zeros and every digit; written bare it loses its zero, with an apostrophe or a
// tab it keeps that character (which is why the writer uses neither); and a formula a server sent
// stays text. Runs where LibreOffice is installed (`apt-get install libreoffice-calc-nogui`, as .ci/run does).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvText, keepCode, PLAIN_LAYOUT } from '../../electron/contract/csv.ts';
import { tempDir } from '../support/temp-dir.ts';

const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((file) => existsSync(file));

describe.skipIf(!SOFFICE)('a CSV opened in LibreOffice Calc', () => {
  // made in a hook: a skipped describe's body still runs, and its hooks do not
  let dir: ReturnType<typeof tempDir>;
  beforeAll(() => {
    dir = tempDir();
  });
  afterAll(() => dir.remove());

  it('keeps codes written as ="…" whole, and a server\'s formula as text', () => {
    const rows = [
      ['upc', keepCode('036000291452')],
      ['gtin', keepCode('00036000291452')],
      ['serial', keepCode('12345678901234567890')],
      ['formula', '=1+1'],
    ];
    // the other ways, written by hand (the writer would guard the apostrophe and the tab)
    const others = 'bare,036000291452\n' + "apostrophe,'036000291452\n" + 'tab,"\t036000291452"\n';
    const input = path.join(dir.path, 'codes.csv');
    writeFileSync(input, csvText(['kind', 'value'], rows, PLAIN_LAYOUT) + others);
    const out = path.join(dir.path, 'out');
    // comma, double quote, UTF-8, from line 1; saved back "as shown" (the ninth token)
    execFileSync(SOFFICE!, [`-env:UserInstallation=${pathToFileURL(path.join(dir.path, 'profile')).href}`, '--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true', '--outdir', out, input], { timeout: 120_000, stdio: 'ignore' });
    const shown = Object.fromEntries(readFileSync(path.join(out, 'codes.csv'), 'utf8').trim().split(/\r?\n/).slice(1).map((line) => [line.slice(0, line.indexOf(',')), line.slice(line.indexOf(',') + 1)]));
    expect(shown).toEqual({
      upc: '036000291452',
      gtin: '00036000291452',
      serial: '12345678901234567890',
      // what the writer does not do, and why
      bare: '36000291452',
      apostrophe: "'036000291452",
      tab: '\t036000291452',
      // the guard against formula injection: the cell reads as the server sent it, not 2
      formula: "'=1+1",
    });
  }, 150_000);
});
