// Offline on the workstation: the server goes down and comes back, offline sign-in for someone who
// signed in before, sign-out, and a session that expires. Offline is neutral, never an error, and
// the mirror keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, go, scan, shot, signIn, startApp, syncedAppForAll } from './support/app.ts';

const state = (app: App) => app.page.getByTestId('status-indicator').getAttribute('data-state');

describe('the server going away and coming back', () => {
  let app: App;

  syncedAppForAll((started) => (app = started), { demo: { items: 2000 } });

  it('shows offline as a neutral state with the data age, and keeps answering from the mirror', async () => {
    const { page } = app;
    await go(page, '/sync');
    await expect.poll(() => state(app), { timeout: 15_000 }).toBe('online');
    await app.stopDemo();
    await page.getByTestId('sync-now').click();
    // The regular connectivity check runs every 30 s while online; the failed sync download makes
    // the session check at once, so offline shows well before that.
    await expect.poll(() => state(app), { timeout: 60_000, interval: 200 }).toBe('offline');
    const banner = page.getByTestId('status-banner');
    expect(await banner.textContent()).toMatch(/Offline — showing data as of \d\d:\d\d/);
    type Styles = { getComputedStyle(e: unknown): { backgroundColor: string; getPropertyValue(name: string): string } };
    const [bg, danger] = await banner.evaluate((el) => {
      const style = (globalThis as unknown as Styles).getComputedStyle(el);
      return [style.backgroundColor, style.getPropertyValue('--danger-bg')];
    });
    expect(bg).toBe('rgb(226, 229, 234)'); // --neutral-bg, not the error colour
    expect(danger.trim()).not.toBe('#e2e5ea');
    // The round that found the server gone ends, and the panel says so (an answer that raced its
    // last event once left it at "Syncing…").
    await expect.poll(() => page.getByTestId('sync-now').textContent()).toMatch(/^\s*Sync now\s*$/);
    // offline is said once, in the line above the table, not again on every list
    expect(await page.getByTestId('dataset-error').first().textContent()).toBe('—');
    expect(await page.getByTestId('dataset-error').first().getAttribute('class')).not.toContain('bad');
    await shot(page, 'offline-sync-light');
    await scan(page, 'SKU-000042');
    await page.getByTestId('item-page').waitFor();
    expect(await page.getByTestId('record-code').textContent()).toBe('SKU-000042');
    await shot(page, 'offline-item-light');
  }, 90_000);

  it('goes back online by itself when the server returns', async () => {
    await app.restartDemo();
    await expect.poll(() => state(app), { timeout: 45_000, interval: 500 }).toBe('online');
    expect(await app.page.getByTestId('status-banner').textContent()).toBe('');
  });

  it('shows the session and signs out', async () => {
    const { page } = app;
    await page.getByTestId('nav-session').click();
    await page.getByTestId('session-page').waitFor();
    expect(await page.getByTestId('session-user').textContent()).toContain('demo@example.com');
    expect(await page.getByTestId('session-license').textContent()).toContain('Enterprise');
    await expect.poll(() => page.getByTestId('session-expires').textContent()).not.toBe('—');
    await shot(page, 'session-light');
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-form').waitFor();
    expect((await app.call('session.current')).state).toBe('signed-out');
  });

  it('signs in offline someone who signed in here before, and refuses a wrong password offline', async () => {
    const { page } = app;
    await app.stopDemo();
    await signIn(page, 'demo@example.com', 'wrong-password');
    await expect.poll(() => page.getByTestId('sign-in-error').getAttribute('data-code'), { timeout: 20_000 }).toBe('wrong_credentials');
    await signIn(page, 'demo@example.com', 'demo1234', { license: undefined });
    const picker = page.getByTestId('license-picker');
    const home = page.getByTestId('home-page');
    await picker.or(home).first().waitFor({ timeout: 20_000 });
    if (await picker.isVisible()) await page.locator('[data-testid=license-option][data-license-type=ENTERPRISE]').click();
    await home.waitFor();
    await expect.poll(() => state(app)).toBe('offline');
    await scan(page, 'SKU-000042');
    await page.getByTestId('item-page').waitFor();
    expect(await page.getByTestId('record-code').textContent()).toBe('SKU-000042');
  });
});

describe('a session that expires', () => {
  let app: App;
  beforeAll(async () => {
    // Tokens renew after three seconds, and the refresh token is dead after one: the renewal fails.
    app = await startApp({ demo: { items: 500, accessTtlSeconds: 4, refreshTtlSeconds: 1 } });
  });
  afterAll(async () => app?.close());

  it('skips the license picker for a single license, speaks the profile language, and says the session expired', async () => {
    const { page } = app;
    await signIn(page, 'solo@example.com', 'demo1234');
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('es');
    await expect.poll(() => state(app), { timeout: 30_000, interval: 250 }).toBe('expired');
    expect(await page.getByTestId('status-indicator').textContent()).toContain('Sesión caducada');
    expect(await page.getByTestId('status-banner').textContent()).toContain('Su sesión ha caducado');
    await shot(page, 'expired-es');
    await page.getByTestId('status-banner').getByRole('link').click();
    await page.getByTestId('sign-in-form').waitFor();
  });
});
