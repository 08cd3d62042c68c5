// One status that never contradicts itself, in Chromium against the demo warehouse: offline is one
// line (not one reason on every row); after the server has forgotten the session, every list fails,
// and neither the Sync page nor `aisle status` says the last sync was now, nor "up to date".
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { docShot, go, startApp, waitForSync, type App } from './support/app.ts';

async function status(app: App): Promise<string[]> {
  const lines: string[] = [];
  const io: CliIo = { out: (l) => lines.push(l), err: () => undefined, env: {}, promptPassword: () => Promise.reject(new Error('no prompt')) };
  expect(await main(['status', '--data', app.dataDir], io)).toBe(0);
  return lines;
}

describe('the sync status after the network and the session failed', () => {
  let app: App;
  let forgetful: DemoServer | null = null;
  let port = 0;

  beforeAll(async () => {
    app = await startApp({ viewport: { width: 1024, height: 768 } });
    // by the server's address, as at a warehouse (an in-process demo's mirror needs nobody's attention)
    const { page } = app;
    await page.getByTestId('sign-in-form').waitFor();
    await page.getByTestId('server-url').click();
    await page.getByTestId('server-input').fill(app.demo!.url);
    await page.getByTestId('email').fill('demo@example.com');
    await page.getByTestId('password').fill('demo1234');
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('license-picker').waitFor();
    await page.locator('[data-testid=license-option][data-license-type=ENTERPRISE]').click();
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
    port = app.demo!.port;
  });
  afterAll(async () => {
    await forgetful?.close();
    await app?.close();
  });

  it('offline: says it once, in the line, and not on every list', async () => {
    const { page } = app;
    await app.stopDemo();
    await go(page, '/sync');
    await page.getByTestId('sync-now').waitFor();
    await app.call('sync.now').catch(() => undefined);
    await expect.poll(() => page.getByTestId('sync-line').getAttribute('data-kind')).toBe('offline');
    await expect.poll(async () => (await app.call('sync.status')).datasets.every((d) => d.lastError !== null)).toBe(true);
    const errors = await page.getByTestId('dataset-error').allTextContents();
    expect(errors.length).toBeGreaterThan(5);
    expect(new Set(errors.map((e) => e.trim()))).toEqual(new Set(['—']));
    expect(await page.getByTestId('sync-problems').count()).toBe(0);
  });

  it('a reconnect to a server that forgot the session: the last sync failed, said on the page and by aisle status', async () => {
    const { page } = app;
    const before = await app.call('sync.status');
    const lastData = before.summary.lastDataAt!;
    // the same address, but a server with no memory of the session: every call is refused
    forgetful = await startDemoServer({ items: 3000, onError: () => undefined, dataFile: path.join(app.dataDir, '..', 'other-sessions.sqlite'), port });
    await app.call('session.ping');
    await app.call('sync.now').catch(() => undefined);
    const codes = async () => [...new Set((await app.call('sync.status')).datasets.map((d) => d.lastError?.code ?? 'none'))].join(',');
    // the session is refused: every list fails, for that one cause
    await expect.poll(async () => [await page.getByTestId('status-indicator').getAttribute('data-state'), await codes()], { timeout: 40_000 }).toEqual(['expired', 'session_expired']);
    const after = await app.call('sync.status');
    expect(after.summary.lastDataAt).toBe(lastData);
    expect(after.summary.state).toBe('failed');
    expect(after.summary.problems.map((p) => [p.code, p.lists.length])).toEqual([['session_expired', after.datasets.length]]);
    await go(page, '/sync');
    const line = page.getByTestId('sync-line');
    await expect.poll(() => line.getAttribute('data-kind')).toBe('expired');
    expect((await line.textContent())!.trim()).toMatch(/^Session expired — sign in again to sync · the last sync failed; data as of \d/);
    // one cause, with the lists under it, not one line per list
    expect(await page.getByTestId('sync-problem').count()).toBe(1);
    expect((await page.getByTestId('sync-problem-lists').textContent())!.trim()).toBe(`Every list (${after.datasets.length})`);
    expect(new Set((await page.getByTestId('dataset-error').allTextContents()).map((e) => e.trim()))).toEqual(new Set(['—']));
    expect(await page.getByTestId('sync-last-data').count()).toBe(0);
    expect(await line.textContent()).not.toMatch(/Last sync (now|just now)/);
    await docShot(page, 'sync-failed-1024x768');
    const cli = await status(app);
    expect(cli[0]).toMatch(/ · last sync failed, data of [\d: -]+ · [\d,]+ items · 1 problem$/);
    expect(cli[0]).not.toContain('up to date');
    expect(cli.filter((l) => l.startsWith('  problem: '))).toEqual([expect.stringMatching(new RegExp(`\\(session_expired\\) — ${after.datasets.length} lists: `))]);
  });
});
