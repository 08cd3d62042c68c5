// One word for one thing, in Chromium against the demo warehouse: a location's type reads the same
// on its page as in search and lists ("Pick face"), never the history's word for a pick ("Picked").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { go, signIn, startApp, waitForSync, type App } from './support/app.ts';

describe('one word for one thing', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp();
    await signIn(app.page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
  });
  afterAll(async () => app?.close());

  it("words a pick location's type as lists and search do", async () => {
    const { page } = app;
    const location = (await app.call('lists.page', { view: { list: 'locations', filters: { type: 'PICK' } }, offset: 0, limit: 1 })).rows[0]!;
    expect(location.type).toBe('PICK');
    // the lists' word for it
    await go(page, `/lists/locations`);
    await page.getByTestId('filter-code').fill(String(location.code));
    const cell = page.locator('[data-testid=grid-row] [data-column=type]').first();
    await expect.poll(() => cell.textContent().then((t) => t?.trim())).toBe('Pick face');
    // the page's word for it is the same
    await go(page, `/location/${String(location.id)}`);
    const fact = page.locator('[data-testid=key-facts] [data-fact=type] dd');
    await fact.waitFor();
    expect((await fact.textContent())!.trim()).toBe('Pick face');
  });
});
