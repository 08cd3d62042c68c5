// The Electron host against the fake `electron` module (test/fakes/electron.ts): the whole start-up
// path runs, with a real core and real settings file, and the test inspects what it registered.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { methods, type MethodName } from '../../electron/contract/methods.ts';
import { CALL_CHANNEL, EVENT_CHANNEL_PREFIX } from '../../electron/main/channels.ts';
import { startElectronHost, type ElectronHost } from '../../electron/main/electron-host.ts';
import { silentLogger } from '../../electron/core/context.ts';
import { writeKioskPolicy } from '../../electron/core/session/kiosk-policy.ts';
import { applicationMenu } from '../../electron/main/menu.ts';
import { app, BrowserWindow, ipcMain, Menu, powerMonitor, resetFakeElectronIn, session } from '../fakes/electron.ts';
import { tempDir } from '../support/temp-dir.ts';

const METHOD_NAMES = Object.keys(methods) as MethodName[];

const APP_URL = 'file:///opt/Aisle/resources/app.asar/out/renderer/index.html';

function frameEvent(url: string, parent: unknown = null) {
  return { senderFrame: { url, parent }, sender: {} };
}

async function call(event: unknown, method: unknown, args: unknown) {
  const handler = ipcMain.handlers.get(CALL_CHANNEL);
  if (!handler) throw new Error('no handler registered on ' + CALL_CHANNEL);
  return handler(event, method, args) as Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>;
}

describe('Electron host (fake electron)', () => {
  const data = tempDir();
  let host: ElectronHost;

  beforeEach(async () => {
    resetFakeElectronIn(data.path);
    const started = await startElectronHost({ appUrl: APP_URL, log: silentLogger });
    if (!started) throw new Error('host did not start');
    host = started;
  });

  afterEach(async () => {
    await host.core.close();
  });

  afterAll(() => data.remove());

  it('keeps Electron\'s default menu in development; a packaged app installs its own', async () => {
    expect(Menu.installed).toBeUndefined();
    await host.core.close();
    resetFakeElectronIn(data.path);
    app.isPackaged = true;
    host = (await startElectronHost({ appUrl: APP_URL, log: silentLogger }))!;
    expect(Menu.installed).toEqual(process.platform === 'darwin' ? { template: applicationMenu('darwin', true) } : null);
  });

  it('opens one window on the app page, sandboxed app-wide', () => {
    expect(BrowserWindow.created).toHaveLength(1);
    expect(BrowserWindow.created[0].loadedUrl).toBe(APP_URL);
    expect(app.sandboxEnabled).toBe(true);
    expect(path.basename(String((BrowserWindow.created[0].options.webPreferences as { preload: string }).preload))).toBe('index.cjs');
    expect(BrowserWindow.created[0].options).toMatchObject({ kiosk: false, webPreferences: { devTools: true } });
  });

  it('a kiosk (kiosk.json): full screen, no developer tools or menu, and closes only for the exit password', async () => {
    await host.core.close();
    resetFakeElectronIn(data.path, 'userData-kiosk');
    await writeKioskPolicy(app.paths.userData, 'exit 4 IT', { cost: { N: 2 ** 10, r: 8, p: 1 } });
    host = (await startElectronHost({ appUrl: APP_URL, log: silentLogger, overrides: { autoSync: false } }))!;
    const window = BrowserWindow.created[0];
    expect(window.options).toMatchObject({ kiosk: true, webPreferences: { devTools: false } });
    expect(Menu.installed).toEqual(process.platform === 'darwin' ? { template: [{ role: 'editMenu' }] } : null);
    expect(await call(frameEvent(APP_URL), 'kiosk.status', {})).toEqual({ ok: true, value: { enabled: true, canExit: true, server: null } });

    window.close(); // Alt+F4
    expect(window.closed).toBe(false);
    expect(window.webContents.sent).toEqual([{ channel: EVENT_CHANNEL_PREFIX + 'kiosk.exitRequested', payload: {} }]);
    expect(await call(frameEvent(APP_URL), 'kiosk.exit', { password: 'exit 4 it' })).toMatchObject({ ok: false, error: { code: 'wrong_credentials' } });
    expect(window.closed).toBe(false);

    const quit = new Promise((resolve) => app.once('quit', resolve));
    expect(await call(frameEvent(APP_URL), 'kiosk.exit', { password: 'exit 4 IT' })).toEqual({ ok: true, value: { leaving: true } });
    expect(window.closed).toBe(true);
    await quit; // after the core closed, as when the last window closes
    expect(window.webContents.sent).toHaveLength(1);
  });

  it('a kiosk does not stand in the way of the OS shutting down or ending the session', async () => {
    for (const ending of ['shutdown', 'session-end'] as const) {
      await host.core.close();
      resetFakeElectronIn(data.path, `userData-kiosk-${ending}`);
      await writeKioskPolicy(app.paths.userData, 'exit 4 IT', { cost: { N: 2 ** 10, r: 8, p: 1 } });
      host = (await startElectronHost({ appUrl: APP_URL, log: silentLogger, overrides: { autoSync: false } }))!;
      const window = BrowserWindow.created[0];
      window.close();
      expect(window.closed).toBe(false);
      if (ending === 'shutdown') powerMonitor.emit('shutdown'); // Linux, macOS
      else window.emit('session-end'); // Windows
      window.close();
      expect(window.closed, ending).toBe(true);
    }
  });

  it('registers one call channel that reaches every contract method', async () => {
    expect([...ipcMain.handlers.keys()]).toEqual([CALL_CHANNEL]);
    for (const name of METHOD_NAMES) {
      const result = await call(frameEvent(APP_URL), name, {});
      // Either the method ran or its own schema judged the arguments: never "unknown".
      if (!result.ok) expect([name, result.error?.code]).not.toEqual([name, 'unknown_method']);
      if (methods[name].args.safeParse({}).success === false) expect(result).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    }
    expect(await call(frameEvent(APP_URL), 'app.info', {})).toMatchObject({ ok: true, value: { host: 'electron', version: '0.0.0-test' } });
    expect(await call(frameEvent(APP_URL), 'no.such.method', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('refuses calls from a foreign page, a subframe or a vanished frame', async () => {
    const foreign = [
      frameEvent('https://evil.example/index.html'),
      frameEvent('file:///tmp/other.html'),
      frameEvent(APP_URL, { url: APP_URL }),
      { senderFrame: null, sender: {} },
      {},
    ];
    for (const event of foreign) {
      expect(await call(event, 'app.info', {})).toEqual({ ok: false, error: { code: 'forbidden_sender', message: expect.any(String) } });
    }
  });

  it('validates arguments before the core sees them', async () => {
    const bad = await call(frameEvent(APP_URL), 'settings.set', { syncIntervalMinutes: -3 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(bad.error?.message).toContain('syncIntervalMinutes');
    expect(await call(frameEvent(APP_URL), 'app.info', { extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(await call(frameEvent(APP_URL), 'settings.get', 'not an object')).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('keeps settings in electron-store, in userData/settings.json with mode 0600', async () => {
    expect(await call(frameEvent(APP_URL), 'settings.set', { theme: 'dark', syncIntervalMinutes: 15 })).toMatchObject({ ok: true });
    const file = path.join(app.paths.userData, 'settings.json');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).settings).toMatchObject({ theme: 'dark', syncIntervalMinutes: 15 });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await call(frameEvent(APP_URL), 'settings.get', {})).toMatchObject({ ok: true, value: { theme: 'dark', syncIntervalMinutes: 15 } });
  });

  it('starts on the default settings when settings.json is not JSON, and keeps that file aside', async () => {
    await host.core.close();
    resetFakeElectronIn(data.path);
    mkdirSync(app.paths.userData, { recursive: true });
    writeFileSync(path.join(app.paths.userData, 'settings.json'), '{ "settings": { "theme": ');
    const warned: string[] = [];
    host = (await startElectronHost({ appUrl: APP_URL, log: { ...silentLogger, warn: (message) => warned.push(message) } }))!;
    expect(await call(frameEvent(APP_URL), 'settings.get', {})).toMatchObject({ ok: true, value: { theme: 'light', syncIntervalMinutes: 5 } });
    const aside = readdirSync(app.paths.userData).filter((f) => f.startsWith('settings.damaged-'));
    expect(aside.map((f) => readFileSync(path.join(app.paths.userData, f), 'utf8'))).toContain('{ "settings": { "theme": ');
    expect(warned).toEqual([expect.stringContaining('not JSON')]);
  });

  it('starts the in-process demo warehouse on demand and stops it with the core', async () => {
    const started = await call(frameEvent(APP_URL), 'demo.start', {});
    expect(started).toMatchObject({ ok: true, value: { url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/) } });
    const url = (started.value as { url: string }).url;
    const answer = await fetch(new URL('/v1/api/pub/lists', url));
    expect(answer.headers.get('content-type')).toMatch(/json/);
    await host.core.close();
    await expect(fetch(new URL('/v1/api/pub/lists', url))).rejects.toThrow();
  });

  it('closes the core on every way out: the last window, and app.quit() (macOS\'s Quit, the OS)', async () => {
    for (const way of ['window', 'app.quit'] as const) {
      await host.core.close();
      resetFakeElectronIn(data.path);
      host = (await startElectronHost({ appUrl: APP_URL, log: silentLogger, overrides: { autoSync: false } }))!;
      const started = await call(frameEvent(APP_URL), 'demo.start', {});
      const url = (started.value as { url: string }).url;
      const quit = new Promise((resolve) => app.once('quit', resolve));
      if (way === 'window') BrowserWindow.created[0].close();
      else app.quit();
      await quit;
      expect(BrowserWindow.created[0].closed, way).toBe(true);
      // the in-process demo warehouse went with the core
      await expect(fetch(new URL('/v1/api/pub/lists', url)), way).rejects.toThrow();
    }
  });

  it('locks the session when the OS locks its screen or sleeps, if idle locking is on', async () => {
    await host.core.close();
    resetFakeElectronIn(data.path, 'userData-lock');
    host = (await startElectronHost({ appUrl: APP_URL, log: silentLogger, overrides: { autoSync: false } }))!;
    const locked = async () => ((await call(frameEvent(APP_URL), 'session.current', {})).value as { locked: boolean }).locked;
    powerMonitor.emit('lock-screen'); // nobody signed in: nothing to lock, nothing breaks
    expect(await call(frameEvent(APP_URL), 'session.signIn', { server: 'demo', email: 'solo@example.com', password: 'demo1234' })).toMatchObject({ ok: true });

    powerMonitor.emit('lock-screen');
    expect(await locked()).toBe(false); // lockAfterMinutes 0: this is not a shared workstation

    await call(frameEvent(APP_URL), 'settings.set', { lockAfterMinutes: 10 });
    powerMonitor.emit('lock-screen'); // the lock is taken while the event is handled
    expect(await locked()).toBe(true);
    expect(await call(frameEvent(APP_URL), 'session.unlock', { password: 'demo1234' })).toMatchObject({ ok: true, value: { locked: false } });
    powerMonitor.emit('suspend');
    expect(await locked()).toBe(true);
  });

  it('forwards core events to the window on aisle:event:<name>', () => {
    const payload = { state: 'online' as const, checkedAt: '2026-11-21T00:00:00Z', latencyMs: 12 };
    host.core.events.emit('connectivity.changed', payload as never);
    expect(BrowserWindow.created[0].webContents.sent).toEqual([{ channel: EVENT_CHANNEL_PREFIX + 'connectivity.changed', payload }]);
  });

  it('hardens the session: no permissions, the CSP header on every response', () => {
    const { permissionHandler, permissionCheckHandler, headersListener } = session.defaultSession;
    let granted: boolean | null = null;
    permissionHandler?.({}, 'media', (g) => (granted = g));
    expect(granted).toBe(false);
    expect(permissionCheckHandler?.({}, 'notifications')).toBe(false);
    let headers: Record<string, string[]> | undefined;
    headersListener?.({ responseHeaders: { 'X-Other': ['1'] } }, (r) => (headers = r.responseHeaders));
    expect(headers?.['X-Other']).toEqual(['1']);
    expect(headers?.['Content-Security-Policy']?.[0]).toMatch(/script-src 'self'/);
    expect(headers?.['Content-Security-Policy']?.[0]).not.toContain('unsafe-eval');
  });
});
