// The app against a server that answers the way a Spring Boot server does (the demo server's
// `spring` profile): the JWT in a cookie named JWT, Spring Page bodies paged by page/size,
// camelCase fields, Spring's error bodies. Sign in, sync, and look up an item that is only on a
// later page of its account's items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan, scanOpened, shot, signIn, startApp, waitForSync, type App } from './support/app.ts';

// 500 items over 4 accounts: 125 per account, and Spring pages of 100. Item index 449 (account 1,
// 113th of its account) is on the second page.
const ON_SECOND_PAGE = 'SKU-000450';

describe('a Spring-style server (demo server profile spring)', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp({ demo: { items: 500, profile: 'spring' } });
  });
  afterAll(async () => app?.close());

  it('signs in, syncs every page, and looks up an item from a later page', async () => {
    const { page } = app;
    await signIn(page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
    await page.getByTestId('home-page').waitFor();
    await waitForSync(app);
    const status = await app.call('sync.status');
    expect(status.datasets.filter((d) => d.lastError !== null).map((d) => `${d.key}: ${d.lastError?.message}`)).toEqual([]);
    expect(status.datasets.filter((d) => d.list === 'items').reduce((n, d) => n + d.rows, 0)).toBe(500);
    await scan(page, ON_SECOND_PAGE);
    await scanOpened(page, 'item-page');
    expect(await page.getByTestId('record-code').textContent()).toBe(ON_SECOND_PAGE);
    await shot(page, 'spring-profile-item');
  }, 120_000);
});
