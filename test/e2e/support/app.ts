// The whole app for end-to-end tests: the demo warehouse (stoppable, restartable on its port), the
// core with real SQLite in a temp folder, the browser host serving the built renderer, Chromium.
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { dispatch } from '../../../electron/contract/dispatch.ts';
import type { MethodArgs, MethodName, MethodResult } from '../../../electron/contract/methods.ts';
import type { Core } from '../../../electron/core/core.ts';
import type { CoreDeps } from '../../../electron/core/context.ts';
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../../electron/demo/index.ts';
import { startBrowserHost, type BrowserHost } from '../../../electron/hosts/browser/browser-host.ts';
import { createNodeCore } from '../../../electron/hosts/node-core.ts';
import { launchChromium } from '../../support/chromium.ts';
import { scan } from '../../support/scanner-keys.ts';
import { tempDir } from '../../support/temp-dir.ts';

export { scan };

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

export async function startApp(options: { demo?: DemoServerOptions; viewport?: { width: number; height: number }; core?: Partial<CoreDeps>; timezoneId?: string } = {}): Promise<App> {
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
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, acceptDownloads: true, ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}) });
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

/**
 * The demo user's offline data file, synced and then closed by a sign-out, so that a test may change
 * it as another version of Aisle would have left it before the next sign-in opens it.
 */
export async function syncedThenSignedOut(app: App): Promise<string> {
  const { page } = app;
  await signIn(page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
  await page.getByTestId('home-page').waitFor();
  await waitForSync(app);
  await page.getByTestId('nav-session').click();
  await page.getByTestId('sign-out').click();
  await page.getByTestId('sign-in-form').waitFor();
  const dir = path.join(app.dataDir, 'mirrors');
  const [name] = readdirSync(dir).filter((f) => f.endsWith('.sqlite'));
  return path.join(dir, name!);
}

/** The screenshots the user guide shows, kept in the repository (looked at before each commit). */
export const DOC_SCREENS = path.join(root, 'docs/screenshots');

/** A screenshot for docs/screenshots, of the window as it is (PNG, the viewport only). */
export async function docShot(page: Page, name: string): Promise<void> {
  mkdirSync(DOC_SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(DOC_SCREENS, `${name}.png`) });
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

/**
 * For the tests of the describe block it is called in: the app started (with `options`), the demo
 * user signed in on the ENTERPRISE license and the first sync done, before the first test; the app
 * closed after the last. `use` is handed the app.
 */
export function syncedAppForAll(use: (app: App) => void, options?: Parameters<typeof startApp>[0]): void {
  let app: App | undefined;
  beforeAll(async () => {
    app = await startApp(options);
    await signIn(app.page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
    use(app);
  });
  afterAll(async () => app?.close());
}
