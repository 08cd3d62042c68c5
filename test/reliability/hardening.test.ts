// Point 5: the checklist of design.md section 6, item by item, against the Electron host (fake
// electron module, real core) and the browser host; plus the electronegativity audit CI runs
// (.ci/electronegativity.mjs, from the hosts branch), run here for its figure.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods, type MethodName } from '../../electron/contract/methods.ts';
import { startDemoServer, DEMO_PASSWORD, type DemoServer } from '../../electron/demo/index.ts';
import { CONTENT_SECURITY_POLICY } from '../../electron/hosts/content-security-policy.ts';
import { startBrowserHost } from '../../electron/hosts/browser/browser-host.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { CALL_CHANNEL } from '../../electron/main/channels.ts';
import { startElectronHost, type ElectronHost } from '../../electron/main/electron-host.ts';
import { app, BrowserWindow, contextBridge, ipcMain, resetFakeElectronIn, session } from '../fakes/electron.ts';
import { tempDir } from '../support/temp-dir.ts';
import { recordFigures } from './support/figures.ts';

const METHOD_NAMES = Object.keys(methods) as MethodName[];

const APP_URL = 'file:///opt/Aisle/resources/app.asar/out/renderer/index.html';
const checklist: { item: string; held: boolean }[] = [];
const check = (item: string, fn: () => void | Promise<void>) =>
  it(item, async () => {
    checklist.push({ item, held: false });
    await fn();
    checklist[checklist.length - 1].held = true;
  });

let data: ReturnType<typeof tempDir>;
let host: ElectronHost;
let demo: DemoServer;
const fromApp = { senderFrame: { url: APP_URL, parent: null }, sender: {} };
const call = (method: unknown, args: unknown, event: unknown = fromApp) =>
  ipcMain.handlers.get(CALL_CHANNEL)!(event, method, args) as Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>;
const webPreferences = () => BrowserWindow.created[0].options.webPreferences as Record<string, unknown>;

beforeAll(async () => {
  data = tempDir('aisle-hardening-');
  demo = await startDemoServer({ seed: 8, items: 100, facilities: 1, accounts: 1, historyDays: 2, rateLimit: 0 });
  resetFakeElectronIn(data.path);
  const started = await startElectronHost({ appUrl: APP_URL, log: { info() {}, warn() {}, error() {} } });
  if (!started) throw new Error('the Electron host did not start');
  host = started;
});
afterAll(async () => {
  await host?.core.close();
  await demo?.close();
  data?.remove();
  recordFigures('hardening', { checklist });
});

describe('design.md section 6, the Electron checklist (point 5)', () => {
  check('contextIsolation on', () => expect(webPreferences().contextIsolation).toBe(true));
  check('sandbox on, for the window and app-wide', () => {
    expect(webPreferences().sandbox).toBe(true);
    expect(app.sandboxEnabled).toBe(true);
  });
  check('no nodeIntegration (window, workers, subframes), no webview tag', () => {
    expect(webPreferences().nodeIntegration).toBe(false);
    expect(webPreferences().nodeIntegrationInWorker).toBe(false);
    expect(webPreferences().nodeIntegrationInSubFrames).toBe(false);
    expect(webPreferences().webviewTag).toBe(false);
    expect(webPreferences().webSecurity).toBe(true);
    expect(webPreferences().allowRunningInsecureContent).toBe(false);
  });
  check('a strict CSP, on every response', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|https?:|\*/);
    let headers: Record<string, string[]> | undefined;
    session.defaultSession.headersListener!({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => (headers = r.responseHeaders));
    expect(headers!['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });
  check('no remote content: the window loads the packaged file, permissions are refused', async () => {
    expect(BrowserWindow.created[0].loadedUrl).toBe(APP_URL);
    let granted: boolean | null = null;
    session.defaultSession.permissionHandler!({}, 'media', (g) => (granted = g));
    expect(granted).toBe(false);
    expect(session.defaultSession.permissionCheckHandler!()).toBe(false);
  });
  check('navigation away and new windows denied', () => {
    const contents = BrowserWindow.created[0].webContents;
    expect(contents.emitCancellable('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.emitCancellable('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.emitCancellable('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.emitCancellable('will-navigate', APP_URL)).toBe(false);
    expect(contents.emitCancellable('will-attach-webview')).toBe(true);
    expect(contents.openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });
  check('IPC sender checked: subframes and foreign pages refused', async () => {
    for (const event of [{ senderFrame: { url: 'https://evil.example/', parent: null } }, { senderFrame: { url: APP_URL, parent: {} } }, { senderFrame: null }]) {
      expect((await call('app.info', {}, event)).error?.code).toBe('forbidden_sender');
    }
    expect((await call('app.info', {})).ok).toBe(true);
  });
  check('every argument validated: an unknown key is refused by every method', async () => {
    for (const method of METHOD_NAMES) expect((await call(method, { unexpected: 1 })).error?.code, method).toBe('invalid_argument');
  });
  check('the preload exposes only window.aisle, with invoke and on', async () => {
    await import('../../electron/preload/index.ts');
    expect(Object.keys(contextBridge.exposed)).toEqual(['aisle']);
    expect(Object.keys(contextBridge.exposed.aisle as object).sort()).toEqual(['invoke', 'on']);
  });
  check('no token or password reaches the renderer after sign-in (results and events)', async () => {
    const signedIn = await call('session.signIn', { server: demo.url, email: 'solo@example.com', password: DEMO_PASSWORD });
    expect(signedIn.ok).toBe(true);
    const outbound = JSON.stringify([signedIn, await call('session.current', {}), await call('session.info', {}), await call('settings.get', {}), BrowserWindow.created[0].webContents.sent]);
    expect(outbound).not.toContain(DEMO_PASSWORD);
    expect(outbound).not.toMatch(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\./);
    expect(outbound).not.toMatch(/refresh_?token"\s*:\s*"[^"]/i);
    await call('session.signOut', {});
  });
  check('the browser host listens on loopback only and demands its secret', async () => {
    const dir = path.join(data.path, 'browser');
    mkdirSync(path.join(dir, 'renderer'), { recursive: true });
    const core = createNodeCore({ host: 'browser', dataDir: path.join(dir, 'data') });
    const browser = await startBrowserHost({ core, rendererDir: path.join(dir, 'renderer') });
    try {
      expect(browser.address).toBe('127.0.0.1');
      // from the page's own origin, but without the key
      expect((await fetch(`${browser.origin}/api/call/app.info`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: browser.origin }, body: '{}' })).status).toBe(401);
    } finally {
      await browser.close();
      await core.close();
    }
  });
});

describe('electronegativity, the audit CI runs (point 5)', () => {
  it('reports no finding above informational that is not reviewed', () => {
    const run = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../.ci/electronegativity.mjs')], { encoding: 'utf8' });
    const summary = /electronegativity: (\d+) findings, (\d+) not reviewed/.exec(run.stdout);
    expect(summary, run.stdout + run.stderr).not.toBeNull();
    recordFigures('electronegativity', { findings: Number(summary![1]), notReviewed: Number(summary![2]), reviewed: run.stdout.split('\n').filter((l) => l.startsWith('reviewed')) });
    expect(Number(summary![2])).toBe(0);
    expect(run.status).toBe(0);
  });
});
