// IT's first steps work alike everywhere, in Chromium against the demo warehouse: an address typed
// without http(s):// is read as the sign-in form reads it by `aisle ping`, `aisle licenses`,
// `aisle probe` and the Diagnostics form; the Diagnostics page's form is styled like the rest and
// its tables have no blank cells.
import { describe, expect, it } from 'vitest';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { type App, docShot, go, syncedAppForAll } from './support/app.ts';

function io(password = 'demo1234') {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), env: { AISLE_PASSWORD: password }, promptPassword: () => Promise.reject(new Error('no prompt')) };
  return { value, out, err };
}

describe("IT's first steps", () => {
  let app: App;

  syncedAppForAll((started) => (app = started), { viewport: { width: 1024, height: 768 } });

  /** The demo warehouse's address as IT would type it: host and port, no scheme. */
  const bare = () => new URL(app.demo!.url).host;

  it('aisle ping, licenses and probe take an address without a scheme, as sign-in does', async () => {
    const ping = io();
    expect(await main(['ping', '--server', bare(), '--data-dir', app.dataDir], ping.value), ping.err.join('\n')).toBe(0);
    expect(ping.out.join('\n')).toMatch(/^reachable in \d+ ms$/);
    const licenses = io();
    expect(await main(['licenses', '--server', bare(), '--email', 'demo@example.com', '--data-dir', app.dataDir], licenses.value), licenses.err.join('\n')).toBe(0);
    expect(licenses.out.some((l) => /\bENTERPRISE\b/.test(l))).toBe(true);
    const probe = io();
    await main(['probe', '--server', bare(), '--email', 'demo@example.com'], probe.value);
    expect(probe.out[0]).toBe(`probe of ${app.demo!.url}, ${probe.out[0]!.split(', ')[1]}`);
  }, 120_000);

  it('the Diagnostics form probes an address without a scheme, in styled fields, and says what is missing in its words', async () => {
    const { page } = app;
    await go(page, '/diagnostics');
    await page.getByTestId('probe').waitFor();
    // the app's words for a missing field, not the browser's
    await page.getByTestId('probe-server').fill('');
    await page.getByTestId('probe-run').click();
    expect((await page.getByTestId('probe-missing').textContent())!.trim()).toBe('Type the server address.');
    for (const field of ['probe-server', 'probe-email', 'probe-password', 'probe-license']) {
      const box = (await page.getByTestId(field).boundingBox())!;
      expect(box.height, field).toBeGreaterThanOrEqual(40);
      expect(box.width, field).toBeGreaterThanOrEqual(180);
    }
    await page.getByTestId('probe-server').fill(bare());
    await page.getByTestId('probe-email').fill('demo@example.com');
    await page.getByTestId('probe-password').fill('demo1234');
    await page.getByTestId('probe-run').click();
    await page.getByTestId('probe-verdict').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('probe-error').count()).toBe(0);
    // no blank cell in the table of what the round did per list
    const blank = await page.getByTestId('probe-list').evaluateAll((rows) => rows.flatMap((row) => [...row.querySelectorAll('td')].filter((td) => td.textContent!.trim() === '').map(() => row.textContent)));
    expect(blank).toEqual([]);
    // every column on the page: nothing pushed off to the right
    const widest = await page.getByTestId('probe-lists').evaluate((table) => table.getBoundingClientRect().right);
    expect(widest).toBeLessThanOrEqual(1024);
    // and no cell's text runs into the next one
    const spilled = await page.getByTestId('probe-list').evaluateAll((rows) => rows.flatMap((row) => [...row.querySelectorAll('td')].filter((td) => td.scrollWidth > td.clientWidth + 1).map((td) => td.textContent)));
    expect(spilled).toEqual([]);
    await page.getByTestId('probe').scrollIntoViewIfNeeded();
    await docShot(page, 'diagnostics-probe-1024x768');
    await page.setViewportSize({ width: 800, height: 600 });
    await page.getByTestId('probe').scrollIntoViewIfNeeded();
    await docShot(page, 'diagnostics-probe-800x600');
    await page.setViewportSize({ width: 1024, height: 768 });
  }, 120_000);
});
