// The Electron host: app lifecycle, the one hardened window, and IPC onto the core.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, session, shell, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { dispatch } from '../contract/dispatch.ts';
import { EVENT_NAMES } from '../contract/events.ts';
import { createCore, type Core } from '../core/core.ts';
import { CONTENT_SECURITY_POLICY } from '../hosts/browser/browser-host.ts';
import { CALL_CHANNEL, EVENT_CHANNEL_PREFIX } from './channels.ts';
import { createElectronSettingsStore } from './settings.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export function hardenedWindowOptions(preloadPath: string): Electron.BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 600,
    show: false,
    backgroundColor: '#f4f5f7',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      navigateOnDragDrop: false,
    },
  };
}

/** The app's own page: file:// of the built renderer (or the dev server URL in development). */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const given = new URL(url);
    const own = new URL(appUrl);
    if (own.protocol === 'file:') return given.protocol === 'file:' && given.pathname === own.pathname;
    return given.origin === own.origin;
  } catch {
    return false;
  }
}

export function registerIpc(core: Core, appUrl: () => string, ipc = ipcMain): void {
  ipc.handle(CALL_CHANNEL, async (event: IpcMainInvokeEvent, method: unknown, args: unknown) => {
    const frameUrl = event.senderFrame?.url ?? '';
    if (!isAppUrl(frameUrl, appUrl()) || event.senderFrame?.parent) {
      return { ok: false, error: { code: 'forbidden_sender', message: 'Calls are accepted only from the app window.' } };
    }
    return dispatch(core.handlers, method, args);
  });
}

export function forwardEvents(core: Core, contents: () => WebContents | null): () => void {
  const unsubscribes = EVENT_NAMES.map((name) =>
    core.events.on(name, (payload) => {
      const target = contents();
      if (target && !target.isDestroyed()) target.send(EVENT_CHANNEL_PREFIX + name, payload);
    }),
  );
  return () => unsubscribes.forEach((u) => u());
}

export async function startElectronHost(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  await app.whenReady();
  const core = createCore({
    host: 'electron',
    version: app.getVersion(),
    dataDir: app.getPath('userData'),
    settings: await createElectronSettingsStore(),
    exportDir: app.getPath('downloads'),
  });

  const rendererUrl = process.env.ELECTRON_RENDERER_URL;
  const appUrl = rendererUrl ?? new URL(`file://${path.join(here, '../renderer/index.html')}`).href;

  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });

  let window: BrowserWindow | null = new BrowserWindow(hardenedWindowOptions(path.join(here, '../preload/index.cjs')));
  registerIpc(core, () => appUrl);
  forwardEvents(core, () => window?.webContents ?? null);

  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.once('ready-to-show', () => window?.show());
  window.on('closed', () => {
    window = null;
  });
  await window.loadURL(appUrl);

  app.on('window-all-closed', () => {
    void core.close().finally(() => app.quit());
  });
}
