// The screens a worker uses, as screenshots for the user guide, at 800×600, 1024×768 and 150 % of
// 800×600 (an 800×600 window at a device scale of 1.5: 533×400 CSS pixels), in the default and the
// floor look, in English and Spanish: the search box's answers, an item, a location, Lists →
// history and the scan list. Each is written to docs/screenshots/screen-<language>-<page>-<look>-<size>.png
// and checked: no figure cut or off screen, and on the scan list "none here" whole.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docShot, go, look, scan, signIn, startApp, waitForSync, type App } from './support/app.ts';

/** The figures of the page that run past their own box or past the window (or a box that clips them). */
const FIGURES_CUT = `(() => {
  const figures = document.querySelectorAll('#main td.num:not([data-testid=history-before-after]), [data-testid=history-change], [data-testid=stock-status], [data-testid=scan-not-here], #main [data-column=stock_change]');
  const out = [];
  for (const el of figures) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    let right = document.documentElement.clientWidth;
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue;
      right = Math.min(right, p.getBoundingClientRect().right);
    }
    const text = el.textContent.trim();
    if (el.scrollWidth > el.clientWidth + 1) out.push(text + ' runs past its box');
    else if (box.right > right + 1) out.push(text + ' cut at ' + Math.round(right) + ' (ends at ' + Math.round(box.right) + ')');
  }
  return [...new Set(out)].slice(0, 8);
})()`;

const SIZES = [
  { name: '800x600', viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 },
  { name: '1024x768', viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 },
  { name: '150pct-800x600', viewport: { width: 533, height: 400 }, deviceScaleFactor: 1.5 },
] as const;

interface Places {
  itemId: string;
  locationId: string;
  locationBarcode: string;
  skus: string[];
}

/** An item whose history holds a move, a location holding three stock rows, and SKUs not in it. */
async function places(app: App): Promise<Places> {
  const { events } = await app.call('history.query', { types: ['MOVE'], limit: 500 });
  const move = events.find((e) => e.itemId && e.qtyBefore !== null && e.qtyAfter !== null && e.qtyAfter !== e.qtyBefore)!;
  const locations = (await app.call('lists.page', { view: { list: 'locations' }, offset: 0, limit: 40 })).rows;
  for (const location of locations) {
    const stock = await app.call('inventory.byLocation', { locationId: String(location.id) });
    if (stock.rows.length < 3) continue;
    const held = new Set(stock.rows.map((r) => r.sku));
    const items = (await app.call('lists.page', { view: { list: 'items' }, offset: 0, limit: 40 })).rows.map((r) => String(r.sku)).filter((sku) => !held.has(sku));
    return { itemId: move.itemId!, locationId: String(location.id), locationBarcode: String(location.barcode), skus: items.slice(0, 4) };
  }
  throw new Error('no location with three stock rows');
}

/** Takes every screenshot of the tour and answers what each page's check found wrong (none: whole). */
async function tour(app: App, where: Places, language: 'en' | 'es', looks: readonly ('default' | 'floor')[], sizes: readonly (typeof SIZES)[number][]): Promise<string[]> {
  // the scan list: a location, then items it holds none of (kept by main, shown in every window)
  const { page } = app;
  await go(page, '/scans');
  await page.getByTestId('scans-page').waitFor();
  await scan(page, where.locationBarcode);
  await expect.poll(() => page.getByTestId('scans-location').textContent()).not.toContain('—');
  for (const sku of where.skus) await scan(page, sku);
  await expect.poll(() => page.getByTestId('scan-row').count()).toBe(where.skus.length + 1);

  const problems: string[] = [];
  for (const size of sizes) {
    const context = await (app.browser as Browser).newContext({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    const window = await context.newPage();
    try {
      await window.goto(app.host.url);
      await window.getByTestId('home-page').waitFor();
      for (const mode of looks) {
        await look(window, 'light', mode === 'floor');
        problems.push(...(await pages(window, where, `${language}`, `${mode}-${size.name}`, language)));
      }
      await look(window, 'light', false);
    } finally {
      await context.close();
    }
  }
  return problems;
}

async function pages(page: Page, where: Places, language: string, label: string, lang: 'en' | 'es'): Promise<string[]> {
  const name = (what: string) => `screen-${language}-${what}-${label}`;
  const problems: string[] = [];
  const cut = async (at: string) => problems.push(...((await page.evaluate(FIGURES_CUT)) as string[]).map((what) => `${at} ${language} ${label}: ${what}`));

  await go(page, '/');
  await page.getByTestId('search-input').fill(where.skus[0]!.slice(0, -1));
  await page.locator('[data-testid=search-hit-stock]').first().waitFor();
  await docShot(page, name('search'));
  await page.getByTestId('search-input').fill('');
  await page.keyboard.press('Escape');

  await go(page, `/item/${where.itemId}`);
  await page.getByTestId('inventory-row').first().waitFor();
  await page.getByTestId('history-row').first().waitFor();
  await cut('item page');
  await page.getByTestId('inventory-table').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await docShot(page, name('item'));

  await go(page, `/location/${where.locationId}`);
  await page.getByTestId('inventory-row').first().waitFor();
  await cut('location page');
  await page.getByTestId('inventory-table').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await docShot(page, name('location'));

  await go(page, '/lists/history');
  await page.getByTestId('grid-row').first().waitFor();
  await expect.poll(() => page.locator('[data-testid=grid-row].loading').count()).toBe(0);
  await cut('Lists → history');
  await docShot(page, name('history'));

  await go(page, '/scans');
  await page.getByTestId('scan-not-here').first().waitFor();
  await page.getByTestId('scans-box').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const badges = (await page.locator('[data-testid=scan-not-here]').allTextContents()).map((t) => t.trim());
  if (badges.length !== where.skus.length) problems.push(`scan list ${language} ${label}: ${badges.length} "none here" rows, not ${where.skus.length}`);
  const word = lang === 'es' ? 'no hay aquí' : 'none here';
  for (const text of badges) if (text !== word) problems.push(`scan list ${language} ${label}: a badge reads "${text}", not "${word}"`);
  await cut('scan list');
  await docShot(page, name('scans'));
  return problems;
}

describe('the screens, in English', () => {
  let app: App;
  let where: Places;

  beforeAll(async () => {
    app = await startApp();
    await signIn(app.page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
    where = await places(app);
  });
  afterAll(async () => app?.close());

  it('shows every figure and "none here" whole at 800×600, 1024×768 and 150 % of 800×600, default and floor', async () => {
    expect(await tour(app, where, 'en', ['default', 'floor'], SIZES)).toEqual([]);
  }, 300_000);
});

describe('the screens, in Spanish', () => {
  let app: App;
  let where: Places;

  beforeAll(async () => {
    app = await startApp();
    await signIn(app.page, 'solo@example.com', 'demo1234');
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
    where = await places(app);
  });
  afterAll(async () => app?.close());

  it('shows every figure and "no hay aquí" whole at 800×600 and 150 % of it, default and floor', async () => {
    expect(await tour(app, where, 'es', ['default', 'floor'], [SIZES[0], SIZES[2]])).toEqual([]);
  }, 300_000);
});
