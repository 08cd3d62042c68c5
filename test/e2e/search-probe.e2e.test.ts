// The search benchmark's probe in Chromium through the browser host: a page flagged before it loads
// measures each keystroke to the paint of its answer from outside the search box; a page not
// flagged measures nothing (the box holds no timing).
import { describe, expect, it } from 'vitest';
import { SEARCH_PROBE_FLAG } from '../../renderer/src/bench/search-probe-flag.ts';
import { type App, syncedAppForAll } from './support/app.ts';

// Strings, not functions: the Node side's type check has no DOM.
const ENTRIES = "performance.getEntriesByName('search:keystroke-to-paint').map((e) => ({ duration: e.duration, detail: e.detail }))";
type Entry = { duration: number; detail: Record<string, number> | null };

describe('the search probe', () => {
  let app: App;

  syncedAppForAll((started) => (app = started), { demo: { items: 200 } });

  async function typeAndWait(q: string): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Control+k');
    await page.keyboard.type(q, { delay: 50 });
    await page.waitForSelector(`[data-testid=search-popup][data-query=${JSON.stringify(q)}]`, { state: 'attached' });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  }

  it('measures nothing on a page not flagged', async () => {
    await typeAndWait('SKU-0001');
    // the answer to the last keystroke is on screen: a frame later, a measure would be there
    await app.page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))');
    expect(await app.page.evaluate(ENTRIES)).toEqual([]);
    expect(await app.page.locator('html[data-search-probe]').count()).toBe(0);
  });

  it('measures each keystroke from outside the box on a page flagged before it loads', async () => {
    const { page } = app;
    await page.addInitScript(`window[${JSON.stringify(SEARCH_PROBE_FLAG)}] = true`);
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    await page.waitForSelector('html[data-search-probe=on]', { state: 'attached' });
    await typeAndWait('SKU-0002');
    await expect.poll(async () => ((await page.evaluate(ENTRIES)) as Entry[]).length).toBeGreaterThan(0);
    const entries = (await page.evaluate(ENTRIES)) as Entry[];
    expect(entries.length).toBeLessThanOrEqual('SKU-0002'.length);
    for (const entry of entries) {
      expect(entry.duration).toBeGreaterThan(0);
      expect(Object.keys(entry.detail ?? {}).sort()).toEqual(['core', 'page', 'request', 'update', 'waited']);
    }
  });
});
