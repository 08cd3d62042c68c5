// A fake `electron` module for unit tests of the thin Electron host: the real binary cannot run here.
// It records what the host registers so tests can call handlers and inspect window options.
import { EventEmitter } from 'node:events';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle(channel: string, handler: Handler) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
  on() {},
};

export class BrowserWindow extends EventEmitter {
  static created: BrowserWindow[] = [];
  readonly options: Record<string, unknown>;
  readonly webContents = Object.assign(new EventEmitter(), {
    sent: [] as { channel: string; payload: unknown }[],
    openHandler: null as null | ((details: { url: string }) => { action: string }),
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.openHandler = handler;
    },
    send(channel: string, payload: unknown) {
      this.sent.push({ channel, payload });
    },
    isDestroyed: () => false,
  });
  loadedUrl: string | null = null;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    BrowserWindow.created.push(this);
  }
  async loadURL(url: string) {
    this.loadedUrl = url;
  }
  show() {}
}

export const app = Object.assign(new EventEmitter(), {
  getVersion: () => '0.0.0-test',
  getPath: (name: string) => `/tmp/aisle-fake-electron/${name}`,
  whenReady: async () => {},
  requestSingleInstanceLock: () => true,
  quit() {},
});

export const session = {
  defaultSession: {
    permissionHandler: null as unknown,
    headersListener: null as unknown,
    setPermissionRequestHandler(handler: unknown) {
      this.permissionHandler = handler;
    },
    webRequest: {
      onHeadersReceived(listener: unknown) {
        session.defaultSession.headersListener = listener;
      },
    },
  },
};

export const shell = { openExternal: async (_url: string) => {} };

export const contextBridge = {
  exposed: {} as Record<string, unknown>,
  exposeInMainWorld(key: string, api: unknown) {
    this.exposed[key] = api;
  },
};

export const ipcRenderer = { invoke: async () => undefined, on() {}, removeListener() {} };

export const safeStorage = {
  isEncryptionAvailable: () => false,
  encryptString: (s: string) => Buffer.from(s),
  decryptString: (b: Buffer) => b.toString(),
};

export default { ipcMain, BrowserWindow, app, session, shell, contextBridge, ipcRenderer, safeStorage };
