// A fake `electron` module for unit tests of the thin Electron host: the real binary cannot run here.
// vitest aliases `electron` to this file (also inside electron-store, see vitest.config.ts). It
// behaves like Electron where the host relies on it and records what the host registers, so tests
// can call the handlers and inspect the options.
import { EventEmitter } from 'node:events';
import path from 'node:path';

type Handler = (event: unknown, ...args: unknown[]) => unknown;
type Listener = (...args: unknown[]) => void;

export const ipcMain = {
  handlers: new Map<string, Handler>(),
  listeners: new Map<string, Listener[]>(),
  handle(channel: string, handler: Handler) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
  on(channel: string, listener: Listener) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
    return this;
  },
};

export class FakeWebContents extends EventEmitter {
  sent: { channel: string; payload: unknown }[] = [];
  openHandler: null | ((details: { url: string }) => { action: string }) = null;
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload });
  }
  isDestroyed() {
    return this.destroyed;
  }
  crashed = 0;
  /** As Electron's: ends the renderer, which reports itself gone ('killed'). */
  forcefullyCrashRenderer() {
    this.crashed += 1;
    this.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
  }
  /** Test helper: the renderer's process ends for `reason` ('crashed', 'oom', 'clean-exit'…). */
  processGone(reason: string, exitCode = 1) {
    this.emit('render-process-gone', {}, { reason, exitCode });
  }
  /** Emits a cancellable event as Electron does; returns whether a listener prevented it. */
  emitCancellable(name: string, ...args: unknown[]): boolean {
    let prevented = false;
    this.emit(name, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  }
}

export class BrowserWindow extends EventEmitter {
  static created: BrowserWindow[] = [];
  readonly options: Record<string, unknown>;
  readonly webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  /** Every URL loaded, in order. */
  loads: string[] = [];
  visible = false;
  closed = false;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    BrowserWindow.created.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  async loadURL(url: string) {
    this.loadedUrl = url;
    this.loads.push(url);
  }
  isDestroyed() {
    return this.closed;
  }
  show() {
    this.visible = true;
  }
  /** As a click on the close button: 'close' may be prevented; else 'closed', and the app's last window gone. */
  close() {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (prevented || this.closed) return;
    this.closed = true;
    this.emit('closed');
    // not while quitting: Electron emits window-all-closed only when windows close by themselves
    if (!app.quitting && BrowserWindow.created.every((w) => w.closed)) app.emit('window-all-closed');
  }
  isMinimized() {
    return false;
  }
  restore() {}
  focus() {}
}

export const app = Object.assign(new EventEmitter(), {
  paths: {} as Record<string, string>,
  isPackaged: false,
  sandboxEnabled: false,
  quitCalled: false,
  quitting: false,
  loginItem: null as null | { openAtLogin?: boolean },
  setLoginItemSettings(settings: { openAtLogin?: boolean }) {
    app.loginItem = settings;
  },
  getVersion: () => '0.0.0-test',
  getPath(name: string) {
    const found = app.paths[name];
    if (!found) throw new Error(`fake electron: no path set for ${name}`);
    return found;
  },
  enableSandbox() {
    app.sandboxEnabled = true;
  },
  whenReady: async () => {},
  requestSingleInstanceLock: () => true,
  /** As Electron's: closes every window (one that prevents it cancels the quit), then 'will-quit', which may be prevented too. */
  quit() {
    app.quitting = true;
    for (const window of BrowserWindow.created) window.close();
    app.quitting = false;
    if (BrowserWindow.created.some((w) => !w.closed)) return;
    let prevented = false;
    app.emit('will-quit', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    app.quitCalled = true;
    app.emit('quit');
  },
});

type PermissionHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
type HeadersListener = (details: { responseHeaders?: Record<string, string[]> }, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void;

export const session = {
  defaultSession: {
    permissionHandler: null as PermissionHandler | null,
    permissionCheckHandler: null as ((...args: unknown[]) => boolean) | null,
    headersListener: null as HeadersListener | null,
    /** What Chromium's proxy resolution answers (system settings, PAC, WPAD), and the URLs it was asked for. */
    proxyList: 'DIRECT',
    /** A PAC file's answers by origin, where it answers otherwise than `proxyList`. */
    proxyListByOrigin: {} as Record<string, string>,
    proxyAsked: [] as string[],
    async resolveProxy(url: string): Promise<string> {
      session.defaultSession.proxyAsked.push(url);
      return session.defaultSession.proxyListByOrigin[new URL(url).origin] ?? session.defaultSession.proxyList;
    },
    setPermissionRequestHandler(handler: PermissionHandler) {
      this.permissionHandler = handler;
    },
    setPermissionCheckHandler(handler: (...args: unknown[]) => boolean) {
      this.permissionCheckHandler = handler;
    },
    webRequest: {
      onHeadersReceived(listener: HeadersListener) {
        session.defaultSession.headersListener = listener;
      },
    },
  },
};

/** Message boxes shown, and the button the next one answers with (0: the first). */
export const dialog = {
  shown: [] as { message?: string; buttons?: string[] }[],
  answer: 1,
  async showMessageBox(...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> {
    dialog.shown.push(args.at(-1) as { message?: string; buttons?: string[] });
    return { response: dialog.answer, checkboxChecked: false };
  },
};

export const shell = {
  opened: [] as string[],
  async openExternal(url: string) {
    shell.opened.push(url);
  },
  async openPath() {
    return '';
  },
};

export const contextBridge = {
  exposed: {} as Record<string, unknown>,
  exposeInMainWorld(key: string, api: unknown) {
    if (key in this.exposed) throw new Error(`Cannot bind an API on top of an existing property: ${key}`);
    this.exposed[key] = api;
  },
};

export const ipcRenderer = {
  invoked: [] as unknown[][],
  listeners: new Map<string, Set<Listener>>(),
  async invoke(...args: unknown[]) {
    ipcRenderer.invoked.push(args);
    return { ok: true, value: null };
  },
  on(channel: string, listener: Listener) {
    const set = ipcRenderer.listeners.get(channel) ?? new Set();
    set.add(listener);
    ipcRenderer.listeners.set(channel, set);
    return ipcRenderer;
  },
  removeListener(channel: string, listener: Listener) {
    ipcRenderer.listeners.get(channel)?.delete(listener);
    return ipcRenderer;
  },
  /** Test helper: main sends `payload` on `channel`. */
  deliver(channel: string, payload: unknown) {
    for (const listener of ipcRenderer.listeners.get(channel) ?? []) listener({ sender: null }, payload);
  },
};

/** Records the application menu installed: undefined while none was set (Electron's default). */
export const Menu = {
  installed: undefined as { template: unknown[] } | null | undefined,
  buildFromTemplate: (template: unknown[]) => ({ template }),
  setApplicationMenu(menu: { template: unknown[] } | null) {
    Menu.installed = menu;
  },
};

/** Emits what the OS reports: 'lock-screen', 'suspend'… */
export const powerMonitor = new EventEmitter();

/** A reversible "encryption" (the real one needs the OS keychain). */
export const safeStorage = {
  /** What Chromium picked on Linux; tests set 'basic_text' to play a machine without a keyring. */
  backend: 'gnome_libsecret' as string,
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend(): string {
    return safeStorage.backend;
  },
  encryptString: (s: string) => Buffer.from('enc:' + s),
  decryptString: (b: Buffer) => b.toString().replace(/^enc:/, ''),
};

/** Forgets everything the fake recorded (between tests). */
export function resetFakeElectron(): void {
  ipcMain.handlers.clear();
  ipcMain.listeners.clear();
  BrowserWindow.created = [];
  safeStorage.backend = 'gnome_libsecret';
  app.removeAllListeners();
  powerMonitor.removeAllListeners();
  app.paths = {};
  app.isPackaged = false;
  Menu.installed = undefined;
  app.sandboxEnabled = false;
  app.quitCalled = false;
  app.quitting = false;
  app.loginItem = null;
  session.defaultSession.permissionHandler = null;
  session.defaultSession.permissionCheckHandler = null;
  session.defaultSession.headersListener = null;
  session.defaultSession.proxyList = 'DIRECT';
  session.defaultSession.proxyListByOrigin = {};
  session.defaultSession.proxyAsked = [];
  shell.opened = [];
  dialog.shown = [];
  dialog.answer = 1;
  contextBridge.exposed = {};
  ipcRenderer.invoked = [];
  ipcRenderer.listeners.clear();
}

/** A fresh fake whose app keeps its data in `folder`: its userData in the folder named `userData` there, its downloads in `Downloads`. */
export function resetFakeElectronIn(folder: string, userData = 'userData'): void {
  resetFakeElectron();
  app.paths = { userData: path.join(folder, userData), downloads: path.join(folder, 'Downloads') };
}

export default { ipcMain, BrowserWindow, app, session, shell, dialog, contextBridge, ipcRenderer, safeStorage, powerMonitor, Menu };
