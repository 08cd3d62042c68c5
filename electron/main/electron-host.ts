// The Electron host: app lifecycle, the one hardened window, and IPC onto the core.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, ipcMain, powerMonitor, session, type BrowserWindow } from 'electron';
import { dispatch } from '../contract/dispatch.ts';
import { createAisleLogger, createCore, readKioskPolicy, readMachinePolicy, settingsUnderPolicy, useNetwork, type Core, type CoreDeps, type Logger, type SettingsStore } from '../core/index.ts';
import { logPolicy } from '../hosts/policy-log.ts';
import { inProcessDemo } from '../hosts/in-process-demo.ts';
import { forwardEvents, registerIpc } from './ipc.ts';
import { coreUpdateFacts, electronUpdater } from './app-updates.ts';
import { installApplicationMenu } from './menu.ts';
import { chromiumProxyResolver } from './network.ts';
import { createSafeStorageSecretBox } from './secret-box.ts';
import { hardenSession, hardenWebContents } from './security.ts';
import { createElectronSettingsStore } from './settings.ts';
import { logChildProcessGone, recoverScreen } from './screen-recovery.ts';
import { logUncaughtErrors } from './uncaught-errors.ts';
import { startUpdates, type UpdaterPort } from './updates.ts';
import { createMainWindow } from './window.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ElectronHostOptions {
  /** The page to load; default: the dev server in development, else the built renderer. */
  appUrl?: string;
  /** electron-updater's autoUpdater, or a fake (tests). */
  updater?: () => UpdaterPort | Promise<UpdaterPort>;
  /** Replaces parts of the core's dependencies (tests). */
  overrides?: Partial<CoreDeps>;
  log?: Logger;
}

export interface ElectronHost {
  core: Core;
  window: BrowserWindow;
  appUrl: string;
}

/**
 * The page the window loads: the built renderer, or electron-vite's dev server during development.
 * A packaged app never honours ELECTRON_RENDERER_URL: an environment variable must not be able to
 * point the window (and its preload bridge) at another page.
 */
export function rendererUrl(isPackaged: boolean, env: NodeJS.ProcessEnv): string {
  const devServer = env.ELECTRON_RENDERER_URL;
  if (!isPackaged && devServer && /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/?$/.test(devServer)) return devServer;
  return pathToFileURL(path.join(here, '../renderer/index.html')).href;
}

/** Must run before the app is ready: sandbox every renderer and harden every web contents. */
export function prepareApp(appUrl: () => string): void {
  app.enableSandbox();
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, appUrl));
}

export async function startElectronHost(options: ElectronHostOptions = {}): Promise<ElectronHost | null> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  const appUrl = options.appUrl ?? rendererUrl(app.isPackaged, process.env);
  prepareApp(() => appUrl);
  await app.whenReady();
  const dataDir = app.getPath('userData');
  let settings: SettingsStore | null = null;
  // the day's file in the data folder; in development also the terminal that started Aisle
  const log: Logger =
    options.log ??
    createAisleLogger(dataDir, {
      host: 'electron',
      keepDays: () => settings?.get().logKeepDays ?? 14,
      echo: app.isPackaged ? undefined : (line) => console.error(line),
    });
  const stopLoggingUncaught = logUncaughtErrors(process, log);
  log.info('app: started', { version: app.getVersion(), platform: process.platform, arch: process.arch, electron: process.versions.electron ?? null, packaged: app.isPackaged });
  // Read once: IT's policy and a kiosk stay as they were until Aisle is started again.
  const policy = options.overrides?.policy ?? readMachinePolicy(dataDir);
  logPolicy(log, policy);
  // Chromium's proxy for the server and the OS certificate store, as the rest of the machine uses
  useNetwork({ proxy: null, caBundleFile: policy.caBundleFile, systemCa: true }, chromiumProxyResolver(session.defaultSession, log));
  const kiosk = readKioskPolicy(dataDir, policy.kiosk);
  if (kiosk.enabled && kiosk.problem) log.error('kiosk mode: no exit password can be checked', { problem: kiosk.problem });
  installApplicationMenu(process.platform, app.isPackaged, kiosk.enabled);
  // a kiosk workstation opens Aisle when its user logs in (Windows and macOS; on Linux the session's
  // autostart does it); an installed app only, never a development run
  if (kiosk.enabled && app.isPackaged) app.setLoginItemSettings({ openAtLogin: true });
  let leaving = false;

  const demo = inProcessDemo(dataDir);
  settings = settingsUnderPolicy(createElectronSettingsStore(dataDir, { warn: (message, fields) => log.warn(message, fields) }), policy);
  const deps: CoreDeps = {
    host: 'electron',
    version: app.getVersion(),
    dataDir,
    settings,
    secrets: createSafeStorageSecretBox(),
    exportDir: app.getPath('downloads'),
    startDemoServer: demo.start,
    log,
    kiosk: kiosk.enabled
      ? {
          policy: kiosk,
          leave() {
            leaving = true;
            window?.close();
          },
        }
      : undefined,
    ...options.overrides,
    policy,
  };
  const engine = createCore(deps);
  const core: Core = {
    ...engine,
    async close() {
      await engine.close();
      await demo.close();
      deps.settings.close();
    },
  };

  // On a shared OS account, whoever unlocks the screen next may not be who is signed in here: with
  // idle locking on, the OS locking its screen or going to sleep locks Aisle too.
  const lockWithTheOs = () => {
    if (deps.settings.get().lockAfterMinutes > 0) void dispatch(core.handlers, 'session.lock', {});
  };
  powerMonitor.on('lock-screen', lockWithTheOs);
  powerMonitor.on('suspend', lockWithTheOs);

  hardenSession(session.defaultSession);
  let window: BrowserWindow | null = createMainWindow(path.join(here, '../preload/index.cjs'), { kiosk: kiosk.enabled });
  const current = window;
  if (kiosk.enabled) {
    // Alt+F4, the OS's close: a kiosk asks for its exit password instead (kiosk.exit).
    current.on('close', (event) => {
      if (leaving) return;
      event.preventDefault();
      core.events.emit('kiosk.exitRequested', {});
    });
    // but never stand in the way of the OS shutting down or ending the user's session
    const osEnds = () => {
      leaving = true;
    };
    powerMonitor.on('shutdown', osEnds);
    current.on('session-end', osEnds);
  }
  registerIpc(ipcMain, core, () => appUrl, log);
  forwardEvents(core, () => window?.webContents ?? null, log);
  const recovery = recoverScreen(current, () => appUrl, log);
  const updates = await startUpdates({ feed: policy.updateFeed, packaged: app.isPackaged, updater: options.updater ?? electronUpdater, facts: coreUpdateFacts(core, () => window), log });
  app.on('child-process-gone', logChildProcessGone(log));
  current.once('ready-to-show', () => current.show());
  current.on('closed', () => {
    window = null;
  });
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  // Every way out closes the core first (sync worker, mirrors, the demo warehouse): the last window
  // closing, and app.quit() from macOS's Quit or the OS, which closes the windows itself and then
  // quits without a window-all-closed.
  let closing: Promise<void> | null = null;
  let closed = false;
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    recovery.stop();
    updates?.stop();
    log.info('app: quitting');
    closing ??= core.close().finally(() => {
      stopLoggingUncaught();
      closed = true;
      app.quit();
    });
  });
  await current.loadURL(appUrl);
  return { core, window: current, appUrl };
}
