// Crash and hang recovery in the Electron host, against the fake `electron`: a crashed window is
// reloaded with the calm message, a window that keeps crashing gets the recovery page instead of a
// loop, a hung one is ended and reloaded, helper processes and uncaught errors are logged, and the
// core (the mirror, the session) is the same one before and after.
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../electron/core/index.ts';
import { startElectronHost, type ElectronHost } from '../../electron/main/electron-host.ts';
import { CRASH_WINDOW_MS, RECOVERY_PAGE_URL, RECOVERY_RETRY_MS, recoverScreen, restartedUrl, UNRESPONSIVE_GRACE_MS, type Timers } from '../../electron/main/screen-recovery.ts';
import { logUncaughtErrors } from '../../electron/main/uncaught-errors.ts';
import { CALL_CHANNEL } from '../../electron/main/channels.ts';
import { app, BrowserWindow, ipcMain, resetFakeElectronIn } from '../fakes/electron.ts';
import { tempDir } from '../support/temp-dir.ts';

const APP_URL = 'file:///opt/Aisle/resources/app.asar/out/renderer/index.html';

function recordingLog(): Logger & { entries: { level: string; message: string; fields?: Record<string, unknown> }[] } {
  const entries: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => void entries.push({ level, message, fields });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

/** Timers the test moves by hand. */
function manualTimers(): Timers & { advance(ms: number): void } {
  let now = 1_000_000;
  let due: { at: number; run: () => void; cancelled: boolean }[] = [];
  return {
    now: () => now,
    after(ms, run) {
      const entry = { at: now + ms, run, cancelled: false };
      due.push(entry);
      return { cancel: () => void (entry.cancelled = true) };
    },
    advance(ms) {
      now += ms;
      const ready = due.filter((d) => d.at <= now && !d.cancelled);
      due = due.filter((d) => d.at > now && !d.cancelled);
      for (const d of ready) d.run();
    },
  };
}

describe('screen recovery in the Electron host (fake electron)', () => {
  const data = tempDir();
  let host: ElectronHost | null = null;
  afterEach(async () => {
    await host?.core.close();
    host = null;
  });
  afterAll(() => data.remove());

  it('reloads a crashed window with the calm message, and shows the recovery page on the third crash in a few minutes', async () => {
    resetFakeElectronIn(data.path);
    const log = recordingLog();
    host = await startElectronHost({ appUrl: APP_URL, log, overrides: { autoSync: false } });
    const window = BrowserWindow.created[0]!;
    const before = host!.core;

    window.webContents.processGone('crashed', 139);
    expect(window.loadedUrl).toBe(`${APP_URL}?restarted=1`);
    expect(log.entries.at(-1)).toMatchObject({ level: 'error', message: 'screen: the window crashed; reloading it', fields: { reason: 'crashed', exitCode: 139, crashes: 1 } });

    window.webContents.processGone('oom');
    expect(window.loadedUrl).toBe(`${APP_URL}?restarted=1`);
    window.webContents.processGone('crashed');
    expect(window.loadedUrl).toBe(RECOVERY_PAGE_URL);
    expect(log.entries.at(-1)).toMatchObject({ level: 'error', message: 'screen: the window crashed again; showing the recovery page', fields: { crashes: 3 } });
    // a window closing on its own is no crash
    const loads = window.loads.length;
    window.webContents.processGone('clean-exit', 0);
    expect(window.loads).toHaveLength(loads);

    // the core was never touched: the same one answers
    expect(host!.core).toBe(before);
    expect((await host!.core.handlers['app.info']({} as never)).host).toBe('electron');
  });

  it('the recovery page says it in English and Spanish, and has no script', () => {
    const page = decodeURIComponent(RECOVERY_PAGE_URL.slice(RECOVERY_PAGE_URL.indexOf(',') + 1));
    expect(page).toContain('Your offline data and your session are safe');
    expect(page).toContain('Sus datos sin conexión y su sesión están a salvo');
    expect(page).not.toMatch(/<script/i);
  });

  it('logs a helper process that ended, but not one that exited cleanly', async () => {
    resetFakeElectronIn(data.path);
    const log = recordingLog();
    host = await startElectronHost({ appUrl: APP_URL, log, overrides: { autoSync: false } });
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 11 });
    app.emit('child-process-gone', {}, { type: 'Utility', reason: 'clean-exit', exitCode: 0, name: 'network' });
    const helpers = log.entries.filter((e) => e.message === 'a helper process ended');
    expect(helpers).toEqual([{ level: 'error', message: 'a helper process ended', fields: { type: 'GPU', name: null, serviceName: null, reason: 'crashed', exitCode: 11 } }]);
  });

  it("logs the window's uncaught errors sent over IPC, a few a minute", async () => {
    resetFakeElectronIn(data.path);
    const log = recordingLog();
    host = await startElectronHost({ appUrl: APP_URL, log, overrides: { autoSync: false } });
    const handler = ipcMain.handlers.get(CALL_CHANNEL)!;
    const report = (n: number) => handler({ senderFrame: { url: APP_URL, parent: null }, sender: {} }, 'app.reportProblem', { kind: 'vue', message: `TypeError: x${n}`, where: 'render function' });
    expect(await report(1)).toEqual({ ok: true, value: { logged: true } });
    expect(log.entries.at(-1)).toMatchObject({ level: 'error', message: 'window: a failure nothing caught', fields: { source: 'window', kind: 'vue', error: 'TypeError: x1', where: 'render function' } });
    for (let n = 2; n <= 10; n++) await report(n);
    expect(await report(11)).toEqual({ ok: true, value: { logged: false } });
    expect(log.entries.filter((e) => e.message === 'window: a failure nothing caught')).toHaveLength(10);
  });

  it("writes main's log to the day's file in the data folder when no log is given", async () => {
    resetFakeElectronIn(data.path, 'userData-log');
    host = await startElectronHost({ appUrl: APP_URL, overrides: { autoSync: false } });
    BrowserWindow.created[0]!.webContents.processGone('crashed', 5);
    const day = new Date().toISOString().slice(0, 10);
    const lines = readFileSync(`${app.paths.userData}/logs/aisle-${day}.log`, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ level: 'info', host: 'electron', message: 'app: started', version: '0.0.0-test' });
    expect(lines.at(-1)).toMatchObject({ level: 'error', host: 'electron', message: 'screen: the window crashed; reloading it', reason: 'crashed', exitCode: 5 });
  });
});

describe('recoverScreen', () => {
  it('ends a window that stays unresponsive past the grace time, then reloads it; one that answers again is left alone', () => {
    resetFakeElectronIn('/nonexistent');
    const window = new BrowserWindow({});
    const timers = manualTimers();
    const log = recordingLog();
    recoverScreen(window as never, () => APP_URL, log, timers);

    window.emit('unresponsive');
    timers.advance(UNRESPONSIVE_GRACE_MS - 1);
    window.emit('responsive');
    timers.advance(UNRESPONSIVE_GRACE_MS);
    expect(window.webContents.crashed).toBe(0);
    expect(log.entries.map((e) => e.message)).toEqual(['screen: the window stopped answering', 'screen: the window answers again']);

    window.emit('unresponsive');
    timers.advance(UNRESPONSIVE_GRACE_MS);
    expect(window.webContents.crashed).toBe(1);
    expect(window.loadedUrl).toBe(restartedUrl(APP_URL));
  });

  it('counts only the crashes of the last few minutes, and tries the app again after the recovery page', () => {
    resetFakeElectronIn('/nonexistent');
    const window = new BrowserWindow({});
    const timers = manualTimers();
    const recovery = recoverScreen(window as never, () => APP_URL, recordingLog(), timers);
    window.webContents.processGone('crashed');
    window.webContents.processGone('crashed');
    timers.advance(CRASH_WINDOW_MS);
    window.webContents.processGone('crashed');
    expect(recovery.recentCrashes()).toBe(1);
    expect(window.loadedUrl).toBe(restartedUrl(APP_URL));

    window.webContents.processGone('crashed');
    window.webContents.processGone('crashed');
    expect(window.loadedUrl).toBe(RECOVERY_PAGE_URL);
    timers.advance(RECOVERY_RETRY_MS);
    expect(window.loadedUrl).toBe(restartedUrl(APP_URL));
    expect(recovery.recentCrashes()).toBe(0);
  });
});

describe('logUncaughtErrors', () => {
  it('logs an uncaught error and an unhandled rejection, and lets main run on', () => {
    const target = new EventEmitter();
    const log = recordingLog();
    const stop = logUncaughtErrors(target as never, log);
    target.emit('uncaughtException', new TypeError('x is not a function'));
    target.emit('unhandledRejection', new Error('disk went away'));
    expect(log.entries.map((e) => [e.level, e.message, e.fields?.error])).toEqual([
      ['error', 'main: an error nobody caught', 'x is not a function'],
      ['error', 'main: a promise failed and nobody caught it', 'disk went away'],
    ]);
    stop();
    expect(target.listenerCount('uncaughtException')).toBe(0);
  });
});
