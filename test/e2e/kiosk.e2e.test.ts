// Kiosk mode in Chromium through the browser host: the sign-in shows the one server the policy pins;
// a close request (what the Electron host sends on Alt+F4) asks for the exit password over the
// screen; a wrong one is refused in words, the right one has the host close the app. Screenshots go
// to test/.artifacts/screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKioskPolicy, writeKioskPolicy } from '../../electron/core/session/kiosk-policy.ts';
import { tempDir } from '../support/temp-dir.ts';
import { go, shot, startApp, waitForSync, type App } from './support/app.ts';

describe('a kiosk workstation', () => {
  let app: App;
  const policyDir = tempDir();
  const host = { left: 0 };

  beforeAll(async () => {
    await writeKioskPolicy(policyDir.path, 'exit 4 IT', { server: 'demo', cost: { N: 2 ** 10, r: 8, p: 1 } });
    app = await startApp({ core: { kiosk: { policy: readKioskPolicy(policyDir.path), leave: () => host.left++ } } });
  });
  afterAll(async () => {
    await app?.close();
    policyDir.remove();
  });

  it('signs in to the pinned server, offered without a choice', async () => {
    const { page } = app;
    await page.getByTestId('sign-in-form').waitFor();
    await expect.poll(() => page.getByTestId('server-pinned').textContent()).toContain('Set by IT for this workstation');
    expect(await page.getByTestId('server-url').count()).toBe(0);
    await page.getByTestId('email').fill('demo@example.com');
    await page.getByTestId('password').fill('demo1234');
    await shot(page, 'sign-in-kiosk');
    await page.getByTestId('sign-in-submit').click();
    await page.locator('[data-testid=license-option][data-license-type=ENTERPRISE]').click();
    await page.getByTestId('home-page').waitFor();
    expect((await app.call('session.current')).server).toBe('demo');
  });

  it('Settings says it is a kiosk and offers the exit', async () => {
    const { page } = app;
    await waitForSync(app);
    await go(page, '/settings');
    expect(await page.getByTestId('settings-kiosk').textContent()).toContain('This workstation is a kiosk');
    // as a floor terminal would have it: floor mode, the largest text
    await page.getByTestId('floor-mode').check();
    await page.getByTestId('text-size-150').click();
    await page.getByTestId('kiosk-open').click();
    await page.getByTestId('kiosk-exit').waitFor();
    await shot(page, 'kiosk-exit-floor-150');
    // the dialog and its buttons are whole on a 1280 × 800 screen
    const box = await page.getByTestId('kiosk-cancel').boundingBox();
    expect(box && box.y + box.height <= 800 && box.height >= 56).toBe(true);
    await page.getByTestId('kiosk-cancel').click();
    await page.getByTestId('kiosk-exit').waitFor({ state: 'detached' });
    await page.getByTestId('floor-mode').uncheck();
    await page.getByTestId('text-size-100').click();
  });

  it('a close request asks for the exit password over the screen; only the right one closes', async () => {
    const { page } = app;
    await go(page, '/');
    app.core.events.emit('kiosk.exitRequested', {});
    await page.getByTestId('kiosk-exit').waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.dataset.testid')).toBe('kiosk-password');
    await page.keyboard.type('exit 4 it');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('kiosk-error').textContent()).toBe('Wrong exit password.');
    await shot(page, 'kiosk-exit');
    expect(host.left).toBe(0);

    await page.getByTestId('kiosk-password').fill('exit 4 IT');
    await page.getByTestId('kiosk-close').click();
    await expect.poll(() => page.getByTestId('kiosk-leaving').textContent()).toBe('Closing Aisle…');
    expect(host.left).toBe(1);
  });
});
