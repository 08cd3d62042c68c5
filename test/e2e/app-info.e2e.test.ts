import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../electron/hosts/browser/browser-host.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { launchChromium } from '../support/chromium.ts';
import { tempDir } from '../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const artifacts = path.join(root, 'test/.artifacts');

describe('the renderer in Chromium through the browser host', () => {
  const data = tempDir();
  let host: BrowserHost;
  let browser: Browser;

  beforeAll(async () => {
    const core = createNodeCore({ host: 'browser', dataDir: data.path });
    host = await startBrowserHost({ core, rendererDir: path.join(root, 'out/renderer') });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    data.remove();
  });

  it('loads the page with the secret link and answers a contract call', async () => {
    const page = await browser.newPage();
    await page.goto(host.url);
    await expect.poll(() => page.url()).toBe(host.origin + '/');
    const info = page.getByTestId('app-info');
    await info.waitFor();
    expect(await info.textContent()).toContain('browser host');
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, 'app-info.png') });
  });

  it('refuses the page without the secret', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(host.origin + '/');
    expect(response?.status()).toBe(401);
    await context.close();
  });
});
