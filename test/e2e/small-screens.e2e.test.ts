// The numbers first on small screens: at 800×600 and at 150 % of it, in the default and the floor
// look, every figure (on hand, available, change, count, status) is whole and on screen without
// scrolling sideways, the text columns give way (cut with an ellipsis, whole on focus), the scan
// list shows six rows, and in floor mode every target of a stock table is a glove's (44 px), rows too.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docShot, go, look, scan, signIn, startApp, waitForSync, type App } from './support/app.ts';

/**
 * The figures a page shows that are cut or off screen: a figure cell or badge whose text runs past
 * its own box, or whose box reaches past the window or past a box around it that clips (a table
 * that scrolls sideways on its own hides what is past its edge until scrolled: that is off screen too).
 */
const FIGURES_CUT = `(() => {
  const figures = document.querySelectorAll('#main td.num:not([data-testid=history-before-after]), [data-testid=history-change], [data-testid=stock-status]');
  const out = [];
  for (const el of figures) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    let right = document.documentElement.clientWidth;
    let left = 0;
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue;
      const r = p.getBoundingClientRect();
      right = Math.min(right, r.right);
      left = Math.max(left, r.left);
    }
    const text = el.textContent.trim();
    if (el.scrollWidth > el.clientWidth + 1) out.push(text + ' runs past its box');
    else if (box.right > right + 1 || box.left < left - 1) out.push(text + ' off screen at ' + Math.round(box.left) + '..' + Math.round(box.right) + ' of ' + Math.round(left) + '..' + Math.round(right));
  }
  return [...new Set(out)].slice(0, 8);
})()`;

/** Text cells that give way: one line, cut with an ellipsis, their whole text on focus. */
const GIVERS = `[...document.querySelectorAll('#main [data-gives]')].map((el) => ({ text: el.textContent.trim(), title: el.getAttribute('title'), tabindex: el.getAttribute('tabindex'), overflow: getComputedStyle(el).textOverflow, wrap: getComputedStyle(el).whiteSpace === 'nowrap' ? 'one line' : getComputedStyle(el).webkitLineClamp + ' lines' }))`;

/** The names under the codes of a stock table that are cut (more text than their box shows). */
const NAMES_CUT = `[...document.querySelectorAll('[data-testid=inventory-table] [data-gives]')].filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent.trim())`;

/** How many scan rows are whole inside both the list's box and the window. */
const SCAN_ROWS_SHOWN = `(() => {
  const box = document.querySelector('[data-testid=scans-box]').getBoundingClientRect();
  const head = document.querySelector('[data-testid=scans-table] thead').getBoundingClientRect();
  const bottom = Math.min(box.bottom, innerHeight);
  return [...document.querySelectorAll('[data-testid=scan-row]')].filter((r) => { const b = r.getBoundingClientRect(); return b.top >= head.bottom - 1 && b.bottom <= bottom + 1; }).length;
})()`;

/** The heights of the targets of a stock table in floor mode: its links and its rows. */
const STOCK_TARGETS = `[...document.querySelectorAll('[data-testid=inventory-table] a, [data-testid=inventory-row]')].map((el) => Math.round(el.getBoundingClientRect().height))`;

describe('the numbers first on small screens', () => {
  let app: App;
  let itemId = '';
  let locationId = '';

  beforeAll(async () => {
    app = await startApp();
    await signIn(app.page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
    // an item whose history holds a move (the longest change: "+747 in from A-11-02-C"), and a
    // location with stock in several rows
    const { events } = await app.call('history.query', { types: ['MOVE'], limit: 2000 });
    const move = events.find((e) => e.itemId && e.qtyBefore !== null && e.qtyAfter !== null && e.qtyAfter !== e.qtyBefore)!;
    itemId = move.itemId!;
    const locations = (await app.call('lists.page', { view: { list: 'locations' }, offset: 0, limit: 40 })).rows;
    for (const location of locations) {
      const stock = await app.call('inventory.byLocation', { locationId: String(location.id) });
      if (stock.rows.length >= 3) {
        locationId = String(location.id);
        break;
      }
    }
    expect(locationId, 'a location with three stock rows').not.toBe('');
  });
  afterAll(async () => app?.close());

  /** A scan list of a location and eight items, each with its description (made once, kept by main). */
  let scanned = false;
  async function scanList(): Promise<void> {
    if (scanned) return;
    scanned = true;
    // a scan list of a location and eight items, each with its description
    const { page } = app;
    const { barcode } = (await app.call('records.get', { list: 'locations', id: locationId })).record;
    await go(page, '/scans');
    await page.getByTestId('scans-page').waitFor();
    await scan(page, String(barcode));
    await expect.poll(() => page.getByTestId('scans-location').textContent()).not.toContain('—');
    for (let n = 40; n < 48; n++) await scan(page, `SKU-0000${n}`);
    await expect.poll(() => page.getByTestId('scan-row').count()).toBe(9);
  }

  async function pages(page: Page, label: string, floor: boolean): Promise<void> {
    await go(page, '/scans');
    await page.getByTestId('scan-row').first().waitFor();
    // the list's box in view (a page taller than the window scrolls to it), then six rows in it
    await page.getByTestId('scans-box').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    expect.soft(await page.evaluate(SCAN_ROWS_SHOWN), `scan rows shown ${label}`).toBeGreaterThanOrEqual(6);
    expect.soft(await page.evaluate(FIGURES_CUT), `scan list ${label}`).toEqual([]);
    // what a code named gives way, but shows where there is room (not "…" alone)
    if (!label.includes('150pct')) {
      const shown = (await page.evaluate(`[...document.querySelectorAll('[data-testid=scan-row] td.what')].map((td) => Math.min(td.clientWidth, [...td.children].reduce((sum, el) => sum + el.getBoundingClientRect().width, 0)))`)) as number[];
      expect.soft(Math.max(...shown), `what the codes named ${label}`).toBeGreaterThan(100);
    }
    await docShot(page, `scans-${label}`);

    await go(page, `/item/${itemId}`);
    await page.getByTestId('history-row').first().waitFor();
    await page.getByTestId('inventory-row').first().waitFor();
    expect.soft(await page.evaluate(FIGURES_CUT), `item page ${label}`).toEqual([]);
    await page.getByTestId('history-table').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await docShot(page, `item-history-${label}`);

    await go(page, `/location/${locationId}`);
    await page.getByTestId('inventory-row').first().waitFor();
    expect.soft(await page.evaluate(FIGURES_CUT), `location page ${label}`).toEqual([]);
    // what gives way says so, and is whole on focus
    for (const giver of (await page.evaluate(GIVERS)) as { text: string; title: string | null; tabindex: string | null; overflow: string; wrap: string }[]) {
      expect.soft(giver, `a text cell that gives way ${label}`).toEqual({ text: giver.text, title: giver.text, tabindex: '0', overflow: 'ellipsis', wrap: expect.stringMatching(/^(one line|2 lines)$/) });
    }
    // in a window of 1024, default look, the names under the codes are read whole, on two lines, not cut on one
    if (label === 'default-1024x768') expect.soft(await page.evaluate(NAMES_CUT), `names under the codes ${label}`).toEqual([]);
    if (floor) {
      const heights = (await page.evaluate(STOCK_TARGETS)) as number[];
      expect.soft(Math.min(...heights), `stock table targets ${label}`).toBeGreaterThanOrEqual(44);
    }
    await page.getByTestId('inventory-table').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await docShot(page, `location-stock-${label}`);
  }

  it('keeps every figure whole at 800×600 and 1024×768, default and floor, and floor rows open their record', async () => {
    await scanList();
    const { page } = app;
    for (const [width, height] of [[1024, 768], [800, 600]] as const) {
      await page.setViewportSize({ width, height });
      for (const floor of [false, true]) {
        await look(page, 'light', floor);
        await pages(page, `${floor ? 'floor' : 'default'}-${width}x${height}`, floor);
      }
    }
    // a stock row is a target as a whole: a tap on its figures opens what it names
    await go(page, `/location/${locationId}`);
    const row = page.getByTestId('inventory-row').first();
    const sku = (await row.locator('a').first().textContent())!.trim();
    await row.locator('td.num').first().click();
    await expect.poll(() => page.getByTestId('record-code').textContent().catch(() => null)).toBe(sku);
    await look(page, 'light', false);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('keeps every figure whole at 150 % of 800×600, default and floor', async () => {
    await scanList();
    // At 150 % Chromium lays an 800×600 window out as 533×400 CSS pixels, each 1.5 device pixels.
    const context = await app.browser.newContext({ viewport: { width: 533, height: 400 }, deviceScaleFactor: 1.5 });
    const page = await context.newPage();
    try {
      await page.goto(app.host.url);
      await page.getByTestId('home-page').waitFor();
      for (const floor of [false, true]) {
        await look(page, 'light', floor);
        await pages(page, `${floor ? 'floor' : 'default'}-150pct-800x600`, floor);
      }
      await look(page, 'light', false);
    } finally {
      await context.close();
    }
  });
});
