// Lists as people read them, in Chromium against the demo warehouse: a reference shows the code or
// name of the record it names, never its id; technical columns are hidden until the user ticks one,
// and that choice is kept.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type App, go, syncedAppForAll } from './support/app.ts';

describe('lists for people', () => {
  let app: App;

  syncedAppForAll((started) => (app = started));

  /** The keys of the columns on screen, in order. */
  const headers = () => app.page.evaluate(`[...document.querySelectorAll('[data-testid^=sort-]')].map((h) => h.getAttribute('data-testid').slice(5))`) as Promise<string[]>;

  it('shows an item\'s account by its name, not its id', async () => {
    const { page } = app;
    await go(page, '/lists/items');
    await page.getByTestId('grid-row').first().waitFor();
    const shown = await headers();
    expect(shown).toContain('account_id');
    const at = shown.indexOf('account_id');
    const first = (await app.call('lists.page', { view: { list: 'items' }, offset: 0, limit: 1 })).rows[0]!;
    const accounts = (await app.call('lists.page', { view: { list: 'accounts' }, offset: 0, limit: 100 })).rows;
    const names = accounts.map((a) => String(a.name));
    // the core already answers with the name: the screen shows what it answers
    expect(names).toContain(first.account_id);
    await page.getByTestId('grid-row').first().locator('[role=gridcell]').nth(at).scrollIntoViewIfNeeded();
    const cell = (await page.getByTestId('grid-row').first().locator('[role=gridcell]').nth(at).textContent())!.trim();
    expect(names).toContain(cell);
    expect(cell).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/i);
  });

  it('hides technical columns until one is ticked, and keeps that choice', async () => {
    const { page } = app;
    await go(page, '/lists/users');
    await page.getByTestId('grid-row').first().waitFor();
    const users = (await app.call('lists.catalog')).find((l) => l.list === 'users')!;
    const technical = users.columns.filter((c) => c.technical).map((c) => c.key);
    expect(technical).toEqual(expect.arrayContaining(['ncode', 'internaluse', 'fav1icon']));
    for (const key of technical) expect(await headers(), key).not.toContain(key);
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-ncode').check();
    await expect.poll(headers).toContain('ncode');
    await go(page, '/');
    await go(page, '/lists/users');
    await page.getByTestId('grid-row').first().waitFor();
    expect(await headers()).toContain('ncode');
    expect(await headers()).not.toContain('fav1icon');
  });

  it('exports what the screen shows: its columns, yes and no in its words', async () => {
    const { page } = app;
    await go(page, '/lists/users');
    await page.getByTestId('grid-row').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    const header = lines[0]!.split(',');
    // a known field under its word, as its column is headed on screen (`ncode`: Number)
    expect(header).toContain('Number');
    expect(header).not.toContain('ncode');
    expect(header).not.toContain('fav1icon');
    const enabled = header.indexOf('Enabled');
    expect(enabled).toBeGreaterThanOrEqual(0);
    const words = new Set(lines.slice(1).map((line) => line.split(',')[enabled]));
    expect([...words].every((word) => word === 'Yes' || word === 'No'), [...words].join(' ')).toBe(true);
  });
});
