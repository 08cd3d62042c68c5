// The workstation against the demo warehouse, in Chromium through the browser host: sign-in with a
// license pick, sync progress, scans (item, location, GS1), the item and location pages, list
// browse, filter, sort, columns, CSV export. Screenshots of each screen go to test/.artifacts.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { createConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { go, look, scan, scanOpened, shot, signIn, startApp, waitForSync, type App } from './support/app.ts';
import { naturalComparer } from '../../electron/core/lookup/codes.ts';
import { SCAN_ROWS_KEPT } from '../../electron/contract/types.ts';

describe('looking things up on the workstation', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp();
    // Records whether a sync progress bar was ever on screen, from the first paint on.
    // (Strings, not functions: the Node side's type check has no DOM.)
    await app.page.evaluate(`
      window.sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid=dataset-progress] progress')) window.sawProgress = true;
      }).observe(document.body, { subtree: true, childList: true });
    `);
  });
  afterAll(async () => app?.close());

  it('refuses a wrong password in words', async () => {
    const { page } = app;
    await shot(page, 'sign-in-light');
    await signIn(page, 'demo@example.com', 'not-the-password');
    await expect.poll(() => page.getByTestId('sign-in-error').textContent()).toContain('Wrong e-mail or password.');
    // The browser host has no OS keychain: "remember me" is not offered, and the page says why.
    expect(await page.getByTestId('remember').count()).toBe(0);
    expect(await page.getByTestId('remember-unavailable').isVisible()).toBe(true);
  });

  it('says a disabled user is disabled', async () => {
    const { page } = app;
    await signIn(page, 'disabled@example.com', 'demo1234');
    await expect.poll(() => page.getByTestId('sign-in-error').getAttribute('data-code')).toBe('user_disabled');
    expect(await page.getByTestId('sign-in-error').textContent()).toContain('This user is disabled');
  });

  it('says when the server cannot be reached, and when the only license is disabled', async () => {
    const { page } = app;
    await page.getByTestId('server-url').click();
    await page.getByTestId('server-input').fill('http://127.0.0.1:9');
    await page.getByTestId('email').fill('demo@example.com');
    await page.getByTestId('password').fill('demo1234');
    await page.getByTestId('sign-in-submit').click();
    await expect.poll(() => page.getByTestId('sign-in-error').getAttribute('data-code'), { timeout: 30_000 }).toBe('offline');
    expect(await page.getByTestId('sign-in-error').textContent()).toContain('The server cannot be reached');
    await signIn(page, 'lapsed@example.com', 'demo1234');
    await expect.poll(() => page.getByTestId('sign-in-error').getAttribute('data-code')).toBe('license_disabled');
    expect(await page.getByTestId('sign-in-error').textContent()).toContain('This license is disabled');
  });

  it('signs in with a license picked from the list, and shows sync progress while the mirror fills', async () => {
    const { page } = app;
    await signIn(page, 'demo@example.com', 'demo1234');
    await page.getByTestId('license-picker').waitFor();
    const options = page.getByTestId('license-option');
    expect(await options.count()).toBe(2);
    expect(await options.first().textContent()).toMatch(/Community.*Community edition.*3 full · 5 RF · 5 read-only seats/s);
    await shot(page, 'license-picker');
    await page.locator('[data-testid=license-option][data-license-type=ENTERPRISE]').click();
    await page.getByTestId('home-page').waitFor();
    await go(page, '/sync');
    await waitForSync(app);
    await expect.poll(() => page.getByTestId('status-indicator').getAttribute('data-state'), { timeout: 15_000 }).toBe('online');
    const rows = page.getByTestId('dataset-row');
    expect(await rows.count()).toBe((await app.call('sync.status')).datasets.length);
    expect(await page.evaluate('window.sawProgress')).toBe(true);
    await shot(page, 'sync-light');
  });

  it('opens an item when its SKU is scanned, from any screen, with the three quantities apart', async () => {
    const { page } = app;
    const item = (await app.call('lists.page', { view: { list: 'items', filters: { sku: 'SKU-000042' } }, offset: 0, limit: 1 })).rows[0]!;
    const stock = await app.call('inventory.byItem', { itemId: String(item.id) });
    await page.locator('body').click({ position: { x: 5, y: 400 } }); // nothing focused
    // Every scan-feedback frame the page shows, however briefly.
    await page.evaluate(`window.flashes = []; new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes) if (n.dataset?.testid === 'scan-flash') window.flashes.push(n.dataset.feedback); }).observe(document.body, { childList: true, subtree: true })`);
    await scan(page, String(item.sku));
    await scanOpened(page, 'item-page');
    await expect.poll(() => page.evaluate('window.flashes')).toEqual(['found']);
    await expect.poll(() => page.getByTestId('scan-flash').count()).toBe(0); // gone when its animation ends
    expect(await page.getByTestId('record-code').textContent()).toBe('SKU-000042');
    const sum = (k: 'onHand' | 'allocated' | 'available') => stock.rows.reduce((s, r) => s + r[k], 0).toLocaleString('en-GB');
    expect(await page.getByTestId('qty-on-hand').textContent()).toContain(sum('onHand'));
    expect(await page.getByTestId('qty-allocated').textContent()).toContain(sum('allocated'));
    expect(await page.getByTestId('qty-available').textContent()).toContain(sum('available'));
    expect(await page.getByTestId('inventory-row').count()).toBe(stock.rows.length);
    await expect.poll(() => page.getByTestId('item-page').getByTestId('data-age').first().textContent()).toMatch(/as of \d\d:\d\d( [AP]M)? · now/);
    await shot(page, 'item-light');

    // Every field, and the record as JSON, to read and to copy (for whoever integrates with the server).
    await page.getByTestId('record-details').locator('summary').first().click();
    await page.getByTestId('record-json').locator('summary').click();
    const json = JSON.parse((await page.getByTestId('record-json-text').textContent()) ?? '') as Record<string, unknown>;
    expect(json).toMatchObject({ id: item.id, sku: 'SKU-000042' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('copy-json').click();
    await expect.poll(() => page.getByTestId('copy-json-done').textContent()).toBe('Copied.');
    expect(JSON.parse((await page.evaluate('navigator.clipboard.readText()')) as string)).toEqual(json);
    await page.getByTestId('record-json').scrollIntoViewIfNeeded();
    await shot(page, 'item-json-light');
  });

  it('reads a scan as one even when the page is busy in the middle of it: keys are timed when pressed', async () => {
    const { page } = app;
    await go(page, '/');
    await page.getByTestId('home-page').waitFor();
    // After the scan's eighth key the page's main thread is busy for 80 ms (as when a big answer is
    // drawn): the keys pressed meanwhile are handled late, but were pressed milliseconds apart.
    // Timed by their handling, the last two keys would be a burst of their own, too short for a scan.
    await page.evaluate(`(() => {
      let n = 0;
      const block = () => {
        if (++n < 8) return;
        window.removeEventListener('keydown', block, true);
        const until = performance.now() + 80;
        while (performance.now() < until);
      };
      window.addEventListener('keydown', block, true);
    })()`);
    await scan(page, 'SKU-000042');
    await scanOpened(page, 'item-page', 10_000);
    expect(await page.getByTestId('record-code').textContent()).toBe('SKU-000042');
  });

  it('opens a location when its barcode is scanned into a focused field, and gives the field back', async () => {
    const { page } = app;
    const location = (await app.call('lists.page', { view: { list: 'locations' }, offset: 5, limit: 1 })).rows[0]!;
    await go(page, '/settings');
    const field = page.getByTestId('settings-server');
    await field.click();
    const before = await field.inputValue();
    await scan(page, String(location.barcode));
    await scanOpened(page, 'location-page');
    expect(await page.getByTestId('record-code').textContent()).toBe(String(location.code));
    await expect.poll(() => page.getByTestId('inventory-table').or(page.locator('.notice')).first().isVisible()).toBe(true);
    await shot(page, 'location-light');
    await go(page, '/settings');
    expect(await page.getByTestId('settings-server').inputValue()).toBe(before);
  });

  it('reads a GS1 code with a group separator and opens the item of its GTIN', async () => {
    const { page } = app;
    const item = (await app.call('lists.page', { view: { list: 'items', filters: { sku: 'SKU-000007' } }, offset: 0, limit: 1 })).rows[0]!;
    const gtin = String(item.gtin).padStart(14, '0');
    await scan(page, `01${gtin}\u001d10LOT42`);
    await expect.poll(() => page.getByTestId('record-code').textContent()).toBe('SKU-000007');
  });

  it('checks the scanner: a GS1 scan shown key by key, read, parsed and found, and nothing opened', async () => {
    const { page } = app;
    await go(page, '/settings');
    await page.getByTestId('scanner-check').click();
    await page.getByTestId('scanner-waiting').waitFor();
    const item = (await app.call('lists.page', { view: { list: 'items', filters: { sku: 'SKU-000007' } }, offset: 0, limit: 1 })).rows[0]!;
    const gtin = String(item.gtin).padStart(14, '0');
    await scan(page, `01${gtin}\u001d10LOT42`);
    const latest = page.getByTestId('scanner-latest');
    await expect.poll(() => latest.getAttribute('data-verdict')).toBe('scan');
    expect(await page.getByTestId('scanner-chars').locator('.control').allTextContents()).toEqual(['GS', 'Enter']);
    await expect.poll(() => page.getByTestId('scanner-finds').textContent()).toMatch(/^\s*A scan of it opens SKU-000007 · \S/);
    expect(await page.getByTestId('scanner-gs1').textContent()).toContain('LOT42');
    expect(await page.evaluate('location.hash')).toBe('#/scanner');
    await shot(page, 'scanner-light');
  });

  it('runs an action from the search box: > and a word of its name; the most used by a key of their own', async () => {
    const { page } = app;
    await go(page, '/');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('>', { delay: 80 });
    await expect.poll(() => page.getByTestId('command-key').allTextContents()).toEqual(['F5', 'Ctrl+L', 'Ctrl+,']);
    await shot(page, 'commands-light');
    // nothing on the start screen to export: not offered
    expect(await page.getByTestId('command').allTextContents()).not.toContainEqual(expect.stringContaining('Export'));
    await page.keyboard.type('check', { delay: 80 });
    await expect.poll(() => page.getByTestId('command').allTextContents()).toEqual([expect.stringContaining('Check the scanner')]);
    await page.keyboard.press('Enter');
    await page.getByTestId('scanner-page').waitFor();

    // From the scanner check, which reads every key: Ctrl+, opens the settings.
    await page.keyboard.press('Control+Comma');
    await page.getByTestId('settings-page').waitFor();
    // F5 syncs now. (That it keeps a browser from reloading is checked in test/renderer/commands.test.ts:
    // headless Chromium does not reload on a key sent through CDP either way.)
    const before = (await app.call('sync.status')).lastRoundStartedAt;
    await page.keyboard.press('F5');
    await expect.poll(async () => (await app.call('sync.status')).lastRoundStartedAt).not.toBe(before);
    await waitForSync(app);
  });

  it("shows the server, its clock and the requests made to it; a sync request copied as curl runs as it is", async () => {
    const { page } = app;
    await go(page, '/session');
    await page.getByTestId('open-diagnostics').click();
    await page.getByTestId('diagnostics-page').waitFor();
    expect(await page.getByTestId('diagnostics-server').textContent()).toBe(app.demo!.url);
    expect(await page.getByTestId('diagnostics-clock').textContent()).toBe('In step with this workstation.');
    const rows = page.getByTestId('request-row');
    expect(await rows.count()).toBeGreaterThan(5);
    expect(await page.locator('[data-testid=request-row][data-by=sync][data-status="304"]').count()).toBeGreaterThan(0); // the F5 round
    await shot(page, 'diagnostics-light');
    // the first sync read each facility's stock whole, and says why
    const why = page.locator('[data-testid=request-why][data-why=no-snapshot]');
    expect(await why.count()).toBeGreaterThan(0);
    expect(await why.first().textContent()).toBe('Stock read whole: no whole reading yet.');
    await why.first().scrollIntoViewIfNeeded();
    await shot(page, 'diagnostics-why-light');

    // The items list's request, copied, and run by curl with a token of the test's own.
    const items = rows.filter({ hasText: /GET \/v1\/api\/pub\/lists\/accounts\/[^/]+\/items\/query/ }).first();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await items.getByTestId('copy-curl').click();
    await expect.poll(() => items.getByTestId('copy-curl-done').textContent()).toBe('Copied.');
    const command = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(command).toMatch(/^curl -sS '.*\/items\/query' -H "Authorization: Bearer \$AISLE_TOKEN"/);
    const api = createAuthApi({ baseUrl: app.demo!.url });
    const credentials = { email: 'demo@example.com', password: 'demo1234' };
    const license = (await api.licenses(credentials)).find((l) => l.enabled)!;
    const { accessToken } = await api.openSession({ ...credentials, licenseId: license.id, locale: 'en_US' });
    // (not execFileSync: the demo server answering curl runs in this process)
    const { stdout } = await promisify(execFile)('sh', ['-c', command], { env: { ...process.env, AISLE_TOKEN: accessToken }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const listed = JSON.parse(stdout) as { sku: string }[];
    // the account's items, as many as the mirror holds of them
    const account = command.match(/\/accounts\/([^/]+)\/items/)![1];
    const dataset = (await app.call('sync.status')).datasets.find((d) => d.key === `items@account:${account}`)!;
    expect(listed.length).toBe(dataset.rows);
    expect(listed.every((i) => /^SKU-\d+$/.test(i.sku))).toBe(true);
  });

  it('searches as you type with Ctrl+K, exact match first, each hit with kind and age', async () => {
    const { page } = app;
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('global-search');
    await page.keyboard.type('SKU-000010', { delay: 120 });
    await expect.poll(() => page.getByTestId('search-popup').getAttribute('data-query')).toBe('SKU-000010');
    const hits = page.getByTestId('search-hit');
    expect(await hits.count()).toBeGreaterThan(0);
    expect(await hits.first().getAttribute('data-match')).toBe('exact');
    expect(await hits.first().textContent()).toContain('Item');
    expect(await hits.first().getByTestId('data-age').count()).toBe(1);
    await shot(page, 'search-light');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByTestId('item-page').waitFor();
    await page.keyboard.press('Escape');
  });

  it('comes back to what was opened: the start screen and the empty search box list it, newest first', async () => {
    const { page } = app;
    // opened so far: the SKU scanned, the location scanned, the GS1 item, the search's hit (the page shown now)
    const shownNow = await page.getByTestId('record-code').textContent();
    const opened = await app.call('recent.list');
    expect(opened.map((r) => [r.kind, r.kind === 'location' ? 'a location' : r.code])).toEqual([
      ['item', shownNow],
      ['item', 'SKU-000007'],
      ['location', 'a location'],
      ['item', 'SKU-000042'],
    ]);
    await go(page, '/');
    const links = page.getByTestId('recent-link');
    await expect.poll(() => links.count()).toBe(4);
    expect(await links.nth(2).textContent()).toContain(String(opened[2]!.code));
    // the location is named with its facility (a code can be in several), never the facility's id
    const facilityId = String((await app.call('records.get', { list: 'locations', id: opened[2]!.id })).record.facility_id);
    const facility = (await app.call('records.get', { list: 'facilities', id: facilityId })).record;
    expect(await links.nth(2).textContent()).toContain(`${opened[2]!.code} · ${String(facility.name ?? facility.code)}`);
    expect(await links.nth(2).textContent()).not.toContain(facilityId);
    await look(page, 'light', true);
    await shot(page, 'home-recent-floor');
    await look(page, 'light', false);
    await links.nth(2).click();
    await expect.poll(() => page.getByTestId('record-code').textContent()).toBe(opened[2]!.code);

    await page.keyboard.press('Control+k');
    const recent = page.getByTestId('recent-hit');
    await expect.poll(() => recent.count()).toBe(4);
    expect(await recent.first().getAttribute('data-kind')).toBe('location');
    expect(await recent.first().getByTestId('data-age').count()).toBe(1);
    await shot(page, 'search-recent-light');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('record-code').textContent()).toBe('SKU-000007');
  });

  it('counts on the scan list: a location, then what is in it; again counts up; a code not found stays; CSV of it; kept through a restart of the window', async () => {
    const { page } = app;
    const item = (await app.call('lists.page', { view: { list: 'items', filters: { sku: 'SKU-000042' } }, offset: 0, limit: 1 })).rows[0]!;
    const stock = await app.call('inventory.byItem', { itemId: String(item.id) });
    const at = stock.rows[0]!;
    const onHandThere = stock.rows.filter((r) => r.locationId === at.locationId).reduce((sum, r) => sum + r.onHand, 0);
    // its barcode: the same location code can be in each facility
    const { barcode } = (await app.call('records.get', { list: 'locations', id: at.locationId })).record;
    await go(page, '/');
    await page.getByTestId('home-scans').click();
    await page.getByTestId('scans-page').waitFor();
    await scan(page, String(barcode));
    await expect.poll(() => page.getByTestId('scans-location').textContent()).toContain(at.locationCode);
    await scan(page, 'SKU-000042');
    await scan(page, 'SKU-000042');
    await scan(page, 'NOT-A-CODE-42');
    const rows = page.getByTestId('scan-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.evaluate('location.hash')).toBe('#/scans');
    expect(await rows.nth(0).getAttribute('data-kind')).toBe('none');
    expect(await rows.nth(1).getAttribute('data-count')).toBe('2');
    expect(await rows.nth(1).locator('td').last().textContent()).toBe(onHandThere.toLocaleString('en-GB'));
    expect(await rows.nth(2).getAttribute('data-kind')).toBe('location');
    await look(page, 'light', true);
    await shot(page, 'scans-floor');
    await look(page, 'light', false);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('scans-download').click()]);
    const lines = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    // each location with its facility: the same code can be in each
    const facility = stock.totals.find((f) => f.facilityId === at.facilityId)!.facilityName;
    expect(facility).toBeTruthy();
    expect(lines.map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      'location,facility,code,kind',
      `${at.locationCode},${facility},${barcode},location`,
      `${at.locationCode},${facility},SKU-000042,item`,
      `${at.locationCode},${facility},NOT-A-CODE-42,none`,
    ]);
    expect(await rows.nth(1).getByTestId('scan-row-facility').textContent()).toBe(facility);

    // Main keeps the list: the window started again (as after a crash) finds it where it was left,
    // and the next scan counts on at the same location.
    await page.reload();
    await page.getByTestId('scans-page').waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.getByTestId('scans-location').textContent()).toContain(at.locationCode);
    await scan(page, 'SKU-000042');
    await expect.poll(() => rows.nth(0).getAttribute('data-count')).toBe('3');
    expect(await rows.nth(0).locator('td').first().locator('.code').textContent()).toBe(at.locationCode);
    expect(await rows.nth(0).locator('td').first().getByTestId('scan-row-facility').textContent()).toBe(facility);
    expect((await app.call('scans.get', {})).rows.map((r) => [r.code, r.count])).toEqual([['SKU-000042', 3], ['NOT-A-CODE-42', 1], [String(barcode), 1]]);
    await page.getByTestId('scans-clear').click();
    await page.getByTestId('scans-empty').waitFor();
    await expect.poll(async () => (await app.call('scans.get', {})).rows.length).toBe(0);
  });

  it('draws only the rows in view of a long scan list; a scan brings the box back to its row; the oldest is reached by scrolling', async () => {
    const { page } = app;
    // a count of 4,999 rows kept by main (as after a long stock take), then the window started again
    const at = new Date().toISOString();
    const rows = Array.from({ length: SCAN_ROWS_KEPT - 1 }, (_, i) => ({ key: `\ncode:OLD-${i}`, code: `OLD-${i}`, kind: 'none' as const, hit: null, location: null, count: 1, onHandHere: null, matches: 0, at }));
    await app.call('scans.save', { rows, location: null });
    await page.reload();
    await page.getByTestId('scans-page').waitFor();
    const table = page.getByTestId('scans-table');
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(SCAN_ROWS_KEPT));
    const drawn = page.getByTestId('scan-row');
    const drawnCount = await drawn.count();
    expect(drawnCount).toBeGreaterThan(3);
    expect(drawnCount).toBeLessThan(60);
    expect(await drawn.first().textContent()).toContain('OLD-0');

    // scrolled to the end, the oldest row is drawn, numbered as the last of the table's rows
    const box = page.getByTestId('scans-box');
    await box.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => drawn.last().textContent()).toContain(`OLD-${SCAN_ROWS_KEPT - 2}`);
    expect(await drawn.last().getAttribute('aria-rowindex')).toBe(String(SCAN_ROWS_KEPT));
    expect(await drawn.count()).toBeLessThan(60);
    await shot(page, 'scans-long-end');

    // a scan adds its row at the top, and the box goes back to show it; the list is then full
    await scan(page, 'SKU-000042');
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(SCAN_ROWS_KEPT + 1));
    await expect.poll(() => drawn.first().getAttribute('aria-rowindex')).toBe('2');
    expect(await drawn.first().textContent()).toContain('SKU-000042');
    expect(await box.evaluate((el) => el.scrollTop)).toBe(0);
    await scan(page, 'SKU-000043');
    await page.getByTestId('scans-full').waitFor();
    expect(await table.getAttribute('aria-rowcount')).toBe(String(SCAN_ROWS_KEPT + 1));
    await shot(page, 'scans-long-full');
    await page.getByTestId('scans-clear').click();
    await page.getByTestId('scans-empty').waitFor();
  });

  it("prints a location's label on the printer set in Settings: raw ZPL to its port, no dialog", async () => {
    const { page } = app;
    // the printer: a TCP server on loopback that takes what it is sent, as a Zebra on port 9100 does
    const jobs: string[] = [];
    const printer = createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        jobs.push(Buffer.concat(chunks).toString('utf8'));
        socket.end();
      });
    });
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    const address = `127.0.0.1:${(printer.address() as { port: number }).port}`;
    try {
      await go(page, '/settings');
      await page.getByTestId('settings-label-printer').fill(address);
      await page.getByTestId('settings-label-size').selectOption('2x1');
      await page.getByTestId('settings-save').click();
      await expect.poll(async () => (await app.call('settings.get')).labelPrinter).toBe(address);

      const location = (await app.call('lists.page', { view: { list: 'locations' }, offset: 0, limit: 1 })).rows[0]!;
      await scan(page, String(location.barcode));
      await scanOpened(page, 'location-page');
      await page.getByTestId('print-label').click();
      await expect.poll(() => page.getByTestId('print-label-done').textContent()).toBe(`Label sent to ${address}.`);
      await expect.poll(() => jobs.length).toBe(1);
      expect(jobs[0]).toMatch(/^\^XA\n/);
      expect(jobs[0]).toContain(`^FD${String(location.code)}^FS`);
      expect(jobs[0]).toContain(`^FH^FD${String(location.barcode)}^FS`);
      await shot(page, 'location-label-light');
    } finally {
      await app.call('settings.set', { labelPrinter: '' });
      await new Promise<void>((resolve) => printer.close(() => resolve()));
    }
  });

  it('browses a list, filters and sorts it, remembers the columns, and exports exactly the view', async () => {
    const { page } = app;
    await go(page, '/lists');
    await page.getByTestId('list-items').click();
    await page.getByTestId('grid-row').first().waitFor();
    const total = (await app.call('lists.page', { view: { list: 'items' }, offset: 0, limit: 1 })).total;
    await expect.poll(() => page.getByTestId('grid').getAttribute('aria-rowcount')).toBe(String(total + 1));
    await page.getByTestId('filter-description').fill('steel');
    const filtered = (await app.call('lists.page', { view: { list: 'items', filters: { description: 'steel' } }, offset: 0, limit: 1 })).total;
    expect(filtered).toBeLessThan(total);
    await expect.poll(() => page.getByTestId('grid').getAttribute('aria-rowcount')).toBe(String(filtered + 1));
    await page.getByTestId('sort-sku').click();
    await page.getByTestId('sort-sku').click();
    const top = (await app.call('lists.page', { view: { list: 'items', filters: { description: 'steel' }, sort: [{ column: 'sku', dir: 'desc' }] }, offset: 0, limit: 1 })).rows[0]!;
    await expect.poll(() => page.getByTestId('grid-row').first().textContent()).toContain(String(top.sku));
    // The grid is one Tab stop; the arrow keys move the active cell.
    await page.getByTestId('grid').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('grid').getAttribute('aria-activedescendant')).toBe('vt-1-1');
    // Hide a column and put the description first; both hold after a reload (kept per user in settings).
    const headers = () => page.locator('[data-testid^=sort-]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice(5)));
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-upc').uncheck();
    await expect.poll(() => page.getByTestId('sort-upc').count()).toBe(0);
    while ((await headers())[0] !== 'description') {
      const before = await headers();
      await page.getByTestId('move-left-description').click();
      await expect.poll(headers).not.toEqual(before);
    }
    // the third header dragged onto the left half of the second: the two change places
    await page.getByTestId('column-chooser').click();
    const shown = await headers();
    const second = await page.getByTestId(`head-${shown[1]}`).boundingBox();
    await page.getByTestId(`head-${shown[2]}`).dragTo(page.getByTestId(`head-${shown[1]}`), { targetPosition: { x: 12, y: second!.height / 2 } });
    await expect.poll(headers).toEqual([shown[0], shown[2], shown[1], ...shown.slice(3)]);
    // while one is dragged over another, a bar marks where it would go (drag events made in the
    // page, so that the frame can be held for the screenshot)
    await page.evaluate(`(() => {
      const transfer = new DataTransfer();
      const onto = document.querySelector('[data-testid=head-${shown[2]}]').getBoundingClientRect();
      document.querySelector('[data-testid=head-${shown[1]}]').dispatchEvent(new DragEvent('dragstart', { bubbles: true, cancelable: true, dataTransfer: transfer }));
      document.querySelector('[data-testid=head-${shown[2]}]').dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer, clientX: onto.right - 12, clientY: onto.top + 10 }));
    })()`);
    await expect.poll(() => page.getByTestId(`head-${shown[2]}`).getAttribute('class')).toContain('drop-after');
    await shot(page, 'list-column-drag');
    await page.getByTestId(`head-${shown[1]}`).dispatchEvent('dragend');
    await expect.poll(() => page.getByTestId(`head-${shown[2]}`).getAttribute('class')).not.toContain('drop-after');
    await expect.poll(headers).toEqual([shown[0], shown[2], shown[1], ...shown.slice(3)]);
    await page.getByTestId('column-chooser').click();
    // the SKU one step wider from the chooser, the description wider by dragging its edge
    const widthOf = (key: string) => page.getByTestId(`sort-${key}`).evaluate((el) => Math.round(el.closest('[role=columnheader]')!.getBoundingClientRect().width));
    const sku = await widthOf('sku');
    await page.getByTestId('wider-sku').click();
    await expect.poll(() => widthOf('sku')).toBe(sku + 40);
    await shot(page, 'list-columns-light');
    await page.getByTestId('column-chooser').click();
    const description = await widthOf('description');
    const edge = await page.getByTestId('resize-description').boundingBox();
    await page.mouse.move(edge!.x + edge!.width / 2, edge!.y + edge!.height / 2);
    await page.mouse.down();
    await page.mouse.move(edge!.x + edge!.width / 2 + 60, edge!.y + edge!.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => widthOf('description')).toBe(description + 60);
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-chooser').click();
    const order = await headers();
    expect(order[0]).toBe('description');
    await shot(page, 'list-light');
    await page.reload();
    await page.getByTestId('grid-row').first().waitFor();
    expect(await headers()).toEqual(order);
    expect([await widthOf('sku'), await widthOf('description')]).toEqual([sku + 40, description + 60]);
    await page.getByTestId('filter-description').fill('steel');
    await expect.poll(() => page.getByTestId('grid').getAttribute('aria-rowcount')).toBe(String(filtered + 1));
    // The browser host hands the page a one-time link; the browser downloads the CSV from it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe('items.csv');
    const file = await download.path();
    expect(await page.getByTestId('export-done').textContent()).toContain('items.csv');
    const lines = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(filtered + 1);
    expect(lines[0]).not.toMatch(/upc/i);
    // the columns in the order on screen
    expect(lines[0]!.split(',')[0]).toMatch(/description/i);
    expect(lines.slice(1).every((l) => /steel/i.test(l))).toBe(true);
    // the same from the search box: >export, on the screen that shows something to export
    await page.keyboard.press('Control+k');
    await page.keyboard.type('>export', { delay: 40 });
    await expect.poll(() => page.getByTestId('command').allTextContents()).toEqual([expect.stringContaining('Export what is shown as CSV')]);
    const [again] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(readFileSync(await again.path(), 'utf8')).toBe(readFileSync(file, 'utf8'));
  });

  it('holds a sync that would delete most of a list, and applies it only when confirmed', async () => {
    const { page } = app;
    app.demo!.setMassDeletion(0);
    await go(page, '/sync');
    await page.getByTestId('sync-now').click();
    const held = page.getByTestId('dataset-held');
    await held.first().waitFor({ timeout: 30_000 });
    expect(await held.first().textContent()).toMatch(/would delete [\d,]+ of [\d,]+ rows/);
    await held.first().scrollIntoViewIfNeeded();
    await shot(page, 'sync-held-light');
    const row = page.locator('[data-testid=dataset-row]', { has: held }).first();
    const key = (await row.getAttribute('data-key'))!;
    const rowsOf = async () => (await app.call('sync.status')).datasets.find((d) => d.key === key)!.rows;
    const before = await rowsOf();
    await row.getByTestId('held-confirm').click();
    await expect.poll(rowsOf, { timeout: 30_000 }).toBeLessThan(before / 2);
    await expect.poll(() => held.count(), { timeout: 15_000 }).toBe(0);
    app.demo!.setMassDeletion(null);
  });

  it('switches the language and the sync interval in settings; every window, and a change written to the file, follow', async () => {
    const { page } = app;
    await go(page, '/settings');
    const other = await page.context().newPage();
    await other.goto(app.host.url);
    await other.getByTestId('nav-settings').click();
    await other.getByTestId('settings-page').waitFor();
    await page.getByTestId('language').selectOption('es');
    await expect.poll(() => page.getByTestId('nav-settings').textContent()).toBe('Ajustes');
    // kept as this user's choice, not the workstation's: whoever signs in next keeps their own
    const { email } = await app.call('session.current');
    await expect.poll(async () => (await app.call('settings.get')).languages).toEqual({ [email!]: 'es' });
    expect((await app.call('settings.get')).language).toBe('auto');
    await page.getByTestId('language-yours').scrollIntoViewIfNeeded();
    await shot(page, 'settings-language-es');
    await expect.poll(() => other.getByTestId('nav-settings').textContent()).toBe('Ajustes');
    await page.getByTestId('settings-interval').fill('15');
    // the site relay's switches, in Spanish, saved with the rest
    expect(await page.getByTestId('settings-site-relay-group').locator('legend').textContent()).toBe('Relay del sitio');
    await page.getByTestId('settings-site-relay').check();
    await page.getByTestId('settings-site-relay-fallback').selectOption('vendor');
    await page.getByTestId('settings-save').click();
    await expect.poll(async () => (await app.call('settings.get')).syncIntervalMinutes).toBe(15);
    await expect.poll(() => other.getByTestId('settings-interval').inputValue()).toBe('15');
    const saved = await app.call('settings.get');
    expect([saved.siteRelay, saved.siteRelayFallback]).toEqual([true, 'vendor']);
    expect(await other.getByTestId('settings-site-relay').isChecked()).toBe(true);
    await shot(page, 'settings-es');
    // this workstation's server is no relay: the switches go back for the tests after this one
    await app.call('settings.set', { siteRelay: false, siteRelayFallback: 'none' });
    await other.close();
    // lists and columns are named in Spanish too (main names them in English)
    await go(page, '/lists');
    await expect.poll(() => page.getByTestId('list-items').locator('.label').textContent()).toBe('Artículos');
    await shot(page, 'lists-es');
    await go(page, '/lists/items');
    await page.getByTestId('grid-row').first().waitFor();
    expect(await page.getByTestId('sort-description').textContent()).toContain('Descripción');
    await shot(page, 'list-es');
    // and so is the CSV it exports
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const header = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').split('\r\n')[0]!;
    expect(header.split(',')).toContain('Descripción');
    expect(header).not.toMatch(/Description/);
    await go(page, '/settings');
    // another process (the CLI, IT) writes the settings file
    createConfSettingsStore(app.dataDir, { watch: false }).set({ theme: 'contrast' });
    await expect.poll(() => page.evaluate('document.documentElement.dataset.theme'), { timeout: 10_000 }).toBe('contrast');
    await page.getByTestId('theme-light').click();
    await page.getByTestId('language').selectOption('auto');
    await expect.poll(() => page.getByTestId('nav-settings').textContent()).toBe('Settings');
  });

  it('takes screenshots of the main screens in dark and floor mode', async () => {
    const { page } = app;
    await look(page, 'dark', false);
    for (const [route, name, ready] of [['/sync', 'sync', 'sync-page'], ['/lists/items', 'list', 'grid-row'], ['/settings', 'settings', 'settings-page'], ['/diagnostics', 'diagnostics', 'request-row']] as const) {
      await go(page, route);
      await page.getByTestId(ready).first().waitFor();
      await shot(page, `${name}-dark`);
    }
    await scan(page, 'SKU-000042');
    await scanOpened(page, 'item-page');
    await shot(page, 'item-dark');
    await look(page, 'light', true);
    await page.getByTestId('item-page').waitFor();
    await shot(page, 'item-floor');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('A-01-0', { delay: 100 });
    await expect.poll(() => page.getByTestId('search-popup').getAttribute('data-query')).toBe('A-01-0');
    await shot(page, 'search-floor');
    // Items: the SKU above, the description, and the line under it names the barcodes.
    await page.getByTestId('search-input').fill('SKU-00004');
    await expect.poll(() => page.getByTestId('search-popup').getAttribute('data-query')).toBe('SKU-00004');
    const item = page.locator('[data-testid="search-hit"][data-kind="item"]').first();
    await expect.poll(() => item.getByTestId('search-hit-subtitle').textContent()).toMatch(/^UPC\u00a0\d{12} · GTIN\u00a0\d{14}$/);
    // in floor mode's large type, the line wraps rather than losing the GTIN's last digits
    expect(await item.getByTestId('search-hit-subtitle').evaluate((el) => el.scrollWidth <= el.clientWidth && el.getClientRects().length > 0)).toBe(true);
    await shot(page, 'search-items-floor');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await go(page, '/lists/items');
    await page.getByTestId('grid-row').first().waitFor();
    await shot(page, 'list-floor');
    // One facility's locations, unsorted, as a worker opens them: in natural code order.
    await go(page, '/lists/locations');
    const scope = page.getByTestId('scope-select');
    const facility = await scope.locator('option').nth(1).getAttribute('value');
    await scope.selectOption(facility!);
    await expect.poll(() => page.evaluate('location.hash')).toContain(`scope=${facility}`);
    const codes = () => page.locator('[data-testid="grid-row"]:not(.loading) [role="gridcell"]:first-child').allTextContents();
    await expect.poll(async () => (await codes()).length).toBeGreaterThan(5);
    const shown = (await codes()).map((c) => c.trim());
    expect(shown).toEqual([...shown].sort(naturalComparer()));
    await shot(page, 'locations-facility-floor');
    const size = await page.getByTestId('export-csv').boundingBox();
    expect(size!.height).toBeGreaterThanOrEqual(48);
    await look(page, 'contrast', false);
    await go(page, '/sync');
    await page.getByTestId('sync-page').waitFor();
    await shot(page, 'sync-contrast');
    await look(page, 'light', false);
  });

  it('text size 150 %: type and targets grow, table rows hold their text, nothing runs off the side', async () => {
    const { page } = app;
    const bodyFont = () => page.evaluate('getComputedStyle(document.body).fontSize');
    await go(page, '/settings');
    await page.getByTestId('text-size-150').click();
    await expect.poll(bodyFont).toBe('24px');
    expect(await page.getByTestId('text-size-150').getAttribute('aria-pressed')).toBe('true');
    const wide = () => page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    await scan(page, 'SKU-000042');
    await scanOpened(page, 'item-page');
    expect(await wide()).toBeLessThanOrEqual(0);
    expect((await page.getByTestId('nav-settings').boundingBox())!.height).toBeGreaterThanOrEqual(60);
    await shot(page, 'item-text-150');
    await go(page, '/lists/items');
    const row = page.locator('[data-testid="grid-row"]:not(.loading)').first();
    await row.waitFor();
    expect((await row.boundingBox())!.height).toBe(57);
    // each cell's text fits the row's height (not cut at the bottom), and a code fits its column:
    // a GTIN cut short loses its last digits, the ones that tell two items apart
    expect(await row.locator('[role="gridcell"]').evaluateAll((cells) => cells.filter((c) => c.scrollHeight > c.clientHeight).length)).toBe(0);
    const codes = await row.locator('[role="gridcell"]').evaluateAll((cells) =>
      cells.filter((c) => /^(SKU-\d+|\d{12,14})$/.test(c.textContent!.trim())).map((c) => [c.textContent!.trim(), c.scrollWidth <= c.clientWidth]),
    );
    expect(codes.length).toBeGreaterThanOrEqual(2);
    expect(codes.filter(([, fits]) => !fits)).toEqual([]);
    await shot(page, 'list-text-150');
    await go(page, '/settings');
    await page.getByTestId('text-size-100').click();
    await expect.poll(bodyFont).toBe('16px');
  });

  it('after stock moves, a sync asks only for the items that moved, and keeps the time the whole stock was last checked', async () => {
    const { page } = app;
    const stockOf = async () => (await app.call('sync.status')).datasets.filter((d) => d.list === 'inventory');
    const before = await stockOf();
    expect(before.length).toBeGreaterThan(0);
    app.demo!.setRevision(1);
    await go(page, '/sync');
    await page.getByTestId('sync-now').click();
    await expect.poll(async () => (await stockOf()).every((d, i) => d.lastSuccessAt! > before[i]!.lastSuccessAt!), { timeout: 30_000 }).toBe(true);
    // read in part: the whole check is still the one before this round
    const after = await stockOf();
    for (const [i, d] of after.entries()) {
      expect(d.lastError).toBeNull();
      expect(d.fullCheckAt).toBe(before[i]!.fullCheckAt);
      expect(d.fullCheckAt! < d.lastSuccessAt!).toBe(true);
    }
    const row = page.locator(`[data-testid=dataset-row][data-key="${after[0]!.key}"]`);
    await row.scrollIntoViewIfNeeded();
    expect(await row.getByTestId('dataset-error').count()).toBe(0);
    await shot(page, 'sync-stock-in-part-light');
  });
});
