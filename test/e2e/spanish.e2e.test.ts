// The workstation in Spanish, in Chromium against the demo warehouse: a user whose profile speaks
// Spanish walks every main screen, and no English word of the app reaches the screen — neither an
// interface code (AVAILABLE, PICK, EA) nor a common word of the interface ("Loading", "Sync now").
// The server's own data (descriptions, names, codes) is not the app's text: it is taken out before
// matching, by the records the test knows were shown.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_TYPES, STOCK_STATUSES } from '../../electron/contract/types.ts';
import { en } from '../../renderer/src/shared/i18n/en.ts';
import { es } from '../../renderer/src/shared/i18n/es.ts';
import { go, shot, signIn, startApp, waitForSync, type App } from './support/app.ts';

/** The interface's codes, as they would read on screen untranslated (whole words, in capitals). */
const CODES = [...new Set([...STOCK_STATUSES, ...HISTORY_TYPES, ...Object.keys(en.codes), ...Object.keys(en.units)])];
/** Common words of the interface in English (whole words, any case). */
const ENGLISH = ['Loading', 'Search', 'Settings', 'items', 'stock', 'on hand', 'Up to date', 'Offline', 'Sync now', 'Sign out', 'Sign in', 'Available', 'Allocated', 'History', 'Location', 'Lists', 'Unlock', 'Password', 'Save', 'synced', 'rows', 'Weight'];

/** Elements that show a field of the server's data as sent (a zone's code), not words of the app. */
const DATA_ELEMENTS = '[data-column=zone], [data-fact=zone]';

/** The visible text of the page and the placeholders of its fields, without the data the test knows the server sent. */
async function appText(page: Page, data: readonly string[]): Promise<string> {
  let text = (await page.evaluate(`(() => {
    const DATA = ${JSON.stringify(DATA_ELEMENTS)};
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (el?.closest(DATA)) continue;
      if (el && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && n.textContent.trim()) out.push(n.textContent.trim());
    }
    for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) if (el.checkVisibility()) out.push(el.placeholder);
    return out.join('\\n');
  })()`)) as string;
  for (const value of [...data].sort((a, b) => b.length - a.length)) text = text.split(value).join(' ');
  // a zone is the server's code ("zona DOCK" under a search hit): the demo's zones are named like location types
  return text.replace(/[\w.+-]+@[\w.-]+/g, ' ').replace(new RegExp(`${es.search.zone.replace('{zone}', '')}\\S+`, 'g'), ' ');
}

/** Every English word of the lists found in `text`, with a little of what surrounds it. */
function englishIn(text: string): string[] {
  const found: string[] = [];
  const look = (pattern: RegExp) => {
    for (const m of text.matchAll(pattern)) found.push(`${m[0]} in “${text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).replace(/\s+/g, ' ')}”`);
  };
  for (const code of CODES) look(new RegExp(`(?<![\\w-])${code}(?![\\w-])`, 'g'));
  for (const word of ENGLISH) look(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'giu'));
  return found;
}

/** Fields whose codes the app words: left in the text, so that a code shown as sent is found. */
const WORDED = new Set(['type', 'status', 'uom']);

/** The strings of a record and of what the page shows beside it: the server's, not the app's words. */
function strings(value: unknown): string[] {
  // a lone lower-case word is the contract's own (kind 'item', match 'prefix'), not the server's data:
  // taking it out of the text would hide the very English words looked for
  // and a code is left in: a zone named DOCK must not hide a location type shown as DOCK
  if (typeof value === 'string') return value && !/^[a-z-]+$/.test(value) && !CODES.includes(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => (WORDED.has(k) ? [] : strings(v)));
  return [];
}

describe('the workstation in Spanish', () => {
  let app: App;
  const data: string[] = [];
  const seen: Record<string, string[]> = {};

  async function check(name: string): Promise<void> {
    await shot(app.page, `spanish-${name}`);
    seen[name] = englishIn(await appText(app.page, data));
  }

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app?.close());

  it('shows no English word on any screen a worker opens', async () => {
    const { page } = app;
    await signIn(page, 'solo@example.com', 'demo1234');
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('es');
    const session = await app.call('session.current');
    data.push(...strings(session));
    await check('home-first-sync');
    await waitForSync(app);

    // an item with stock in several statuses and a history, found as the floor finds it
    const { rows } = await app.call('lists.page', { view: { list: 'inventory', sort: [], filters: { status: 'HOLD' } }, offset: 0, limit: 1 });
    const held = rows[0] as { item_id?: string; sku?: string } | undefined;
    expect(held?.sku, 'the demo holds stock on hold').toBeTruthy();
    const search = await app.call('search.query', { q: held!.sku! });
    const item = search.hits.find((h) => h.kind === 'item')!;
    data.push(...strings(search));

    await go(page, '/');
    await page.getByTestId('home-page').waitFor();
    data.push(...strings(await app.call('recent.list')));
    await check('home');

    await page.getByTestId('search-input').fill('A-01-0');
    await page.getByTestId('search-hit').first().waitFor();
    data.push(...strings(await app.call('search.query', { q: 'A-01-0' })));
    await check('search-popup');
    await page.getByTestId('search-input').fill('');
    await page.keyboard.press('Escape');

    const itemDetail = await app.call('records.get', { list: item.list, id: item.id });
    const itemStock = await app.call('inventory.byItem', { itemId: item.id });
    const itemHistory = await app.call('history.query', { itemId: item.id, limit: 200 });
    data.push(...strings(itemDetail), ...strings(itemStock));
    data.push(...strings(itemHistory));
    await go(page, `/item/${item.id}`);
    await page.getByTestId('inventory-row').first().waitFor();
    await check('item');

    const location = itemStock.rows[0]!;
    const locationDetail = await app.call('records.get', { list: 'locations', id: location.locationId });
    const locationStock = await app.call('inventory.byLocation', { locationId: location.locationId });
    data.push(...strings(locationDetail), ...strings(locationStock), ...strings(await app.call('history.query', { locationId: location.locationId, limit: 200 })));
    await go(page, `/location/${location.locationId}`);
    await page.getByTestId('inventory-row').first().waitFor();
    await check('location');

    for (const list of ['locations', 'inventory']) {
      const page1 = await app.call('lists.page', { view: { list, sort: [], filters: {} }, offset: 0, limit: 60 });
      data.push(...strings(page1.rows));
      await go(page, `/lists/${list}`);
      await page.locator('[data-testid=grid-row] [role=gridcell]').first().waitFor();
      await check(`list-${list}`);
    }

    await go(page, '/sync');
    await page.getByTestId('sync-page').waitFor();
    await check('sync');

    await go(page, '/settings');
    await page.getByTestId('settings-page').waitFor();
    await check('settings');

    // the other screens a worker reaches from the header
    for (const [route, name, title] of [['/lists', 'lists', es.lists.title], ['/session', 'session', es.session.title], ['/scans', 'scan-list', es.scans.title], ['/scanner', 'scanner', es.scanner.title]] as const) {
      await go(page, route);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await check(name);
    }

    await page.getByTestId('nav-lock').click();
    await page.getByTestId('lock-screen').waitFor();
    await check('lock');

    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((k) => [k, []])));
  });
});
