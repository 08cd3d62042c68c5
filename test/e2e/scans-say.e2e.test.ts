// Scans say what they found, in Chromium against the demo warehouse: a GS1 label whose lot or
// serial this workstation's stock does not hold is said beside the item; a lot is found by any part
// of it, dashes and case aside; a location code typed without its leading zeros is found.
import { describe, expect, it } from 'vitest';
import { type App, docShot, go, scan, scanOpened, syncedAppForAll } from './support/app.ts';

describe('scans and codes typed as people do', () => {
  let app: App;

  syncedAppForAll((started) => (app = started), { viewport: { width: 1024, height: 768 } });

  /** A stock row under a lot, with its item. */
  async function lotted(): Promise<{ lot: string; itemId: string; sku: string; gtin: string }> {
    const rows = (await app.call('lists.page', { view: { list: 'inventory', filters: { lot: 'LOT' } }, offset: 0, limit: 50 })).rows;
    const row = rows.find((r) => typeof r.lot === 'string' && /^LOT-\d{6}-[A-Z]\d$/.test(r.lot));
    if (!row) throw new Error('the demo has no stock under a lot');
    const stocked = (await app.call('records.get', { list: 'inventory', id: String(row.id) })).record;
    const item = (await app.call('records.get', { list: 'items', id: String(stocked.item_id) })).record;
    return { lot: String(stocked.lot), itemId: String(stocked.item_id), sku: String(item.sku), gtin: String(item.gtin ?? '').padStart(14, '0') };
  }

  async function typed(text: string): Promise<string[]> {
    const { page } = app;
    await go(page, '/');
    const input = page.getByTestId('search-input');
    await input.fill(text);
    await page.getByTestId('search-hit').first().waitFor();
    const codes = await page.getByTestId('search-hit').evaluateAll((hits) => hits.map((h) => h.querySelector('.code, [data-testid=search-hit-code]')?.textContent?.trim() ?? h.textContent ?? ''));
    await input.fill('');
    return codes;
  }

  it('finds a lot by any part of it, with or without dashes, in any case', async () => {
    const { lot, sku } = await lotted();
    const [, day, tail] = /^LOT-(\d{6})-([A-Z]\d)$/.exec(lot)!;
    for (const part of [`${day}${tail}`, `${day}-${tail.toLowerCase()}`, tail.toLowerCase()]) {
      const { hits } = await app.call('search.query', { q: part, limit: 500 });
      expect(hits.map((h) => h.code), part).toContain(sku);
    }
    expect((await typed(`${day}${tail}`)).some((text) => text.includes(sku))).toBe(true);
  });

  it('finds a location typed without the leading zeros of its segments', async () => {
    const code = 'A-03-02-B';
    expect((await app.call('search.query', { q: code, limit: 10 })).hits.some((h) => h.code === code)).toBe(true);
    const { hits } = await app.call('search.query', { q: 'a-3-2-b', limit: 10 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.kind === 'location' && h.code === code && h.match === 'exact')).toBe(true);
    expect((await typed('a-3-2-b')).every((text) => text.includes(code))).toBe(true);
    // a code whose segments differ is not taken for it
    expect((await app.call('search.query', { q: 'a-3-2-c', limit: 10 })).hits.some((h) => h.code === code)).toBe(false);
  });

  it("says beside the item that a scanned lot or serial is not in this workstation's stock", async () => {
    const { page } = app;
    const { gtin, itemId } = await lotted();
    await go(page, '/');
    await scan(page, `01${gtin}\u001d10NOSUCHLOT7\u001d21SN-NOT-HERE`);
    await scanOpened(page, 'item-page');
    expect(await page.evaluate('location.hash')).toContain(`/item/${itemId}`);
    const said = page.getByTestId('tracking-not-held');
    await expect.poll(() => said.count()).toBe(2);
    expect((await said.nth(0).textContent())!.trim()).toBe("Lot NOSUCHLOT7 (scanned) is not in this workstation's stock of this item.");
    expect((await said.nth(1).textContent())!.trim()).toBe("Serial SN-NOT-HERE (scanned) is not in this workstation's stock of this item.");
    await docShot(page, 'item-lot-not-held-1024x768');
    // a lot that is held says nothing of the kind, and its rows are marked
    const held = await lotted();
    await go(page, '/');
    await scan(page, `01${held.gtin}\u001d10${held.lot}`);
    await scanOpened(page, 'item-page');
    await expect.poll(() => page.locator('[data-testid=inventory-row][data-highlighted=true]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('tracking-not-held').count()).toBe(0);
  });
});
