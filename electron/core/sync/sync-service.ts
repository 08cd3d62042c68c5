// Sync rounds, their schedule and their progress. Rounds run in the sync worker (never on the thread
// that answers lookups); at most one at a time. They start after sign-in, on a jittered timer, when
// connectivity returns, and on demand.
import { AisleError, noticeError } from '../../contract/errors.ts';
import type { Handlers } from '../../contract/dispatch.ts';
import type { DatasetStatus, Notice, Settings, SyncFailure, SyncProgress, SyncStatus } from '../../contract/types.ts';
import { networkFor, proxyFor } from '../api/network.ts';
import type { RetryPolicy } from '../api/retry.ts';
import type { ReadDb } from '../db/handles.ts';
import type { CoreContext } from '../context.ts';
import { DEFAULT_CAPS } from '../mirror/dataset-caps.ts';
import { isDamagedMirror } from '../db/connection.ts';
import { datasetByKey } from '../db/read/datasets.ts';
import { facilityNames } from '../db/read/scopes.ts';
import { DISK_FULL } from '../mirror/full-disk.ts';
import { mirrorUnavailable, type MirrorManager } from '../mirror/mirror-manager.ts';
import type { SessionPort } from '../ports.ts';
import { systemClock, type Clock, type Timer } from '../shared/clock.ts';
import { decidedLists } from '../lists/field-map-state.ts';
import { policyFieldMap } from '../lists/field-map-file.ts';
import { readDatasetStatuses, statusFromProgress, summarizeSync } from './sync-status.ts';
import { readSyncFailure, recordSyncFailure } from './sync-failure.ts';
import type { RoundResult } from './round/run-round.ts';
import { createSyncWorkerClient } from './sync-worker-client.ts';
import { createIdleCheck } from './idle-check.ts';
import type { TaskToken } from './worker-protocol.ts';

const SYNC_RUNNING: Notice = { code: 'sync_running' };

export type SyncHandlers = Pick<Handlers, 'sync.status' | 'sync.now' | 'sync.confirmHeld' | 'sync.discardHeld' | 'fields.relearn'>;

export interface SyncService {
  readonly handlers: SyncHandlers;
  /** Runs a round now and resolves when it ends (the CLI). Rejects when one is already running. */
  runRound(): Promise<RoundResult>;
  /** Settings were saved: what is kept offline, the interval and the stale thresholds apply now, not at the next round. */
  settingsChanged(before: Settings, after: Settings): void;
  close(): Promise<void>;
}

export interface SyncServiceOptions {
  /** Delay before the first round of a mirror that already has data (spreads a shift's sign-ins). */
  signInJitterMs?: number;
  retry?: RetryPolicy;
  /** Start rounds by themselves (sign-in, timer, connectivity). The CLI turns this off. */
  automatic?: boolean;
  /** How long after a round, idle, the mirror's daily integrity check runs (idle-check.ts). */
  idleCheckMs?: number;
  /** The scheduler's time (default: the system clock); tests drive it to simulate hours of rounds. */
  clock?: Clock;
  /** Time allowed for response headers and between body chunks (default: the api's 30 s). */
  timeoutMs?: number;
}

/** What a round downloads depends on these settings; a change to them is synced at once. */
const planOf = (s: Settings) => JSON.stringify([[...s.offlineLists].sort(), [...s.offlineFacilities].sort(), s.historyDays]);

const TERMINAL: ReadonlySet<SyncProgress['phase']> = new Set(['unchanged', 'done', 'held', 'error']);

export function jittered(ms: number, spread = 0.2): number {
  return Math.round(ms * (1 - spread + Math.random() * 2 * spread));
}

export function createSyncService(ctx: CoreContext, parts: { session: SessionPort; mirrors: MirrorManager }, options: SyncServiceOptions = {}): SyncService {
  const { session, mirrors } = parts;
  const worker = createSyncWorkerClient(ctx.deps.syncWorkerUrl, {
    onDeath: (why) => ctx.log.error('sync: the worker stopped in the middle of a round; its writes were rolled back, the next round starts a new worker', why),
  });
  const automatic = options.automatic ?? true;
  const idleCheck = createIdleCheck({
    clock: options.clock ?? systemClock,
    worker,
    log: ctx.log,
    idleMs: options.idleCheckMs,
    busy: (file) => current !== null || closed || mirrors.current()?.path !== file,
    damaged: (error) => {
      if (mirrors.current()) mirrors.setDamagedAside(error);
    },
    over: () => {
      if (again && !closed) {
        again = false;
        start('after-check');
      }
    },
  });
  const syncing = new Set<string>();
  let current: Promise<RoundResult> | null = null;
  let lastRoundStartedAt: string | null = null;
  let lastRoundFinishedAt: string | null = null;
  let nextRoundAt: string | null = null;
  /** The last round's words for the user (RoundResult.notices). */
  let notices: Notice[] = [];
  /** The file the round times and words above are of: another user's file has rounds of its own. */
  let roundsOf: string | null = null;
  const forgetRounds = () => {
    lastRoundStartedAt = lastRoundFinishedAt = null;
    notices = [];
    roundsOf = null;
  };
  const stillOpen = (mirror: { path: string }) => mirrors.current()?.path === mirror.path;
  /**
   * While a first sync fills the file (db/first-fill.ts), which this thread cannot read meanwhile:
   * each dataset's status as the round's progress says it, so that the Sync page and the loading
   * line show the round going. Null at any other time.
   */
  let filling: Map<string, DatasetStatus> | null = null;
  let timer: Timer | null = null;
  let closed = false;
  const clock = options.clock ?? systemClock;
  /** A timer, connectivity or sign-in start that found a round running: run again right after it. */
  let again = false;

  const status = (): SyncStatus => {
    const mirror = mirrors.current();
    let datasets: DatasetStatus[];
    try {
      datasets = filling ? [...filling.values()] : mirror ? readDatasetStatuses(mirror.db, ctx.deps.settings.get(), syncing) : [];
    } catch (error) {
      // damage met here is healed as a lookup's is (damage-guard.ts): the status is then the fresh file's
      if (!isDamagedMirror(error)) throw error;
      mirrors.setDamagedAside(error);
      return status();
    }
    return { preparing: mirrors.upgrading(), notice: mirrors.notice(), running: current !== null, lastRoundStartedAt, lastRoundFinishedAt, nextRoundAt, datasets, notices, summary: summarizeSync(datasets, failedBefore()) };
  };
  /**
   * A sync of this workstation's identity that failed before reading any list (an `aisle sync`, or a
   * round here), as recorded in the data folder: the summary says it while it is newer than every
   * list's last attempt.
   */
  const failedBefore = (): SyncFailure | null => {
    const failure = readSyncFailure(ctx.deps.dataDir);
    const who = session.identity();
    if (!failure || !who) return null;
    const same = (a: string | undefined, b: string) => a === undefined || a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
    return same(failure.server, who.server) && same(failure.email, who.email) ? failure : null;
  };
  const emitStatus = () => {
    try {
      ctx.events.emit('sync.status', status());
    } catch (error) {
      ctx.log.warn('sync: status unavailable', { error: (error as Error).message });
    }
  };

  /** No list of this mirror was ever read: its first round is due now, and may fill the file (db/first-fill.ts). */
  const neverSynced = (db: ReadDb) => readDatasetStatuses(db, ctx.deps.settings.get()).every((d) => d.lastSuccessAt === null);

  const schedule = (delayMs: number | null) => {
    timer?.cancel();
    timer = null;
    nextRoundAt = null;
    if (delayMs === null || closed || !automatic || !mirrors.current()) return;
    nextRoundAt = new Date(clock.now() + delayMs).toISOString();
    timer = clock.after(delayMs, () => void start('timer'));
  };
  const interval = () => Math.max(1, ctx.deps.settings.get().syncIntervalMinutes) * 60_000;

  /** A profile that names no facility keeps every mirrored one (dataset-registry.ts): the session says which, by name. */
  const tellKeptFacilities = () => {
    const db = mirrors.current()?.db;
    if (!db || !session.keptFacilities || session.facilities().length > 0) return;
    session.keptFacilities(facilityNames(db));
  };

  /**
   * The token a round's task carries (refreshed first when near its expiry), so that the worker
   * asks main only after a 401; when there is none, the error met instead goes along, and each
   * dataset of the round fails with it.
   */
  const startToken = (): Promise<TaskToken> =>
    session.accessToken().then(
      (value) => ({ value }),
      (error: unknown) => ({ error: { code: (error as AisleError).code ?? 'session_expired', message: (error as Error).message } }),
    );

  /** One line a round and one a dataset: what IT reads to see whether a workstation keeps up. */
  const logRound = (result: RoundResult, manual: boolean, took: Map<string, number>) => {
    const ms = Date.parse(result.finishedAt) - Date.parse(result.startedAt);
    const failed = result.datasets.filter((d) => d.error !== null).length;
    ctx.log.info('sync: round finished', { manual, ms, datasets: result.datasets.length, failed });
    for (const d of result.datasets) {
      const fields = { dataset: d.key, outcome: d.outcome, rows: d.rows, bytes: d.bytes, ms: took.get(d.key) ?? null, code: d.error?.code ?? null, error: d.error?.message ?? null };
      if (d.error) ctx.log.warn('sync: dataset failed', fields);
      else ctx.log.info('sync: dataset', fields);
    }
  };

  const round = (only: string[] | null, allowMassDelete: string[], manual = false): Promise<RoundResult> => {
    // a mirror opened on a full disk reads only: a round first asks whether the disk has room again
    if (mirrors.current()?.diskFull && !mirrors.retryAfterDiskFull()) {
      schedule(jittered(interval()));
      emitStatus();
      return Promise.reject(noticeError('mirror_error', DISK_FULL));
    }
    const mirror = mirrors.current();
    const baseUrl = session.baseUrl();
    if (!mirror || !baseUrl) return Promise.reject(new AisleError('not_signed_in', 'Sign in to sync.'));
    const settings = ctx.deps.settings.get();
    roundsOf = mirror.path;
    lastRoundStartedAt = new Date(clock.now()).toISOString();
    // each dataset's time, from its first progress to its last (for the log)
    const began = new Map<string, number>();
    const took = new Map<string, number>();
    const run = Promise.all([startToken(), networkFor(baseUrl)])
      .then(([token, network]) => {
        // signed out (or closed) while main got the token: this mirror's round is not wanted any more
        if (closed || mirrors.current() !== mirror) throw new AisleError('not_signed_in', 'Signed out before the sync round began.');
        // the mirror's first sync writes the file once, this thread's reader closed meanwhile (db/first-fill.ts)
        const reopen = only === null && neverSynced(mirror.db) ? mirrors.lendForFirstFill() : null;
        if (reopen) filling = new Map();
        return worker.run(
          {
            kind: 'round',
            mirrorPath: mirror.path,
            baseUrl,
            token,
            plan: {
              offlineLists: settings.offlineLists,
              offlineFacilities: settings.offlineFacilities,
              userFacilities: session.facilities(),
              historyDays: settings.historyDays,
              stockFullCheckMinutes: settings.stockFullCheckMinutes,
            },
            only,
            allowMassDelete,
            retry: options.retry,
            timeoutMs: options.timeoutMs,
            manual,
            firstFill: reopen !== null,
            reading: {
              pageSize: settings.pageSize,
              deadlineBaseMs: settings.listDeadlineSeconds * 1000,
              deadlineMsPerMb: settings.listDeadlineSecondsPerMB * 1000,
              roundDeadlineMs: settings.roundDeadlineMinutes * 60_000,
              pagedListDeadlineMs: settings.pagedListDeadlineMinutes * 60_000,
            },
            caps: { ...DEFAULT_CAPS, minRows: settings.datasetCapMinRows, minBytes: settings.datasetCapMinMegabytes * 1024 * 1024 },
            shrinkHoldPercent: settings.shrinkHoldPercent,
            siteRelay: settings.siteRelay,
            siteRelayFallback: settings.siteRelayFallback,
            allowedServers: ctx.deps.policy?.allowedServers ?? null,
            network,
            policyFieldMap: policyFieldMap(ctx.deps.policy),
          },
          {
            refreshAfterUnauthorized: (rejected) => session.refreshAfterUnauthorized(rejected),
            proxyFor,
            onProgress: (progress) => {
              if (!began.has(progress.key)) began.set(progress.key, clock.now());
              filling?.set(progress.key, statusFromProgress(filling.get(progress.key), progress, ctx.deps.settings.get(), new Date(clock.now()).toISOString()));
              if (TERMINAL.has(progress.phase)) took.set(progress.key, clock.now() - began.get(progress.key)!);
              if (TERMINAL.has(progress.phase)) syncing.delete(progress.key);
              else syncing.add(progress.key);
              ctx.events.emit('sync.progress', progress);
              if (TERMINAL.has(progress.phase)) emitStatus();
              if (progress.error?.code === 'offline' || progress.error?.code === 'timeout') session.unreachable();
            },
            onRequest: (report) => ctx.requests.add('sync', report),
          },
        ).finally(() => {
          if (!reopen) return;
          filling = null;
          reopen();
        });
      })
      .then(
        (result) => {
          logRound(result as RoundResult, manual, took);
          return result;
        },
        (error: unknown) => {
          ctx.log.warn('sync: round failed', { manual, code: (error as AisleError).code ?? 'internal', error: (error as Error).message });
          throw error;
        },
      )
      .then((result) => {
        tellKeptFacilities();
        // a confirmation round (only some datasets) settles nothing: the full round's words stay
        if (only === null && stillOpen(mirror)) notices = (result as RoundResult).notices;
        return result as RoundResult;
      })
      .finally(() => {
        current = null;
        syncing.clear();
        if (stillOpen(mirror)) {
          lastRoundFinishedAt = new Date(clock.now()).toISOString();
          idleCheck.plan(mirror.path);
        }
        schedule(again ? 0 : jittered(interval()));
        again = false;
        emitStatus();
      });
    current = run;
    emitStatus();
    return run;
  };

  const start = (reason: string): boolean => {
    if (closed || !mirrors.current()) return false;
    if (current) {
      if (reason !== 'now') again = true;
      return false;
    }
    // never during the integrity check: the round follows it
    if (idleCheck.running()) {
      again = true;
      return false;
    }
    // Sync now asks again for the lists the server said it does not offer
    const startedAt = new Date(clock.now()).toISOString();
    round(null, [], reason === 'now').catch((error: Error) => {
      // failed before reading any list: nothing in the mirror says so, so the data folder does
      const who = session.identity();
      try {
        if (status().datasets.some((d) => d.lastAttemptAt !== null && d.lastAttemptAt >= startedAt)) return;
        recordSyncFailure(ctx.deps.dataDir, { at: new Date(clock.now()).toISOString(), code: (error as AisleError).code ?? 'internal', message: error.message, ...(who ? { server: who.server, email: who.email } : {}) });
        emitStatus();
      } catch (recordError) {
        ctx.log.warn('sync: the failure could not be recorded', { error: (recordError as Error).message });
      }
    });
    return true;
  };

  const afterCurrent = async () => {
    while (current) await current.catch(() => undefined);
  };

  const heldStatus = (key: string): DatasetStatus => {
    const mirror = mirrors.current();
    if (!mirror) throw new AisleError('not_signed_in', 'Sign in first.');
    const found = readDatasetStatuses(mirror.db, ctx.deps.settings.get(), syncing).find((d) => d.key === key);
    if (!found) throw new AisleError('not_found', `No dataset ${key}.`);
    return found;
  };
  const requireHeld = (key: string) => {
    const mirror = mirrors.current();
    if (!mirror) throw new AisleError('not_signed_in', 'Sign in first.');
    const row = datasetByKey(mirror.db, key);
    if (!row) throw new AisleError('not_found', `No dataset ${key}.`);
    if (row.held_at === null) {
      const { list, label } = heldStatus(key);
      throw noticeError('conflict', { code: 'dataset_not_held', key, list: { list, label } });
    }
    return mirror;
  };

  // The status changes with the mirror (its datasets, or none): the renderer learns from it that
  // offline data opened (after an upgrade, answers that were `mirror_preparing` can be asked again).
  const unsubscribeMirror = mirrors.onChange((mirror) => {
    if (mirror?.path !== roundsOf) forgetRounds();
    if (!mirror) {
      worker.cancelAll();
      schedule(null);
      emitStatus();
      return;
    }
    // a file that opens is checked too once the workstation is idle, rounds or not
    idleCheck.plan(mirror.path);
    schedule(neverSynced(mirror.db) ? 0 : Math.round(Math.random() * (options.signInJitterMs ?? 20_000)));
    emitStatus();
  });
  const unsubscribeConnectivity = ctx.events.on('connectivity.changed', (c) => {
    if (c.state === 'online' && automatic) start('online');
  });
  // A session that comes back (expired or offline -> signed in) keeps its mirror open, so the mirror
  // does not change: catch up now rather than at the next timer.
  let sessionState = session.view().state;
  const unsubscribeSession = ctx.events.on('session.changed', (view) => {
    const was = sessionState;
    sessionState = view.state;
    if (automatic && view.state === 'signed-in' && (was === 'expired' || was === 'offline')) start('session');
  });
  if (mirrors.current() && automatic) schedule(0);

  return {
    handlers: {
      'sync.status': () => status(),
      'sync.now': () => {
        if (!mirrors.current()) throw mirrorUnavailable(mirrors, 'Sign in to sync.');
        if (mirrors.current()?.diskFull && !current && !mirrors.retryAfterDiskFull()) throw noticeError('mirror_error', DISK_FULL);
        return { started: start('now') };
      },
      'sync.confirmHeld': async ({ key }) => {
        requireHeld(key);
        await afterCurrent();
        requireHeld(key);
        await round([key], [key]);
        return heldStatus(key);
      },
      'sync.discardHeld': async ({ key }) => {
        const mirror = requireHeld(key);
        await afterCurrent();
        await worker.run({ kind: 'discardHeld', mirrorPath: mirror.path, key }, { refreshAfterUnauthorized: (t) => session.refreshAfterUnauthorized(t) });
        emitStatus();
        return heldStatus(key);
      },
      // written by the worker, the mirror's one writer, between rounds; the round it starts learns the list
      'fields.relearn': async ({ list }) => {
        const mirror = mirrors.current();
        if (!mirror) throw mirrorUnavailable(mirrors, 'Sign in first.');
        if (!decidedLists(mirror.db).includes(list)) throw new AisleError('not_found', `No field map of a list "${list}" in the offline data: nothing to learn again.`);
        await afterCurrent();
        await worker.run({ kind: 'relearnFields', mirrorPath: mirror.path, list }, { refreshAfterUnauthorized: (t) => session.refreshAfterUnauthorized(t) });
        return { started: start('now') };
      },
    },
    async runRound() {
      if (current) throw noticeError('conflict', SYNC_RUNNING);
      return round(null, [], true);
    },
    settingsChanged(before, after) {
      if (closed) return;
      if (automatic && planOf(before) !== planOf(after)) start('settings');
      else if (nextRoundAt && Date.parse(nextRoundAt) - clock.now() > interval()) schedule(jittered(interval()));
      emitStatus();
    },
    async close() {
      closed = true;
      schedule(null);
      unsubscribeMirror();
      unsubscribeSession();
      unsubscribeConnectivity();
      worker.cancelAll();
      idleCheck.cancel();
      await current?.catch(() => undefined);
      await idleCheck.settled();
      await worker.terminate();
    },
  };
}
