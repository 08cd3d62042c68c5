// Keyboard and words, in Chromium against the demo warehouse: the license picker opens with its
// first choice focused; signing in again focuses the empty password, not the filled e-mail; a short
// PIN gets the app's words in the user's language; the lock screen has one button per action; an
// item's figures are written as the language writes numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docShot, go, look, startApp, waitForSync, type App } from './support/app.ts';

const focused = (app: App) => app.page.evaluate('document.activeElement?.dataset.testid ?? document.activeElement?.tagName');

describe('keyboard and words', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp({ viewport: { width: 800, height: 600 } });
  });
  afterAll(async () => app?.close());

  async function signInByAddress(email: string): Promise<void> {
    const { page } = app;
    await page.getByTestId('sign-in-form').waitFor();
    await page.getByTestId('server-url').click();
    await page.getByTestId('server-input').fill(app.demo!.url);
    await page.getByTestId('email').fill(email);
    await page.getByTestId('password').fill('demo1234');
    await page.getByTestId('sign-in-submit').click();
  }

  it('opens the license picker with its first choice focused, so Enter takes it', async () => {
    const { page } = app;
    await signInByAddress('demo@example.com');
    await page.getByTestId('license-picker').waitFor();
    await expect.poll(() => focused(app)).toBe('license-option');
    const first = await page.evaluate('document.querySelector("[data-testid=license-option]:not(:disabled)") === document.activeElement');
    expect(first).toBe(true);
    await docShot(page, 'license-picker-800x600');
    await page.keyboard.press('Enter');
    await page.getByTestId('home-page').waitFor();
    await waitForSync(app);
  });

  it('signing in again focuses the empty password, not the e-mail already filled', async () => {
    const { page } = app;
    await go(page, '/session');
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-form').waitFor();
    expect(await page.getByTestId('email').inputValue()).toBe('demo@example.com');
    expect(await page.getByTestId('password').inputValue()).toBe('');
    await expect.poll(() => focused(app)).toBe('password');
  });

  it('a short PIN is refused in the app\'s words and language; the lock screen has one button to unlock', async () => {
    const { page } = app;
    // solo's profile is Spanish
    await page.getByTestId('password').fill('');
    await page.getByTestId('email').fill('solo@example.com');
    await page.getByTestId('password').fill('demo1234');
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('home-page').waitFor();
    await go(page, '/settings');
    await page.getByTestId('settings-unlock-pin').check();
    await page.getByTestId('settings-save').click();
    await expect.poll(async () => (await app.call('settings.get')).unlockWithPin).toBe(true);
    await go(page, '/session');
    await page.getByTestId('pin-new').fill('12');
    await page.getByTestId('pin-save').click();
    await expect.poll(() => page.getByTestId('pin-check').textContent()).toBe('Un PIN tiene de 4 a 8 cifras.');
    expect(await page.getByTestId('pin-new').evaluate((input) => (input as unknown as { validationMessage: string }).validationMessage)).toBe('');
    await page.getByTestId('pin-new').fill('4821');
    await page.getByTestId('pin-save').click();
    await page.getByTestId('pin-is-set').waitFor();
    await look(page, 'light', true);
    await page.getByTestId('nav-lock').click();
    await page.getByTestId('lock-pin').waitFor();
    // the keypad's OK is the one button that unlocks
    expect(await page.locator('[data-testid=lock-screen] button[type=submit]').count()).toBe(1);
    expect(await page.getByTestId('lock-unlock').count()).toBe(0);
    await docShot(page, 'lock-pin-es-floor-800x600');
    await page.keyboard.type('4821', { delay: 100 });
    await page.keyboard.press('Enter');
    await page.getByTestId('lock-screen').waitFor({ state: 'detached' });
    await look(page, 'light', false);
  });

  it("writes an item's figures as Spanish writes numbers, on its page as in the lists", async () => {
    const { page } = app;
    const rows = (await app.call('lists.page', { view: { list: 'items' }, offset: 0, limit: 200 })).rows;
    const item = rows.find((r) => typeof r.weight === 'number' && !Number.isInteger(r.weight));
    if (!item) throw new Error('no item with a weight that has decimals');
    await go(page, `/item/${String(item.id)}?list=items`);
    const weight = page.locator('[data-testid=key-facts] [data-fact=weight] dd');
    await weight.waitFor();
    expect((await weight.textContent())!.trim()).toBe(String(item.weight).replace('.', ','));
  });
});
