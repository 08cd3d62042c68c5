// The engine every host constructs: it owns the session, the mirror and sync, and answers the
// contract's methods. Nothing here imports `electron`; host-specific services come in through
// `CoreDeps` (context.ts).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { AisleError } from '../contract/errors.ts';
import type { Handlers } from '../contract/dispatch.ts';
import { createRequestLog } from './api/request-log.ts';
import { silentLogger, type CoreContext, type CoreDeps, type SecretBox } from './context.ts';
import { runProbe } from './diagnostics/probe.ts';
import { bundleFileName, writeSupportBundle } from './diagnostics/support-bundle.ts';
import { CoreEvents } from './events.ts';
import { NO_POLICY } from './settings/machine-policy.ts';
import { createKioskHandlers, refuseWorkstationChanges } from './kiosk/kiosk-service.ts';
import { createLabelHandlers } from './labels/label-handlers.ts';
import { createFieldMapHandlers } from './lists/field-map-handlers.ts';
import { createLookupService, type LookupService } from './lookup/lookup-handlers.ts';
import { createMirrorManager } from './mirror/mirror-manager.ts';
import { createScanListHandlers } from './scans/scan-handlers.ts';
import { guardWhileLocked, lockedError } from './session/session-lock.ts';
import { createSessionService } from './session/session-service.ts';
import { createSyncService } from './sync/sync-service.ts';
import { upgradeInWorker } from './sync/sync-worker-client.ts';

export interface Core {
  readonly handlers: Handlers;
  readonly events: CoreEvents;
  /** Streams a list view as CSV (hosts that download rather than write a file). */
  readonly writeCsv: LookupService['writeCsv'];
  close(): Promise<void>;
}

export function createCore(deps: CoreDeps): Core {
  const events = new CoreEvents();
  const log = deps.log ?? silentLogger;
  const requestFailed = (r: { by: string; method: string; url: string; status: number | null; ms: number; error: { code: string; message: string } | null }) =>
    log.warn('request failed', { by: r.by, call: `${r.method} ${r.url}`, status: r.status, ms: r.ms, code: r.error?.code ?? null, error: r.error?.message ?? null });
  const ctx: CoreContext = { deps, events, log, requests: createRequestLog(requestFailed) };
  // What was asked of the server is the signed-in user's business: gone when the session ends, or
  // when someone else's takes its place (a sign-in over an expired session).
  let requestsOf: string | null = null;
  const stopClearingRequests = events.on('session.changed', (view) => {
    const user = view.state === 'signed-out' ? null : `${view.server}\n${view.email}`;
    if (user === null || (requestsOf !== null && user !== requestsOf)) ctx.requests.clear();
    requestsOf = user;
  });

  const session = createSessionService(ctx);
  const mirrors = createMirrorManager(ctx, session, { upgrade: deps.upgradeMirror ?? ((file) => upgradeInWorker(file, deps.syncWorkerUrl)) });
  const sync = createSyncService(ctx, { session, mirrors }, { automatic: deps.autoSync ?? true, idleCheckMs: deps.idleCheckMs });
  const lookup = createLookupService(ctx, { mirrors });

  // Settings can change under the core (another window's save, the CLI or IT writing the file), so
  // every change, whoever made it, goes through here once: sync sees it, and every window is told.
  let knownSettings = deps.settings.get();
  function settingsMayHaveChanged(): void {
    const after = deps.settings.get();
    if (isDeepStrictEqual(after, knownSettings)) return;
    const before = knownSettings;
    knownSettings = after;
    const changed = Object.keys(after).filter((key) => !isDeepStrictEqual(after[key as keyof typeof after], before[key as keyof typeof before]));
    ctx.log.info('settings changed', { changed: Object.fromEntries(changed.map((key) => [key, after[key as keyof typeof after]])) });
    sync.settingsChanged(before, after);
    session.settingsChanged();
    events.emit('settings.changed', after);
  }
  const stopWatchingSettings = deps.settings.onChange(() => {
    try {
      settingsMayHaveChanged();
    } catch (error) {
      ctx.log.error('settings change not applied', { error: String(error) });
    }
  });

  // a window failing in a loop must not fill the log: a few a minute are enough to see why
  const windowProblems = rateLimit(WINDOW_PROBLEMS_PER_MINUTE, 60_000);

  const handlers: Handlers = guardWhileLocked({
    ...session.handlers,
    ...sync.handlers,
    ...lookup.handlers,
    ...createScanListHandlers(ctx, { mirrors }),
    ...createLabelHandlers(ctx, { mirrors }),
    ...createFieldMapHandlers(deps.dataDir, mirrors, deps.policy),
    ...createKioskHandlers(deps.kiosk, { workstationServer: () => deps.settings.get().server }),
    'app.info': () => ({
      name: 'Aisle',
      version: deps.version,
      host: deps.host,
      platform: process.platform,
      dataDir: deps.dataDir,
      canRemember: canRemember(deps.secrets),
    }),
    'policy.get': () => {
      const p = deps.policy ?? NO_POLICY;
      return { file: p.file, source: p.source, problem: p.problem, locked: p.locked, allowedServers: p.allowedServers, demoAllowed: p.demoAllowed, updateFeed: p.updateFeed };
    },
    'app.reportProblem': ({ kind, message, where, stack }) => {
      const logged = windowProblems.take();
      if (logged) ctx.log.error('window: a failure nothing caught', { source: 'window', kind, error: message, where: where ?? null, stack: stack ?? null });
      return { logged };
    },
    'settings.get': () => ctx.deps.settings.get(),
    'settings.set': (patch) => {
      if (deps.kiosk?.policy.enabled) refuseWorkstationChanges(patch, ctx.deps.settings.get());
      const after = ctx.deps.settings.set(patch);
      settingsMayHaveChanged();
      return after;
    },
    'diagnostics.get': () => {
      const configured = deps.settings.get().server; // a URL, or 'demo' before the demo has started
      return {
        server: session.baseUrl() ?? (/^https?:/.test(configured) ? configured : null),
        clockSkewMs: ctx.requests.clockSkewMs(),
        requests: ctx.requests.list(),
      };
    },
    'diagnostics.bundle': () => {
      const folder = deps.exportDir ?? deps.dataDir;
      mkdirSync(folder, { recursive: true });
      const written = writeSupportBundle(path.join(folder, bundleFileName(deps.host)), {
        dataDir: deps.dataDir,
        host: deps.host,
        version: deps.version,
        settings: deps.settings.get(),
        policy: deps.policy ?? null,
        requests: ctx.requests.list(),
      });
      ctx.log.info('diagnostics: file written', { file: written.file, bytes: written.bytes });
      return written;
    },
    'diagnostics.probe': (args) => runProbe(deps, args),
    'demo.start': async () => {
      if (!deps.startDemoServer) throw new AisleError('not_implemented', 'The demo warehouse is not available in this host.');
      if (deps.policy && !deps.policy.demoAllowed) throw new AisleError('forbidden', 'The demo warehouse is turned off on this workstation by your IT department (machine policy).');
      const { url } = await deps.startDemoServer();
      return { url, email: 'demo@example.com', password: 'demo1234' };
    },
  }, session.isLocked);

  return {
    handlers,
    events,
    writeCsv: (view, out, headers, booleans, words) => {
      if (session.isLocked()) return Promise.reject(lockedError());
      return lookup.writeCsv(view, out, headers, booleans, words);
    },
    async close() {
      stopWatchingSettings();
      stopClearingRequests();
      await sync.close();
      await mirrors.close();
      await session.close();
    },
  };
}

const WINDOW_PROBLEMS_PER_MINUTE = 10;

/** Allows `count` takes in each span of `ms`. */
function rateLimit(count: number, ms: number): { take(): boolean } {
  let spanStart = 0;
  let taken = 0;
  return {
    take() {
      const now = Date.now();
      if (now - spanStart >= ms) {
        spanStart = now;
        taken = 0;
      }
      taken += 1;
      return taken <= count;
    },
  };
}

function canRemember(secrets: SecretBox | null | undefined): boolean {
  try {
    return !!secrets && secrets.isAvailable();
  } catch {
    return false;
  }
}
