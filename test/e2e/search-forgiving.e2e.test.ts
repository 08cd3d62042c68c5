// The search box forgives, in Chromium against the demo warehouse: a word with one letter wrong is
// found and said, an item hit shows its on hand and where most of it is, a location page names its
// facility, and a GS1 scan with a lot opens its item with that lot's rows marked.
import { describe, expect, it } from 'vitest';
import { type App, go, scan, scanOpened, shot, syncedAppForAll } from './support/app.ts';

describe('a forgiving search', () => {
  let app: App;

  syncedAppForAll((started) => (app = started));

  it('finds a word typed with one letter wrong, says so, and shows each item\'s stock', async () => {
    const { page } = app;
    await go(page, '/');
    const input = page.getByTestId('search-input');
    await input.click();
    await input.fill('brackt');
    await expect.poll(() => page.getByTestId('search-spelled').textContent()).toBe('Nothing for “brackt”: showing results for “bracket”.');
    const hits = page.getByTestId('search-hit');
    expect(await hits.count()).toBeGreaterThan(0);
    expect(await hits.first().textContent()).toMatch(/bracket/i);
    // the item's stock as the core counts it
    const first = (await app.call('search.query', { q: 'brackt', limit: 12 })).hits[0]!;
    expect(first.stock).toBeDefined();
    expect(await hits.first().getByTestId('search-hit-stock').textContent()).toContain(`On hand ${first.stock!.onHand.toLocaleString('en-GB')}`);
    await shot(page, 'search-spelled');
    await input.fill('');
  });

  it('names a location\'s facility on its page', async () => {
    const { page } = app;
    const location = (await app.call('lists.page', { view: { list: 'locations' }, offset: 3, limit: 1 })).rows[0]!;
    await go(page, `/location/${String(location.id)}?list=locations`);
    const answer = await app.call('inventory.byLocation', { locationId: String(location.id) });
    await expect.poll(() => page.getByTestId('record-facility').textContent()).toBe(answer.stock[0]!.facilityName);
  });

  it('opens the item of a GS1 scan with its lot\'s rows marked', async () => {
    const { page } = app;
    const rows = (await app.call('lists.page', { view: { list: 'inventory', filters: { lot: 'L' } }, offset: 0, limit: 50 })).rows;
    const row = rows.find((r) => typeof r.lot === 'string' && r.lot !== '');
    if (!row) throw new Error('the demo has no stock under a lot');
    // the list page names the item by its code; the stock record itself holds the item's id
    const stocked = (await app.call('records.get', { list: 'inventory', id: String(row.id) })).record;
    const item = (await app.call('records.get', { list: 'items', id: String(stocked.item_id) })).record;
    const gtin = String(item.gtin ?? '').padStart(14, '0');
    await go(page, '/');
    await scan(page, `01${gtin}\u001d10${String(stocked.lot)}`);
    await scanOpened(page, 'item-page');
    await expect.poll(() => page.locator('[data-testid=inventory-row][data-highlighted=true]').count()).toBeGreaterThan(0);
    const marked = await page.locator('[data-testid=inventory-row][data-highlighted=true]').first().textContent();
    expect(marked).toContain(String(stocked.lot));
    // exactly the rows of that lot, as the core lists the item's stock
    const ofLot = (await app.call('inventory.byItem', { itemId: String(stocked.item_id) })).rows.filter((row) => row.lot?.toUpperCase() === String(stocked.lot).toUpperCase());
    expect(await page.locator('[data-testid=inventory-row][data-highlighted=true]').count()).toBe(ofLot.length);
    await shot(page, 'item-lot-marked');
  });
});
