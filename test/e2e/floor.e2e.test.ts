// The floor, as a worker meets it against the demo warehouse in Chromium: history that reads as
// stock moved (a pick is "−24 out"), stock said in words when the workstation does not hold it,
// and the pages at 800×600 to 1366×800 in the default and floor looks (screenshots in docs/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../electron/contract/types.ts';
import { docShot, go, look, signIn, startApp, waitForSync, type App } from './support/app.ts';

/** What the history table should say for an event with both quantities, from the core's own numbers. */
function expectedChange(e: HistoryEvent, spanish = false): string {
  const delta = e.qtyAfter! - e.qtyBefore!;
  if (delta === 0) return spanish ? '±0 sin cambio' : '±0 no change';
  const size = Math.abs(delta).toLocaleString(spanish ? 'es-ES' : 'en-GB');
  if (e.type === 'MOVE') {
    if (delta > 0) return `+${size} ${spanish ? 'entrada desde' : 'in from'} ${e.fromLocationCode}`;
    return `−${size} ${spanish ? 'salida hacia' : 'out to'} ${e.toLocationCode}`;
  }
  return delta > 0 ? `+${size} ${spanish ? 'entrada' : 'in'}` : `−${size} ${spanish ? 'salida' : 'out'}`;
}

describe('the floor', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp();
    await signIn(app.page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
  });
  afterAll(async () => app?.close());

  /** The first event of a type (and a kind of change) that has both quantities. */
  async function find(type: HistoryEvent['type'], want: (delta: number) => boolean): Promise<HistoryEvent> {
    const { events } = await app.call('history.query', { types: [type as 'PICK'], limit: 2000 });
    const found = events.find((e) => e.itemId && e.qtyBefore !== null && e.qtyAfter !== null && want(e.qtyAfter - e.qtyBefore));
    if (!found) throw new Error(`the demo's history has no ${type} of that kind`);
    return found;
  }

  /** Every history row the page shows says what the core's quantities say. */
  async function rowsReadRight(events: HistoryEvent[]): Promise<number> {
    const byId = new Map(events.map((e) => [e.id, e]));
    const rows = app.page.getByTestId('history-row');
    await rows.first().waitFor();
    const shown = (await rows.evaluateAll((list) =>
      list.map((row) => [row.getAttribute('data-event-id'), row.querySelector('[data-testid=history-change]')?.textContent?.trim()]),
    )) as [string, string][];
    let checked = 0;
    for (const [id, text] of shown) {
      const e = byId.get(id);
      if (!e || e.qtyBefore === null || e.qtyAfter === null) continue;
      expect(text, `${e.type} ${e.qtyBefore} → ${e.qtyAfter}`).toBe(expectedChange(e));
      checked++;
    }
    return checked;
  }

  it('shows a pick, a ship, an adjustment down, a count up and a move as the stock moved', async () => {
    const wanted = [
      await find('PICK', (d) => d < 0),
      await find('SHIP', (d) => d < 0),
      await find('ADJUST', (d) => d < 0),
      await find('COUNT', (d) => d > 0),
      await find('MOVE', (d) => d !== 0),
    ];
    for (const e of wanted) {
      await go(app.page, `/item/${e.itemId}`);
      const row = app.page.locator(`[data-testid=history-row][data-event-id="${e.id}"]`);
      await row.waitFor();
      const text = (await row.getByTestId('history-change').textContent())!.trim();
      expect(text, `${e.type} ${e.qtyBefore} → ${e.qtyAfter}`).toBe(expectedChange(e));
      // never a gain for stock that left, in the sign or in the words
      if (e.qtyAfter! < e.qtyBefore!) expect(text).not.toMatch(/^\+|\bin\b/);
      // the direction is said, not shown in colour alone
      expect(await row.getByTestId('history-change').getAttribute('data-direction')).toBe(e.qtyAfter! > e.qtyBefore! ? 'in' : 'out');
      const { events } = await app.call('history.query', { itemId: e.itemId!, limit: 200 });
      expect(await rowsReadRight(events)).toBeGreaterThan(0);
    }
  });

  it('shows a move on the location page as into this location from the other', async () => {
    const move = await find('MOVE', (d) => d > 0);
    const { hits } = await app.call('search.query', { q: move.locationCode!, limit: 50 });
    let locationId: string | null = null;
    for (const hit of hits.filter((h) => h.kind === 'location')) {
      const { events } = await app.call('history.query', { locationId: hit.id, limit: 500 });
      if (events.some((e) => e.id === move.id)) locationId = hit.id;
    }
    expect(locationId, `the location of ${move.locationCode}`).not.toBeNull();
    await go(app.page, `/location/${locationId}`);
    const row = app.page.locator(`[data-testid=history-row][data-event-id="${move.id}"]`);
    await row.waitFor();
    expect((await row.getByTestId('history-change').textContent())!.trim()).toBe(`+${move.qtyAfter! - move.qtyBefore!} in from ${move.fromLocationCode}`);
    const { events } = await app.call('history.query', { locationId: locationId!, limit: 200 });
    expect(await rowsReadRight(events)).toBeGreaterThan(0);
  });
  it('fits 800×600 to 1366×800, in the default and the floor look: stock first, codes whole, a one-row header', async () => {
    const { page } = app;
    const item = await find('PICK', (d) => d < 0);
    const move = await find('MOVE', (d) => d > 0);
    const { hits } = await app.call('search.query', { q: move.locationCode!, limit: 10 });
    const location = hits.find((h) => h.kind === 'location')!;
    const sizes = [[800, 600], [1024, 768], [1366, 800]] as const;
    for (const floor of [false, true]) {
      await look(page, 'light', floor);
      const mode = floor ? 'floor' : 'default';
      for (const [width, height] of sizes) {
        await page.setViewportSize({ width, height });
        const size = `${width}x${height}`;
        // the header is one row: every control in it on the same line
        const header = await page.locator('header.top').boundingBox();
        const brand = await page.locator('header.top .brand').boundingBox();
        expect.soft(header!.height, `header at ${size} ${mode}`).toBeLessThan(brand!.height + 40);

        await go(page, '/');
        await page.getByTestId('home-sync-line').waitFor();
        await docShot(page, `home-${mode}-${size}`);

        await go(page, `/item/${item.itemId}`);
        await page.getByTestId('qty').waitFor();
        await page.getByTestId('history-row').first().waitFor();
        // the stock numbers come before the record's details, and above the fold
        const qty = await page.getByTestId('qty').boundingBox();
        const facts = await page.getByTestId('key-facts').boundingBox();
        expect.soft(qty!.y, `stock before details at ${size} ${mode}`).toBeLessThan(facts!.y);
        if (width >= 1024) expect.soft(qty!.y + qty!.height, `stock above the fold at ${size} ${mode}`).toBeLessThanOrEqual(height);
        // codes are never broken across lines
        const wrapped = await page.evaluate(`[...document.querySelectorAll('table .mono, .code, [data-testid=key-facts] dd')].filter((el) => getComputedStyle(el).whiteSpace !== 'nowrap').map((el) => el.textContent)`);
        expect.soft(wrapped, `codes that may wrap at ${size} ${mode}`).toEqual([]);
        await docShot(page, `item-${mode}-${size}`);

        await go(page, `/location/${location.id}`);
        await page.getByTestId('inventory-row').first().waitFor();
        expect.soft(await page.evaluate(`[...document.querySelectorAll('table .mono, .code')].filter((el) => getComputedStyle(el).whiteSpace !== 'nowrap').map((el) => el.textContent)`), `codes that may wrap on the location page at ${size} ${mode}`).toEqual([]);
        // a number's heading is one line ("On hand", not "On" over "hand")
        expect.soft(await page.evaluate(`[...document.querySelectorAll('table th.num')].filter((el) => getComputedStyle(el).whiteSpace !== 'nowrap').map((el) => el.textContent)`), `number headings that may wrap at ${size} ${mode}`).toEqual([]);
        await docShot(page, `location-${mode}-${size}`);

        await go(page, '/lists/items');
        await page.getByTestId('grid-row').first().waitFor();
        // headed by the list's name, not its key
        expect.soft((await page.locator('[data-testid=list-browser] h1').textContent())!.trim(), `list heading at ${size} ${mode}`).toBe('Items');
        const shown = await page.evaluate(`[...document.querySelectorAll('[data-testid=grid-row]')].filter((r) => { const b = r.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }).length`);
        expect.soft(shown, `grid rows in view at ${size} ${mode}`).toBeGreaterThanOrEqual(8);
        if (floor) {
          // a glove's target: a navigation target's, in a short window a primary action's (decision 0013)
          const heights = (await page.evaluate(`[...document.querySelectorAll('[data-testid=grid-row]')].map((r) => r.getBoundingClientRect().height)`)) as number[];
          expect.soft(Math.min(...heights), `floor grid rows at ${size}`).toBeGreaterThanOrEqual(height < 700 ? 48 : 56);
          // the header's sort buttons and filters are glove targets too
          const targets = (await page.evaluate(`[...document.querySelectorAll('[data-testid^=sort-], [data-testid^=filter-]')].map((el) => el.getBoundingClientRect().height)`)) as number[];
          expect.soft(Math.min(...targets), `floor grid header targets at ${size}`).toBeGreaterThanOrEqual(48);
        }
        await docShot(page, `list-${mode}-${size}`);

        // the search popup stays inside the window
        await page.getByTestId('search-input').fill(item.sku!.slice(0, 6));
        await page.getByTestId('search-hit').first().waitFor();
        const popup = await page.getByTestId('search-popup').boundingBox();
        expect.soft(popup!.x, `popup left at ${size} ${mode}`).toBeGreaterThanOrEqual(0);
        expect.soft(popup!.x + popup!.width, `popup right at ${size} ${mode}`).toBeLessThanOrEqual(width);
        expect.soft(popup!.y + popup!.height, `popup bottom at ${size} ${mode}`).toBeLessThanOrEqual(height);
        if (width === 800) await docShot(page, `search-${mode}-${size}`);
        await page.getByTestId('search-input').fill('');
        await page.keyboard.press('Escape');
        await page.evaluate('document.activeElement?.blur()');
      }
    }
    await look(page, 'light', false);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('is usable at 150 % (browser zoom or the display scale): nothing cut off, no sideways scroll', async () => {
    const item = await find('PICK', (d) => d < 0);
    const { hits } = await app.call('search.query', { q: item.locationCode!, limit: 10 });
    const location = hits.find((h) => h.kind === 'location')!;
    // At 150 % Chromium lays a 1024×768 window out as 683×512 CSS pixels, each 1.5 device pixels.
    for (const [width, height] of [[800, 600], [1024, 768], [1366, 800]] as const) {
      const context = await app.browser.newContext({ viewport: { width: Math.round(width / 1.5), height: Math.round(height / 1.5) }, deviceScaleFactor: 1.5 });
      const page = await context.newPage();
      try {
        await page.goto(app.host.url);
        await page.getByTestId('home-page').waitFor();
        for (const floor of [false, true]) {
          await look(page, 'light', floor);
          const mode = floor ? 'floor' : 'default';
          const pages: [string, string, string][] = [
            ['/', 'home-sync-line', 'home'],
            [`/item/${item.itemId}`, 'qty', 'item'],
            [`/location/${location.id}`, 'inventory-row', 'location'],
            ['/lists/items', 'grid-row', 'list'],
            ['/sync', 'sync-page', 'sync'],
            ['/settings', 'floor-mode', 'settings'],
            ['/scans', 'scans-page', 'scans'],
          ];
          for (const [route, ready, name] of pages) {
            await go(page, route);
            await page.getByTestId(ready).first().waitFor();
            const problems = await page.evaluate(CUT_OFF);
            expect.soft(problems, `${name} at 150 % of ${width}×${height} ${mode}`).toEqual([]);
            expect.soft(await page.evaluate(WRAPPED_LABELS), `button labels on two lines: ${name} at 150 % of ${width}×${height} ${mode}`).toEqual([]);
            if (name === 'list') {
              // Columns and Export side by side, even where the bar takes two lines
              const columns = await page.getByTestId('column-chooser').boundingBox();
              const exportCsv = await page.getByTestId('export-csv').boundingBox();
              expect.soft(Math.abs(columns!.y + columns!.height / 2 - (exportCsv!.y + exportCsv!.height / 2)), `Columns beside Export at 150 % of ${width}×${height} ${mode}`).toBeLessThan(2);
            }
            // the empty search box says at least what it is for ("Scan or type"), not "Sc…", at every size
            expect.soft(await page.evaluate(PLACEHOLDER_ROOM), `search box's words at 150 % of ${width}×${height} ${mode}`).toBe(true);
            if (name === 'home' || name === 'item' || name === 'list') await docShot(page, `${name}-${mode}-150pct-${width}x${height}`);
          }
        }
        await look(page, 'light', false);
      } finally {
        await context.close();
      }
    }
  });
});

/** Whether the empty search box has room for the first three words of its placeholder and the ellipsis after them, in its own font. */
const PLACEHOLDER_ROOM = `(() => {
  const input = document.querySelector('[data-testid=search-input]');
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d');
  context.font = style.font;
  const words = input.placeholder.split(' ').slice(0, 3).join(' ') + '\u2026';
  return context.measureText(words).width <= input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
})()`;

/**
 * What a page cuts off or scrolls sideways: the page wider than the window, or a visible element of
 * the header or the page reaching past its edges (a grid or table that scrolls sideways on its own
 * is left to scroll).
 */
const CUT_OFF = `(() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > width) out.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + width);
  const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) { const x = getComputedStyle(p).overflowX; if (x === 'auto' || x === 'scroll') return true; } return false; };
  for (const el of document.querySelectorAll('header.top *, #main *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden' || scrolls(el)) continue;
    if (box.right > width + 1 || box.left < -1) out.push((el.getAttribute('data-testid') || el.tagName.toLowerCase() + '.' + el.className) + ' at ' + Math.round(box.left) + '..' + Math.round(box.right));
  }
  return [...new Set(out)].slice(0, 10);
})()`;

/** The buttons whose label runs onto a second line (a button's words are read at a glance, never wrapped). */
const WRAPPED_LABELS = `(() => {
  const out = [];
  for (const el of document.querySelectorAll('header.top .btn, header.top button, #main .btn:not(.tile, .license, .recent-row), #main button:not(.tile, .license, .recent-row)')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden' || !el.textContent.trim()) continue;
    // each run of words on its own: an icon above its label is the button's design, a label on two lines is not
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const tops = [];
      for (const r of range.getClientRects()) if (r.width > 0 && !tops.some((t) => Math.abs(t - r.top) < 4)) tops.push(r.top);
      if (tops.length > 1) out.push((el.getAttribute('data-testid') || el.tagName.toLowerCase()) + ': ' + n.textContent.trim());
    }
  }
  return [...new Set(out)].slice(0, 10);
})()`;

describe('a worker kept to one facility, in Spanish', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp();
    await signIn(app.page, 'solo@example.com', 'demo1234');
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
  });
  afterAll(async () => app?.close());

  it("says another facility's stock is not on this workstation, and shows no 0 / 0 / 0 for it", async () => {
    const kept = new Set((await app.call('sync.status')).datasets.filter((d) => d.list === 'inventory').map((d) => d.scope.id));
    expect(kept.size).toBe(1);
    const { hits } = await app.call('search.query', { q: 'A-01-01-A', limit: 50 });
    let other: { id: string; facilityId: string } | null = null;
    for (const hit of hits.filter((h) => h.kind === 'location')) {
      const facilityId = String((await app.call('records.get', { list: hit.list, id: hit.id })).record.facility_id);
      if (!kept.has(facilityId)) other = { id: hit.id, facilityId };
    }
    expect(other, 'a location in a facility not kept').not.toBeNull();
    const facility = await app.call('records.get', { list: 'facilities', id: other!.facilityId });
    await go(app.page, `/location/${other!.id}`);
    const notice = app.page.locator('[data-testid=stock-notice][data-kind=not-kept]');
    await notice.waitFor();
    expect((await notice.textContent())!.trim()).toBe(`Las existencias de ${String(facility.record.name)} no están en este puesto.`);
    expect(await app.page.getByTestId('qty').count()).toBe(0);
    expect(await app.page.getByTestId('stock-none').count()).toBe(0);
  });

  it('shows no English word of the interface on the Spanish item and location pages', async () => {
    const ENGLISH = /\b(AVAILABLE|HOLD|DAMAGED|PICK|SHIP|RECEIVE|PUTAWAY|MOVE|ADJUST|COUNT|BULK|STAGING|DOCK)\b/g;
    const { events } = await app.call('history.query', { limit: 500 });
    const item = events.find((e) => e.itemId && e.type === 'PICK')!;
    const move = events.find((e) => e.type === 'MOVE')!;
    const { hits } = await app.call('search.query', { q: move.locationCode!, limit: 10 });
    const kept = new Set((await app.call('sync.status')).datasets.filter((d) => d.list === 'inventory').map((d) => d.scope.id));
    let locationId: string | null = null;
    for (const hit of hits.filter((h) => h.kind === 'location')) {
      if (kept.has(String((await app.call('records.get', { list: hit.list, id: hit.id })).record.facility_id))) locationId = hit.id;
    }
    for (const [route, testid] of [[`/item/${item.itemId}`, 'item-page'], [`/location/${locationId}`, 'location-page']] as const) {
      await go(app.page, route);
      await app.page.getByTestId(testid).waitFor();
      await app.page.getByTestId('history-row').first().waitFor();
      await app.page.getByTestId('key-facts').waitFor();
      const text = await app.page.evaluate('document.body.innerText') as string;
      expect(text).toContain('Historial');
      expect(text.match(ENGLISH), `English on ${route}`).toBeNull();
    }
  });
});
