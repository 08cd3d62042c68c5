// When the window's process dies or hangs, the window comes back by itself: the crash is logged,
// the app's page is loaded again with `?restarted=1` (the page then says, calmly, that the screen
// restarted and the data is safe: the mirror and the session live in main, untouched), and a page
// that keeps crashing is not reloaded in a loop: past a few crashes in a few minutes a plain recovery
// page says what happened and when Aisle tries again. Helper processes Chromium restarts by itself
// (the GPU) are only logged.
import type { BrowserWindow, Details, RenderProcessGoneDetails } from 'electron';
import type { Logger } from '../core/index.ts';

/** This many crashes within CRASH_WINDOW_MS show the recovery page instead of the app. */
export const CRASHES_BEFORE_RECOVERY_PAGE = 3;
export const CRASH_WINDOW_MS = 5 * 60_000;
/** A window that stopped answering has this long to answer again before its process is ended and the page reloaded. */
export const UNRESPONSIVE_GRACE_MS = 15_000;
/** The recovery page tries the app again after this long. */
export const RECOVERY_RETRY_MS = 2 * 60_000;

export interface Timers {
  now(): number;
  after(ms: number, run: () => void): { cancel(): void };
}

export const realTimers: Timers = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    return { cancel: () => clearTimeout(timer) };
  },
};

/** The app's page, marked so that it tells the user the screen restarted. */
export function restartedUrl(appUrl: string): string {
  const url = new URL(appUrl);
  url.searchParams.set('restarted', '1');
  return url.href;
}

const RECOVERY_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Aisle</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0;display:grid;place-items:center;min-height:100vh}main{max-width:36rem;padding:2rem}h1{font-size:1.4rem}</style>
</head><body><main>
<h1>Aisle stopped its screen to protect your work</h1>
<p>The screen closed unexpectedly several times in a few minutes. Your offline data and your session are safe. Aisle will try the screen again in two minutes; if this page comes back, close Aisle and start it again, or call your IT department (the log is in the data folder, under logs).</p>
<hr>
<h1 lang="es">Aisle detuvo su pantalla para proteger su trabajo</h1>
<p lang="es">La pantalla se cerró de forma inesperada varias veces en pocos minutos. Sus datos sin conexión y su sesión están a salvo. Aisle volverá a intentarlo en dos minutos; si esta página vuelve a aparecer, cierre Aisle y ábralo de nuevo, o llame a su departamento de informática (el registro está en la carpeta de datos, en logs).</p>
</main></body></html>`;

export const RECOVERY_PAGE_URL = `data:text/html;charset=utf-8,${encodeURIComponent(RECOVERY_HTML)}`;

export interface ScreenRecovery {
  /** Crashes counted in the current window of time. */
  recentCrashes(): number;
  stop(): void;
}

/** Watches the window's renderer: reloads it after a crash or a hang, or shows the recovery page after too many. */
export function recoverScreen(window: BrowserWindow, appUrl: () => string, log: Logger, timers: Timers = realTimers): ScreenRecovery {
  const contents = window.webContents;
  let crashes: number[] = [];
  let hang: { cancel(): void } | null = null;
  let retry: { cancel(): void } | null = null;

  const load = (url: string) => {
    if (window.isDestroyed()) return;
    window.loadURL(url).catch((error: unknown) => log.error('screen: the page could not be loaded again', { error: error instanceof Error ? error.message : String(error) }));
  };

  const gone = (details: RenderProcessGoneDetails) => {
    hang?.cancel();
    hang = null;
    // a clean exit is the window closing, not a crash
    if (details.reason === 'clean-exit') return;
    const now = timers.now();
    crashes = [...crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    if (crashes.length >= CRASHES_BEFORE_RECOVERY_PAGE) {
      log.error('screen: the window crashed again; showing the recovery page', { reason: details.reason, exitCode: details.exitCode, crashes: crashes.length, withinMinutes: CRASH_WINDOW_MS / 60_000 });
      load(RECOVERY_PAGE_URL);
      retry?.cancel();
      retry = timers.after(RECOVERY_RETRY_MS, () => {
        retry = null;
        crashes = [];
        log.info('screen: trying the app page again after the recovery page');
        load(restartedUrl(appUrl()));
      });
      return;
    }
    log.error('screen: the window crashed; reloading it', { reason: details.reason, exitCode: details.exitCode, crashes: crashes.length });
    load(restartedUrl(appUrl()));
  };

  const onGone = (_event: unknown, details: RenderProcessGoneDetails) => gone(details);
  const onUnresponsive = () => {
    if (hang) return;
    log.warn('screen: the window stopped answering', { graceSeconds: UNRESPONSIVE_GRACE_MS / 1000 });
    hang = timers.after(UNRESPONSIVE_GRACE_MS, () => {
      hang = null;
      log.error('screen: the window did not answer again; ending its process');
      // ends the renderer: 'render-process-gone' follows, which reloads the page
      contents.forcefullyCrashRenderer();
    });
  };
  const onResponsive = () => {
    if (!hang) return;
    hang.cancel();
    hang = null;
    log.info('screen: the window answers again');
  };

  contents.on('render-process-gone', onGone);
  window.on('unresponsive', onUnresponsive);
  window.on('responsive', onResponsive);
  return {
    recentCrashes: () => crashes.filter((at) => timers.now() - at < CRASH_WINDOW_MS).length,
    stop() {
      hang?.cancel();
      retry?.cancel();
      contents.off('render-process-gone', onGone);
      window.off('unresponsive', onUnresponsive);
      window.off('responsive', onResponsive);
    },
  };
}

/** Logs a helper process of Chromium's that ended (the GPU, a utility): Chromium starts it again itself. */
export function logChildProcessGone(log: Logger): (event: unknown, details: Details) => void {
  return (_event, details) => {
    if (details.reason === 'clean-exit') return;
    log.error('a helper process ended', { type: details.type, name: details.name ?? null, serviceName: details.serviceName ?? null, reason: details.reason, exitCode: details.exitCode });
  };
}
