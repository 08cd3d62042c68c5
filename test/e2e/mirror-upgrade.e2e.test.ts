// A workstation updated to this version with a mirror written by an older Aisle: while the sync
// worker upgrades the file, a search says so in words (not an error code, not an empty list), and
// the answer appears by itself once the file opens.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../electron/core/db/migrations/index.ts';
import { upgradeInWorker } from '../../electron/core/sync/sync-worker-client.ts';
import { shot, signIn, startApp, syncedThenSignedOut, type App } from './support/app.ts';

describe('a mirror from an older Aisle', () => {
  let app: App;
  /** Upgrades asked for; each waits until the test lets it run. */
  const upgrades: string[] = [];
  let letUpgradeRun: () => void = () => undefined;
  const upgradeMayRun = new Promise<void>((resolve) => (letUpgradeRun = resolve));

  beforeAll(async () => {
    app = await startApp({
      demo: { items: 2000 },
      core: {
        upgradeMirror: async (file) => {
          upgrades.push(file);
          await upgradeMayRun;
          await upgradeInWorker(file);
        },
      },
    });
  });
  afterAll(async () => {
    letUpgradeRun();
    await app?.close();
  });

  it('says the offline data is being prepared while it upgrades, then answers without being asked again', async () => {
    const { page } = app;
    // The file as an older version left it: migrations 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 9, 8 and 7 undone,
    // fifteen schema versions behind (10 changes data only: an event's time written as a server at +02:00 would).
    const file = await syncedThenSignedOut(app);
    expect(SCHEMA_VERSION).toBe(21);
    const old = new Database(file);
    old.exec(`
      DROP TRIGGER item_stock_by_rid_item_gone;
      DROP TRIGGER item_stock_by_rid_item_moved;
      DROP TABLE item_stock_by_rid;
      DROP INDEX items_sku_hit;
      DROP INDEX inventory_item;
      CREATE INDEX inventory_item ON inventory (item_id);
      DROP INDEX history_dataset;
      CREATE INDEX history_dataset ON history (dataset_id, created_on);
      DROP TABLE stock_codes_fts;
      DROP TABLE stock_codes;
      DROP INDEX history_from;
      DROP INDEX history_to;
      ALTER TABLE datasets DROP COLUMN last_error_notice;
      DROP TABLE item_stock;
      DROP TABLE search_words;
      DROP INDEX inventory_lot;
      CREATE INDEX inventory_lot ON inventory (lot);
      DROP INDEX inventory_serial;
      CREATE INDEX inventory_serial ON inventory (serial);
      DROP TABLE items_moved;
      DROP TABLE stock_refresh;
      DROP TABLE items_gone;
      DROP INDEX locations_dataset;
      CREATE INDEX locations_dataset ON locations (dataset_id);
      DROP INDEX locations_code_sort;
      ALTER TABLE locations DROP COLUMN code_sort;
      DROP INDEX inventory_location_code_sort;
      ALTER TABLE inventory RENAME COLUMN location_code_sort TO location_code_norm;
      UPDATE inventory SET location_code_norm = NULL;
      CREATE INDEX inventory_location_code_norm ON inventory (location_code_norm);
      DROP INDEX records_list_code_sort;
      ALTER TABLE records DROP COLUMN code_sort;
      CREATE INDEX records_list_code ON records (list, code);
    `);
    const event = old.prepare('SELECT id, created_on FROM history ORDER BY rid LIMIT 1').get() as { id: string; created_on: string };
    const atPlusTwo = new Date(Date.parse(event.created_on) + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    old.prepare('UPDATE history SET created_on = ? WHERE id = ?').run(atPlusTwo, event.id);
    old.pragma('user_version = 6');
    old.close();

    // the license picked before is remembered: no picker this time
    await signIn(page, 'demo@example.com', 'demo1234');
    await page.getByTestId('home-page').waitFor();
    await expect.poll(() => upgrades).toEqual([file]);
    expect((await app.call('sync.status')).preparing).toBe(true);
    // the start screen says what is happening, not "no data sets" and "never synced"
    await expect.poll(() => page.getByTestId('home-sync-preparing').textContent()).toBe('Preparing the offline data for this version of Aisle…');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('SKU-000042', { delay: 50 });
    await expect.poll(() => page.getByTestId('search-error').getAttribute('data-code'), { timeout: 10_000 }).toBe('mirror_preparing');
    expect(await page.getByTestId('search-error').textContent()).toBe('The offline data is being updated for this version of Aisle. It opens in a moment.');
    expect(await page.getByTestId('search-hit').count()).toBe(0);
    await shot(page, 'mirror-preparing-light');

    letUpgradeRun();
    await expect.poll(() => page.getByTestId('search-hit').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('search-hit').first().getAttribute('data-match')).toBe('exact');
    expect(await page.getByTestId('search-error').count()).toBe(0);
    expect((await app.call('sync.status')).preparing).toBe(false);
    await expect.poll(() => page.getByTestId('home-sync-preparing').count()).toBe(0);
    await shot(page, 'mirror-upgraded-light');
    const upgraded = new Database(file, { readonly: true });
    expect(upgraded.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(upgraded.prepare('SELECT count(*) FROM inventory WHERE location_code_sort IS NULL').pluck().get()).toBe(0);
    expect(upgraded.prepare(`SELECT name FROM pragma_index_info('locations_dataset') ORDER BY seqno`).pluck().all()).toEqual(['dataset_id', 'code_sort']);
    expect(upgraded.prepare(`SELECT name FROM pragma_index_info('inventory_item') ORDER BY seqno`).pluck().all()).toEqual(['item_id', 'qty_on_hand', 'facility_id', 'location_code']);
    expect(upgraded.prepare(`SELECT name FROM pragma_index_info('items_sku_hit') ORDER BY seqno`).pluck().all()).toEqual(['sku', 'id', 'description', 'upc', 'gtin', 'dataset_id']);
    expect(upgraded.prepare('SELECT created_on FROM history WHERE id = ?').pluck().get(event.id)).toBe(event.created_on);
    expect(upgraded.prepare(`SELECT name FROM pragma_table_info('items_moved')`).pluck().all()).toEqual(['seq', 'dataset_id', 'item_id']);
    expect(upgraded.prepare(`SELECT count(*) FROM pragma_index_list('inventory') WHERE name IN ('inventory_lot', 'inventory_serial') AND partial`).pluck().get()).toBe(2);
    // each item's stock summary is built from the stock rows the old file held
    expect(upgraded.prepare('SELECT count(*) FROM item_stock').pluck().get()).toBe(
      upgraded.prepare('SELECT count(DISTINCT item_id) FROM inventory WHERE qty_on_hand > 0').pluck().get(),
    );
    expect(upgraded.prepare('SELECT count(*) FROM item_stock').pluck().get()).toBeGreaterThan(0);
    // and its copy by item row, one for every item
    expect(upgraded.prepare('SELECT count(*) FROM item_stock_by_rid').pluck().get()).toBe(upgraded.prepare('SELECT count(*) FROM items').pluck().get());
    upgraded.close();
  }, 90_000);
});
