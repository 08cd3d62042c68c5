// The built renderer in Debian's Chromium, through the browser host: the secret link, a contract
// call from the page, events pushed to the page, and a foreign page that cannot call in.
import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/core.ts';
import { startBrowserHost, type BrowserHost } from '../../electron/hosts/browser/browser-host.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { launchChromium } from '../support/chromium.ts';
import { tempDir } from '../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const artifacts = path.join(root, 'test/.artifacts');

describe('the renderer in Chromium through the browser host', () => {
  const data = tempDir();
  let core: Core;
  let host: BrowserHost;
  let browser: Browser;

  beforeAll(async () => {
    core = createNodeCore({ host: 'browser', dataDir: data.path });
    host = await startBrowserHost({ core, rendererDir: path.join(root, 'out/renderer') });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await core?.close();
    data.remove();
  });

  it('loads the page with the secret link and answers a contract call, without console errors', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(host.url);
    // the key stays in the page's own address (it is sent as a header, never kept in a cookie)
    await expect.poll(() => page.url()).toMatch(new RegExp(`^${host.origin}/\\?k=[^#&]+(#/.*)?$`));
    const info = page.getByTestId('app-info');
    // The element is drawn at once; its text arrives with the answer to app.info.
    await expect.poll(() => info.textContent()).toContain('browser host');
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, 'app-info.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('delivers core events to the page over server-sent events', async () => {
    const page = await browser.newPage();
    await page.goto(host.url);
    // Runs in the page; typed loosely because this project's type-check has no DOM library.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const page = globalThis as unknown as { received: unknown[]; EventSource: new (url: string) => { addEventListener(name: string, f: (e: { data: string }) => void): void; onopen: () => void } };
          page.received = [];
          const key = new URLSearchParams((globalThis as unknown as { location: { search: string } }).location.search).get('k') ?? '';
          const source = new page.EventSource(`/api/events?k=${key}`);
          source.addEventListener('sync.progress', (e) => page.received.push(JSON.parse(e.data)));
          source.onopen = () => resolve();
        }),
    );
    core.events.emit('sync.progress', { phase: 'e2e' } as never);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { received: unknown[] }).received)).toEqual([{ phase: 'e2e' }]);
    await page.close();
  });

  it('refuses the page without the secret', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(host.origin + '/');
    expect(response?.status()).toBe(401);
    await context.close();
  });

  it('a page from another origin in the same browser cannot call the contract, over HTTP or the WebSocket', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(host.url); // this browser has the page open
    const foreign = http.createServer((_req, res) => res.end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    try {
      const other = await context.newPage();
      await other.goto(`http://localhost:${(foreign.address() as AddressInfo).port}/`);
      const outcomes = await other.evaluate(async (target) => {
        const attempts = [
          { headers: { 'Content-Type': 'application/json' }, mode: 'cors' as const },
          { headers: { 'Content-Type': 'text/plain' }, mode: 'no-cors' as const },
        ];
        const results: string[] = [];
        for (const a of attempts) {
          try {
            const r = await fetch(`${target}/api/call/settings.set`, { method: 'POST', credentials: 'include', body: '{"theme":"dark"}', ...a });
            results.push(`status ${r.status}`);
          } catch (e) {
            results.push(`blocked: ${String(e)}`);
          }
        }
        // The calls' WebSocket: the handshake carries this page's Origin, which the host refuses.
        results.push(
          await new Promise<string>((resolve) => {
            const ws = new WebSocket(`${target.replace('http', 'ws')}/api/socket`);
            ws.onopen = () => {
              ws.send(JSON.stringify({ id: 1, method: 'settings.set', args: { theme: 'dark' } }));
              resolve('ws opened');
            };
            ws.onclose = () => resolve('ws refused');
          }),
        );
        return results;
      }, host.origin);
      expect(outcomes).toHaveLength(3);
      expect(outcomes[2]).toBe('ws refused');
      const theme = await page.evaluate(async () => {
        const key = new URLSearchParams((globalThis as unknown as { location: { search: string } }).location.search).get('k') ?? '';
        const response = await fetch('/api/call/settings.get', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Aisle-Key': key }, body: '{}' });
        return ((await response.json()) as { value: { theme: string } }).value.theme;
      });
      expect(theme).toBe('light');
    } finally {
      foreign.closeAllConnections();
      await new Promise((resolve) => foreign.close(resolve));
      await context.close();
    }
  });
});

describe('the built preload', () => {
  it('is CommonJS and requires nothing but electron (a sandboxed preload can load nothing else)', () => {
    const source = readFileSync(path.join(root, 'out/preload/index.cjs'), 'utf8');
    expect(source).not.toMatch(/^\s*(import|export)\s/m);
    const required = [...source.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(source).toContain('exposeInMainWorld("aisle"');
  });
});
