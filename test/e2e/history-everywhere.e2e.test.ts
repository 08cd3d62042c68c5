// History reads right everywhere, in Chromium against the demo warehouse: a move is filed at its
// destination, and its source location's page shows it too, as stock out to where it went; Lists →
// history shows each event's change signed with its direction in words, and its CSV the signed change.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docShot, go, signIn, startApp, waitForSync, type App } from './support/app.ts';

describe('history at both ends of a move', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp();
    await signIn(app.page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
  });
  afterAll(async () => app?.close());

  it('shows a move "+N in from" at its destination and "−N out to" at its source', async () => {
    const { page } = app;
    const { events } = await app.call('history.query', { types: ['MOVE'], limit: 200 });
    const move = events.find((e) => e.qtyBefore !== null && e.qtyAfter !== null && e.qtyAfter > e.qtyBefore && e.fromLocationCode && e.toLocationCode)!;
    const size = (move.qtyAfter! - move.qtyBefore!).toLocaleString('en-GB');
    // the two ends: the locations of the move's facility named by its codes
    const ends = new Map<string, string>();
    for (const code of [move.fromLocationCode!, move.toLocationCode!]) {
      const { hits } = await app.call('search.query', { q: code, limit: 50 });
      for (const hit of hits.filter((h) => h.kind === 'location' && h.code === code && h.place?.facility === move.facility)) ends.set(code, hit.id);
    }
    expect(ends.size, `both ends of the move in ${move.facility}`).toBe(2);

    for (const [code, words] of [[move.toLocationCode!, `+${size} in from ${move.fromLocationCode}`], [move.fromLocationCode!, `\u2212${size} out to ${move.toLocationCode}`]] as const) {
      await go(page, `/location/${ends.get(code)}`);
      await page.getByTestId('location-page').waitFor();
      const row = page.locator(`[data-testid=history-row][data-event-id="${move.id}"]`);
      await row.waitFor();
      const change = row.getByTestId('history-change');
      expect((await change.textContent())!.trim(), `at ${code}`).toBe(words);
      expect(await change.getAttribute('data-direction')).toBe(code === move.toLocationCode ? 'in' : 'out');
    }
  });

  it('shows Lists → history with each change signed and its direction in words, and exports it signed', async () => {
    const { page } = app;
    await go(page, '/lists/history');
    await page.getByTestId('grid-row').first().waitFor();
    const shown = (await page.evaluate(`[...document.querySelectorAll('[data-testid=grid-row]')].map((row) => row.querySelector('[data-column=stock_change]')?.textContent.trim())`)) as string[];
    expect(shown.length).toBeGreaterThan(5);
    for (const text of shown) expect(text).toMatch(/^(\+[\d,]+ in|\u2212[\d,]+ out|±0 no change|—)$/);
    // a stock that left reads so: the list's first pick, as the core has it
    const { events } = await app.call('history.query', { types: ['PICK'], limit: 1 });
    const pick = events[0]!;
    await page.getByTestId('filter-reference').fill(pick.reference!);
    await expect.poll(() => page.locator('[data-testid=grid-row] [data-column=stock_change]').first().textContent().then((t) => t?.trim())).toBe(`\u2212${(pick.qtyBefore! - pick.qtyAfter!).toLocaleString('en-GB')} out`);
    expect(await page.locator('[data-testid=grid-row] [data-column=type]').first().textContent()).not.toContain('PICK');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    const header = lines[0]!.split(',');
    const change = header.indexOf('Change');
    expect(change, header.join(',')).toBeGreaterThanOrEqual(0);
    expect(lines.slice(1).map((line) => line.split(',')[change])).toContain(String(pick.qtyAfter! - pick.qtyBefore!));
  });
});

describe('a move at its source, in Spanish on a small screen', () => {
  let app: App;

  beforeAll(async () => {
    app = await startApp({ viewport: { width: 800, height: 600 } });
    await signIn(app.page, 'solo@example.com', 'demo1234');
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
  });
  afterAll(async () => app?.close());

  it('says "−N salida hacia" where the stock left', async () => {
    const { page } = app;
    const { events } = await app.call('history.query', { types: ['MOVE'], limit: 200 });
    let found: { id: string; words: string; locationId: string } | null = null;
    for (const move of events.filter((e) => e.qtyBefore !== null && e.qtyAfter !== null && e.qtyAfter > e.qtyBefore && e.fromLocationCode)) {
      const { hits } = await app.call('search.query', { q: move.fromLocationCode!, limit: 50 });
      const source = hits.find((h) => h.kind === 'location' && h.code === move.fromLocationCode && h.place?.facility === move.facility);
      if (!source) continue;
      found = { id: move.id, words: `\u2212${(move.qtyAfter! - move.qtyBefore!).toLocaleString('es-ES')} salida hacia ${move.toLocationCode}`, locationId: source.id };
      break;
    }
    expect(found, 'a move whose source is kept here').not.toBeNull();
    await go(page, `/location/${found!.locationId}`);
    const row = page.locator(`[data-testid=history-row][data-event-id="${found!.id}"]`);
    await row.waitFor();
    expect((await row.getByTestId('history-change').textContent())!.trim()).toBe(found!.words);
    await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await docShot(page, 'location-move-out-es-800x600');
  });
});
