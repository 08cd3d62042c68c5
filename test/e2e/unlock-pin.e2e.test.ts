// Unlock PINs in Chromium through the browser host, against the demo warehouse: PINs turned on in
// Settings, a PIN set on the session screen, the Lock button, and the lock screen opened with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { go, look, shot, signIn, startApp, type App } from './support/app.ts';

describe('unlocking with a PIN', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app?.close());

  it('turned on in Settings, set on the session screen, opens the locked session', async () => {
    const { page } = app;
    await signIn(page, 'solo@example.com', 'demo1234');
    await page.getByTestId('home-page').waitFor();
    await go(page, '/settings');
    await page.getByTestId('settings-unlock-pin').check();
    await page.getByTestId('settings-save').click();
    await expect.poll(async () => (await app.call('settings.get')).unlockWithPin).toBe(true);

    await go(page, '/session');
    await page.getByTestId('pin-new').fill('4821');
    await page.getByTestId('pin-save').click();
    await page.getByTestId('pin-is-set').waitFor();
    await shot(page, 'session-pin');
    expect(await app.call('session.pin')).toEqual({ allowed: true, set: true });

    await look(page, 'light', true);
    await page.getByTestId('nav-lock').click();
    await page.getByTestId('lock-pin').waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.dataset.testid')).toBe('lock-pin');
    // typed as a person types: keys as fast as a scanner's are kept out of the PIN field (field-guard.ts)
    await page.keyboard.type('1111', { delay: 100 });
    await page.keyboard.press('Enter');
    // Solo's profile is Spanish: the app speaks it
    await expect.poll(() => page.getByTestId('lock-error').textContent()).toBe('PIN incorrecto. Quedan 2 intentos; después se quita el PIN.');
    await shot(page, 'lock-pin-floor');
    expect((await app.call('session.current')).locked).toBe(true);

    await page.keyboard.type('4821', { delay: 100 });
    await page.keyboard.press('Enter');
    await page.getByTestId('lock-screen').waitFor({ state: 'detached' });
    expect((await app.call('session.current')).locked).toBe(false);
  });
});
