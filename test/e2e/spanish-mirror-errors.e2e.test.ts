// A mirror error reaches a Spanish screen in Spanish: a workstation whose offline data file was
// written by a newer Aisle (here, the real file of a signed-in user, its schema version raised) says
// so where the data is asked for (the search box, the Sync page), from the error's facts, with none
// of the core's English; the file is left as it is.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../electron/core/db/migrations/index.ts';
import { go, shot, signIn, startApp, syncedThenSignedOut, type App } from './support/app.ts';

/** Words of the core's English sentences about the offline data file, any of which on a Spanish screen is a fault. */
const ENGLISH = /offline data|written by|newer Aisle|this one knows|Update Aisle|Sign in/;

describe('a mirror error on a Spanish screen', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp({ demo: { items: 500 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("says a newer Aisle's file in Spanish, in the search box and on the Sync page, and leaves the file as it is", async () => {
    const { page } = app;
    await app.call('settings.set', { language: 'es' });
    await page.reload();
    const file = await syncedThenSignedOut(app);
    const newer = new Database(file);
    newer.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    newer.close();

    await signIn(page, 'demo@example.com', 'demo1234');
    await page.getByTestId('home-page').waitFor();
    const words = `El archivo de datos sin conexión lo escribió una versión más nueva de Aisle (esquema ${SCHEMA_VERSION + 1}; esta conoce el ${SCHEMA_VERSION}). Actualice Aisle.`;
    await page.keyboard.press('Control+k');
    await page.keyboard.type('SKU-000042', { delay: 50 });
    await expect.poll(() => page.getByTestId('search-error').getAttribute('data-code')).toBe('mirror_error');
    expect(await page.getByTestId('search-error').textContent()).toBe(words);
    expect(await page.getByTestId('search-error').textContent()).not.toMatch(ENGLISH);
    await shot(page, 'spanish-mirror-newer-search');

    await page.keyboard.press('Escape');
    await go(page, '/sync');
    await expect.poll(() => page.getByTestId('sync-notice').textContent()).toBe(words);
    expect(await page.locator('main').textContent()).not.toMatch(ENGLISH);
    // the notice says why there is no offline data: no "sign in to sync" beside it
    expect(await page.getByTestId('sync-none').count()).toBe(0);
    await shot(page, 'spanish-mirror-newer-sync');

    const kept = new Database(file, { readonly: true });
    expect(kept.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    kept.close();
  }, 90_000);
});
