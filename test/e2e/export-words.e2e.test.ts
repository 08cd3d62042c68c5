// The CSV carries what the screen shows, in Chromium against the demo warehouse and its `spring`
// profile, on a workstation in Madrid: each cell of Lists → inventory, items and history as the
// table words it (statuses, units, types), a change of stock signed with its direction in words
// beside it, times in the workstation's zone with its offset, and UPCs as text a spreadsheet keeps
// (leading zeros). "Export raw codes for machines" writes the server's codes and UTC times instead.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { go, signIn, startApp, waitForSync, type App } from './support/app.ts';

/** The cells of a CSV file (RFC 4180: quoted fields, doubled quotes), its byte order mark dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted && ch === '"' && body[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\n') {
      rows.push([...row, field.replace(/\r$/, '')]);
      row = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** The table's first rows as shown: each row's cells by column, in the columns' order. */
async function shownRows(page: Page, count: number): Promise<{ columns: string[]; roles: string[]; rows: string[][] }> {
  await expect.poll(() => page.locator('[data-testid=grid-row].loading').count()).toBe(0);
  return (await page.evaluate(`(() => {
    const rows = [...document.querySelectorAll('[data-testid=grid-row]')]
      .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
      .slice(0, ${count});
    const columns = [...rows[0].querySelectorAll('[data-column]')].map((cell) => cell.getAttribute('data-column'));
    const roles = [...rows[0].querySelectorAll('[data-column]')].map((cell) => cell.getAttribute('data-role'));
    return { columns, roles, rows: rows.map((row) => [...row.querySelectorAll('[data-column]')].map((cell) => cell.textContent.trim())) };
  })()`)) as { columns: string[]; roles: string[]; rows: string[][] };
}

async function exportShown(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  return parseCsv(readFileSync((await download.path())!, 'utf8'));
}

const ZONED = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):\d\d ([+-]\d\d:\d\d)$/;

/**
 * Why the CSV cell does not say what the screen cell says, or null when it does: the same text (a
 * code of digits as the formula `="…"` whose result is that text), the same number, the same day,
 * the same moment (the screen's time of day, in Madrid's offset), the same signed change and its direction.
 */
function mismatch(screen: string, csv: string, direction: string | undefined): string | null {
  const shown = screen === '—' ? '' : screen;
  const change = /^([+\u2212±])([\d,]+) (.+)$/.exec(shown);
  if (direction !== undefined) {
    if (!change) return shown === '' && csv === '' ? null : `a change "${shown}" as "${csv}"`;
    const signed = Number(change[2]!.replace(/,/g, '')) * (change[1] === '\u2212' ? -1 : 1);
    return Number(csv) === signed && direction === change[3] ? null : `"${shown}" as "${csv}" and "${direction}"`;
  }
  const code = /^="(\d+)"$/.exec(csv);
  if (code) return code[1] === shown ? null : `"${shown}" as the code ${csv}`;
  if (/^\d+$/.test(csv) && csv.startsWith('0') && csv.length > 1) return `the code ${csv} bare: a spreadsheet drops its leading zeros`;
  if (csv === shown) return null;
  const day = /^(\d{4})-(\d\d)-(\d\d)$/.exec(csv);
  if (day) {
    // a date without a time: the same day, as the screen words it ("Nov 19, 2026")
    const read = new Date(shown);
    return read.getFullYear() === Number(day[1]) && read.getMonth() + 1 === Number(day[2]) && read.getDate() === Number(day[3]) ? null : `a day "${shown}" as "${csv}"`;
  }
  const zoned = ZONED.exec(csv);
  if (zoned) return ['+01:00', '+02:00'].includes(zoned[6]!) && timeOfDay(shown) === `${zoned[4]}:${zoned[5]}` ? null : `a time "${shown}" as "${csv}"`;
  if (/^-?\d+(\.\d+)?$/.test(csv) && Number(shown.replace(/,/g, '').replace('\u2212', '-')) === Number(csv)) return null;
  return `"${shown}" as "${csv}"`;
}

/** The time of day a screen's date and time shows, on a 24-hour clock: "Nov 28, 2026, 11:59 PM" -> 23:59. */
function timeOfDay(shown: string): string | null {
  const time = /(\d{1,2}):(\d\d)(?:\s*([AP]M))?/.exec(shown);
  if (!time) return null;
  const hour = (Number(time[1]) % (time[3] ? 12 : 24)) + (time[3] === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${time[2]}`;
}

/** Each shown row's cells against the CSV's: the direction column after a change read with it. */
function compare(shown: { columns: string[]; rows: string[][] }, csv: string[][]): string[] {
  const problems: string[] = [];
  shown.rows.forEach((cells, r) => {
    const line = csv[r + 1] ?? [];
    let at = 0;
    shown.columns.forEach((column, c) => {
      const isChange = column === 'stock_change';
      const problem = mismatch(cells[c]!, line[at] ?? '', isChange ? (line[at + 1] ?? '') : undefined);
      if (problem) problems.push(`row ${r + 1} ${column}: ${problem}`);
      at += isChange ? 2 : 1;
    });
  });
  return problems;
}

for (const profile of ['default', 'spring'] as const) {
  describe(`the CSV says what the screen says (${profile} demo)`, () => {
    let app: App;

    beforeAll(async () => {
      app = await startApp({ demo: { items: 500, ...(profile === 'spring' ? { profile } : {}) }, timezoneId: 'Europe/Madrid' });
      await signIn(app.page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
      await app.page.getByTestId('home-page').waitFor();
      await waitForSync(app);
    });
    afterAll(async () => app?.close());

    it('exports stock on hold with the words shown: status, unit, times, codes', async () => {
      const { page } = app;
      await go(page, '/lists/inventory');
      await page.getByTestId('grid-row').first().waitFor();
      await page.getByTestId('filter-status').fill('HOLD');
      await expect.poll(() => page.locator('[data-testid=grid-row] [data-column=status]').first().textContent().then((t) => t?.trim())).toBe('On hold');
      const shown = await shownRows(page, 8);
      const csv = await exportShown(page);
      expect(compare(shown, csv)).toEqual([]);
      const status = csv[0]!.indexOf('Status');
      expect(csv.slice(1).every((line) => line[status] === 'On hold'), csv.slice(1, 4).join('\n')).toBe(true);

      // for machines: the server's codes
      await page.getByTestId('column-chooser').click();
      await page.getByTestId('export-raw').check();
      await page.getByTestId('column-chooser').click();
      const raw = await exportShown(page);
      expect(raw.slice(1).every((line) => line[status] === 'HOLD')).toBe(true);
      await page.getByTestId('column-chooser').click();
      await page.getByTestId('export-raw').uncheck();
      await page.getByTestId('column-chooser').click();

      // the item's page words that stock the same: one word for one thing
      const sku = shown.rows[0]![shown.columns.indexOf('sku')]!;
      const { hits } = await app.call('search.query', { q: sku, limit: 5 });
      const item = hits.find((h) => h.kind === 'item' && h.code === sku)!;
      await go(page, `/item/${item.id}`);
      const badge = page.locator('[data-testid=stock-status][data-status=HOLD]').first();
      await badge.waitFor();
      expect((await badge.textContent())!.trim()).toBe('On hold');
    });

    it('exports items with UPCs a spreadsheet keeps whole, and units as shown', async () => {
      const { page } = app;
      await go(page, '/lists/items');
      await page.getByTestId('grid-row').first().waitFor();
      const shown = await shownRows(page, 8);
      const csv = await exportShown(page);
      expect(compare(shown, csv)).toEqual([]);
      // the demo's UPCs all start with 0: each one a formula whose text keeps it
      const upcs = csv.slice(1).flatMap((line) => line.filter((cell) => /^="0\d{11}"$/.test(cell)));
      expect(upcs.length, csv.slice(0, 3).join('\n')).toBeGreaterThanOrEqual(csv.length - 1);
    });

    it('exports history with each change signed, its direction in words beside it, and times in Madrid', async () => {
      const { page } = app;
      await go(page, '/lists/history');
      await page.getByTestId('grid-row').first().waitFor();
      const shown = await shownRows(page, 10);
      expect(shown.columns).toContain('stock_change');
      const csv = await exportShown(page);
      expect(csv[0]![csv[0]!.indexOf('Change') + 1]).toBe('Direction');
      expect(compare(shown, csv)).toEqual([]);
      expect(csv.slice(1, 11).every((line) => line.some((cell) => ZONED.test(cell)))).toBe(true);
    });

    // cells are read by their role: under spring the columns carry Spring's names (`fromLocationCode`)
    it('shows a move in Lists → history with both its ends, signed at the end it is filed at', async () => {
      const { page } = app;
      await go(page, '/lists/history');
      await page.getByTestId('grid-row').first().waitFor();
      await page.getByTestId('filter-type').fill('MOVE');
      await expect.poll(() => page.locator('[data-testid=grid-row] [data-column=type]').first().textContent().then((t) => t?.trim())).toBe('Moved');
      const moves = await shownRows(page, 5);
      const moved = moves.rows.map((cells) => Object.fromEntries(moves.roles.map((role, c) => [role, cells[c]!])));
      for (const row of moved) {
        expect(row.from_location_code, JSON.stringify(row)).toMatch(/^[A-Z]-\d\d-\d\d-[A-Z]$/);
        expect(row.to_location_code, JSON.stringify(row)).toMatch(/^[A-Z]-\d\d-\d\d-[A-Z]$/);
        expect(row.from_location_code).not.toBe(row.to_location_code);
        expect(row.stock_change).toMatch(row.location_code === row.to_location_code ? /^\+[\d,]+ in$/ : /^\u2212[\d,]+ out$/);
      }
      expect(compare(moves, await exportShown(page))).toEqual([]);
    });
  });
}
