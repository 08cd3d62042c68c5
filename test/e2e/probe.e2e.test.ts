// The probe on the diagnostics page, in Chromium through the browser host at 1024x768: against the
// demo warehouse it signs in, runs its sync round aside and says "Ready for Aisle" with each list
// the round read; against a server that is not there it says why, in the window's words.
// Screenshots go to test/.artifacts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { go, shot, signIn, startApp, waitForSync, type App } from './support/app.ts';

describe('the probe on the diagnostics page', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp({ viewport: { width: 1024, height: 768 }, demo: { items: 300, accounts: 1, facilities: 1, rateLimit: 0 } });
    await signIn(app.page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
  });
  afterAll(async () => app?.close());

  async function runProbe(server: string): Promise<void> {
    const { page } = app;
    await page.getByTestId('probe-server').fill(server);
    await page.getByTestId('probe-email').fill('demo@example.com');
    await page.getByTestId('probe-password').fill('demo1234');
    await page.getByTestId('probe-run').click();
    await page.getByTestId('probe-verdict').waitFor({ timeout: 60_000 });
  }

  it('says "Ready for Aisle" for the demo warehouse, with what its round did per list', async () => {
    const { page } = app;
    await go(page, '/diagnostics');
    await page.getByTestId('diagnostics-page').waitFor();
    await runProbe(app.demo!.url);
    expect(await page.getByTestId('probe-verdict').getAttribute('data-ready')).toBe('true');
    expect(await page.getByTestId('probe-verdict').textContent()).toBe('Ready for Aisle');
    // the app's own sync of the same server, before: the same datasets, every one of them read
    const synced = (await app.call('sync.status')).datasets;
    expect(synced.filter((d) => d.lastError !== null)).toEqual([]);
    const shown = await page.getByTestId('probe-list').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-key')} ${r.getAttribute('data-outcome')}`));
    expect(shown.sort()).toEqual(synced.map((d) => `${d.key} ok`).sort());
    expect(await page.getByTestId('probe-token').textContent()).toBe('cookie access_token');
    await page.getByTestId('probe-verdict').scrollIntoViewIfNeeded();
    await shot(page, 'probe-ready-light');
  });

  it('says why not, for a server that is not there', async () => {
    const { page } = app;
    await runProbe('http://127.0.0.1:9');
    expect(await page.getByTestId('probe-verdict').getAttribute('data-ready')).toBe('false');
    expect(await page.getByTestId('probe-blocker').first().textContent()).toMatch(/^Sign-in failed \(offline\): /);
    await page.getByTestId('probe-verdict').scrollIntoViewIfNeeded();
    await shot(page, 'probe-not-ready-light');
  });
});
