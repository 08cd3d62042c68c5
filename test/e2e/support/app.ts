// The whole app for end-to-end tests: the demo warehouse (stoppable, restartable on its port), the
// core with real SQLite in a temp folder, the browser host serving the built renderer, Chromium.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { dispatch } from '../../../electron/contract/dispatch.ts';
import type { MethodArgs, MethodName, MethodResult } from '../../../electron/contract/methods.ts';
import type { Core, CoreDeps } from '../../../electron/core/core.ts';
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../../electron/demo/index.ts';
import { startBrowserHost, type BrowserHost } from '../../../electron/hosts/browser/browser-host.ts';
import { createNodeCore } from '../../../electron/hosts/node-core.ts';
import { launchChromium } from '../../support/chromium.ts';
import { tempDir } from '../../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../../..');
export const SCREENS = path.join(root, 'test/.artifacts/screens');

export interface App {
  core: Core;
  host: BrowserHost;
  browser: Browser;
  page: Page;
  demo: DemoServer | null;
  exportDir: string;
  /** The core's data folder (settings, mirrors/). */
  dataDir: string;
  /** Calls the core directly, as the test's own view of the truth. */
  call<M extends MethodName>(method: M, args?: MethodArgs<M>): Promise<MethodResult<M>>;
  stopDemo(): Promise<void>;
  restartDemo(): Promise<void>;
  close(): Promise<void>;
}

export async function startApp(options: { demo?: DemoServerOptions; viewport?: { width: number; height: number }; core?: Partial<CoreDeps> } = {}): Promise<App> {
  const data = tempDir();
  const exportDir = path.join(data.path, 'exports');
  mkdirSync(exportDir, { recursive: true });
  // Sessions live in a file, so that a restarted demo server still knows them.
  const demoOptions: DemoServerOptions = { items: 3000, onError: () => undefined, dataFile: path.join(data.path, 'demo-sessions.sqlite'), ...options.demo };
  let demo: DemoServer | null = await startDemoServer(demoOptions);
  const port = demo.port;
  const dataDir = path.join(data.path, 'app');
  const core = createNodeCore({
    host: 'browser',
    dataDir,
    overrides: { exportDir, startDemoServer: async () => ({ url: `http://127.0.0.1:${port}` }), ...options.core },
  });
  const host = await startBrowserHost({ core, rendererDir: path.join(root, 'out/renderer') });
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(host.url);

  const app: App = {
    core, host, browser, page, exportDir, dataDir,
    get demo() {
      return demo;
    },
    async call(method, args) {
      const result = await dispatch(core.handlers, method, args ?? {});
      if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
      return result.value as never;
    },
    async stopDemo() {
      await demo?.close();
      demo = null;
    },
    async restartDemo() {
      demo = await startDemoServer({ ...demoOptions, port });
    },
    async close() {
      expect(problems, 'errors thrown in the page').toEqual([]);
      await browser.close();
      await host.close();
      await core.close();
      await demo?.close();
      data.remove();
    },
  };
  return app;
}

/** Signs in through the form; picks the license by type when the picker shows. */
export async function signIn(page: Page, email: string, password: string, options: { license?: string; remember?: boolean } = {}): Promise<void> {
  await page.getByTestId('sign-in-form').waitFor();
  await page.getByTestId('server-demo').click();
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  if (options.remember) await page.getByTestId('remember').check();
  await page.getByTestId('sign-in-submit').click();
  if (options.license) {
    await page.getByTestId('license-picker').waitFor();
    await page.locator(`[data-testid=license-option][data-license-type=${options.license}]`).click();
  }
}

/**
 * Types like a keyboard-wedge scanner: the whole code in one burst, then Enter; a GS1 group
 * separator (\u001d) goes as Ctrl+], as many scanners send it. The key events are real input
 * (CDP Input.dispatchKeyEvent, as Playwright's keyboard sends them), all written to Chromium at
 * once, each stamped with its time of pressing a millisecond apart, as the OS stamps a scanner's
 * keys. The app times keys by those stamps, so a busy test machine delivering them late, or the
 * page drawing in the middle of the burst, does not turn a scan into typing (as it must not on the
 * floor).
 */
export async function scan(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    await Promise.all(scannerKeyEvents(code).map((event, i) => cdp.send('Input.dispatchKeyEvent', { ...event, timestamp: start + i / 1000 })));
  } finally {
    await cdp.detach();
  }
}

/**
 * Waits for the screen a scan opens; if it never does, fails with what the page showed instead
 * (route, focused element, the search box and its popup) and a screenshot `scan-failed-<testid>`,
 * so that a scan missed on a CI machine can be told apart: not read as a scan, or not found.
 */
export async function scanOpened(page: Page, testid: string, timeout = 30_000): Promise<void> {
  try {
    await page.getByTestId(testid).waitFor({ timeout });
  } catch (error) {
    await shot(page, `scan-failed-${testid}`).catch(() => undefined);
    const state = await page
      .evaluate(`({
        route: location.hash,
        focused: document.activeElement?.outerHTML.slice(0, 160) ?? null,
        searchBox: document.querySelector('#global-search')?.value ?? null,
        popup: document.querySelector('[data-testid=search-popup]')?.innerText.slice(0, 300) ?? null,
      })`)
      .catch((e: unknown) => String(e));
    throw new Error(`${testid} did not open after the scan; the page showed ${JSON.stringify(state)}`, { cause: error });
  }
}

type KeyEvent = { type: 'keyDown' | 'rawKeyDown' | 'keyUp'; key: string; code: string; windowsVirtualKeyCode: number; modifiers?: number; text?: string; unmodifiedText?: string };

const CTRL = 2;

function scannerKeyEvents(code: string): KeyEvent[] {
  const events: KeyEvent[] = [];
  for (const ch of code) {
    if (ch === '\u001d') {
      events.push({ type: 'rawKeyDown', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, modifiers: CTRL });
      events.push({ type: 'rawKeyDown', key: ']', code: 'BracketRight', windowsVirtualKeyCode: 221, modifiers: CTRL });
      events.push({ type: 'keyUp', key: ']', code: 'BracketRight', windowsVirtualKeyCode: 221, modifiers: CTRL });
      events.push({ type: 'keyUp', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17 });
      continue;
    }
    const key = keyOf(ch);
    events.push({ type: 'keyDown', ...key, text: ch, unmodifiedText: ch });
    events.push({ type: 'keyUp', ...key });
  }
  events.push({ type: 'keyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', unmodifiedText: '\r' });
  events.push({ type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
  return events;
}

function keyOf(ch: string): { key: string; code: string; windowsVirtualKeyCode: number } {
  if (/^[a-z]$/i.test(ch)) return { key: ch, code: `Key${ch.toUpperCase()}`, windowsVirtualKeyCode: ch.toUpperCase().charCodeAt(0) };
  if (/^[0-9]$/.test(ch)) return { key: ch, code: `Digit${ch}`, windowsVirtualKeyCode: ch.charCodeAt(0) };
  const punctuation: Record<string, [string, number]> = { '-': ['Minus', 189], '.': ['Period', 190], '/': ['Slash', 191], ' ': ['Space', 32] };
  const known = punctuation[ch];
  if (!known) throw new Error(`scan(): no key for ${JSON.stringify(ch)}`);
  return { key: ch, code: known[0], windowsVirtualKeyCode: known[1] };
}

/**
 * Until a round has finished and no other is running or due (a round asked for while one ran, as
 * when connectivity comes online during the first sync, starts right after it).
 */
export async function waitForSync(app: App, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await app.call('sync.status');
    const due = s.nextRoundAt !== null && Date.parse(s.nextRoundAt) - Date.now() < 5_000;
    if (s.lastRoundFinishedAt && !s.running && !due && s.datasets.length > 0) return;
    if (Date.now() > until) throw new Error(`sync did not finish in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

/** Sets theme and floor mode on the settings screen, then goes back to where the page was. */
export async function look(page: Page, theme: 'light' | 'dark' | 'contrast', floorMode: boolean): Promise<void> {
  const back = (await page.evaluate('location.hash')) as string;
  await go(page, '/settings');
  await page.getByTestId(`theme-${theme}`).click();
  const floor = page.getByTestId('floor-mode');
  if ((await floor.isChecked()) !== floorMode) await floor.click();
  await expect.poll(() => page.evaluate('[document.documentElement.dataset.theme, document.documentElement.dataset.floor]')).toEqual([theme, String(floorMode)]);
  await page.evaluate(`location.hash = ${JSON.stringify(back)}`);
}

/** Moves to a screen by its hash route, as a link would. */
export async function go(page: Page, route: string): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(`#${route}`)}`);
  await expect.poll(() => page.evaluate('location.hash')).toBe(`#${route}`);
}
