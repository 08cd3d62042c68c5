// A workstation without UI: the session, the mirror and sync composed as core.ts composes them, over
// a temp data folder, with clocks the test drives (the session's and the sync scheduler's).
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import type { SignInResult, SyncStatus } from '../../../electron/contract/types.ts';
import type { RetryPolicy } from '../../../electron/core/api/retry.ts';
import { silentLogger, type CoreContext, type SecretBox } from '../../../electron/core/context.ts';
import { createRequestLog } from '../../../electron/core/api/request-log.ts';
import { CoreEvents } from '../../../electron/core/events.ts';
import { tableOf } from '../../../electron/core/lists/registry.ts';
import { createLookupService, type LookupService } from '../../../electron/core/lookup/lookup-handlers.ts';
import { createMirrorManager, type MirrorManager } from '../../../electron/core/mirror/mirror-manager.ts';
import { createSessionService, type SessionService } from '../../../electron/core/session/session-service.ts';
import { createMemorySettingsStore, type SettingsStore } from '../../../electron/core/settings/settings-store.ts';
import type { Settings } from '../../../electron/contract/types.ts';
import { createSyncService, type SyncService } from '../../../electron/core/sync/sync-service.ts';
import { ManualClock, until } from '../../session/manual-clock.ts';

export const FAST_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterMs: 5_000 };

export interface WorkstationOptions {
  dataDir: string;
  settings?: Partial<Settings>;
  settingsStore?: SettingsStore;
  secrets?: SecretBox | null;
  retry?: RetryPolicy;
  timeoutMs?: number;
  sessionClock?: ManualClock;
  syncClock?: ManualClock;
  signInJitterMs?: number;
  log?: CoreContext['log'];
}

export interface Workstation {
  ctx: CoreContext;
  session: SessionService;
  mirrors: MirrorManager;
  sync: SyncService;
  lookup: LookupService;
  sessionClock: ManualClock;
  syncClock: ManualClock;
  /** Rounds finished so far. */
  rounds(): number;
  lastStatus(): SyncStatus | null;
  signIn(server: string, email: string, password: string): Promise<SignInResult>;
  /** Starts a round now (as the Sync button does) and waits for it to end. */
  syncNow(): Promise<SyncStatus>;
  /** Waits until `n` rounds have finished. */
  roundsDone(n: number, timeoutMs?: number): Promise<SyncStatus>;
  close(): Promise<void>;
}

export function createWorkstation(options: WorkstationOptions): Workstation {
  const events = new CoreEvents();
  const settings = options.settingsStore ?? createMemorySettingsStore(options.settings);
  const ctx: CoreContext = {
    deps: { host: 'cli', version: '0.0.0', dataDir: options.dataDir, settings, secrets: options.secrets },
    events,
    log: options.log ?? silentLogger,
    requests: createRequestLog(),
  };
  const sessionClock = options.sessionClock ?? new ManualClock();
  const syncClock = options.syncClock ?? new ManualClock();
  const session = createSessionService(ctx, {
    clock: sessionClock,
    scrypt: { N: 1024, r: 8, p: 1 },
    http: { timeoutMs: options.timeoutMs ?? 5_000, retry: options.retry ?? FAST_RETRY },
    monitor: { onlineIntervalMs: 24 * 3_600_000, retryBaseMs: 1_000, retryMaxMs: 8_000 },
    restoreRemembered: false,
  });
  const mirrors = createMirrorManager(ctx, session);
  const sync = createSyncService(ctx, { session, mirrors }, {
    clock: syncClock,
    retry: options.retry ?? FAST_RETRY,
    timeoutMs: options.timeoutMs ?? 5_000,
    signInJitterMs: options.signInJitterMs,
    // the tests step the sync clock timer by timer: the daily integrity check waits past every round's
    // timer, so that the next timer fired is a round's (the check has tests of its own)
    idleCheckMs: 24 * 60 * 60_000,
  });
  const lookup = createLookupService(ctx, { mirrors });
  let finished = 0;
  let last: SyncStatus | null = null;
  let lastFinishedAt: string | null = null;
  events.on('sync.status', (status) => {
    last = status;
    if (!status.running && status.lastRoundFinishedAt !== null && status.lastRoundFinishedAt !== lastFinishedAt) {
      lastFinishedAt = status.lastRoundFinishedAt;
      finished++;
    }
  });
  // Two rounds may finish within one millisecond of a manual clock: count ends, not timestamps.
  const roundsDone = async (n: number, timeoutMs = 60_000) => {
    await until(() => finished >= n && last && !last.running, `${n} sync rounds`, timeoutMs);
    return last!;
  };
  return {
    ctx,
    session,
    mirrors,
    sync,
    lookup,
    sessionClock,
    syncClock,
    rounds: () => finished,
    lastStatus: () => last,
    async signIn(server, email, password) {
      return (await session.handlers['session.signIn']({ server, email, password, rememberMe: false })) as SignInResult;
    },
    async syncNow() {
      // Rounds also start by themselves (sign-in, connectivity back): wait for those to end, so
      // that the round measured is one that starts now.
      for (;;) {
        await until(() => !(sync.handlers['sync.status']({}) as SyncStatus).running || null, 'the running round to end', 60_000);
        const before = finished;
        syncClock.advance(1); // keeps two rounds' end stamps apart
        if ((sync.handlers['sync.status']({}) as SyncStatus).running) continue; // the timer was due
        const { started } = (await sync.handlers['sync.now']({})) as { started: boolean };
        if (started) return roundsDone(before + 1);
      }
    },
    roundsDone,
    async close() {
      await sync.close();
      await mirrors.close();
      await session.close();
    },
  };
}

/** Per dataset key: a digest of its (id, content hash) rows, and its row count. */
export type Fingerprints = Map<string, { digest: string; rows: number }>;

export function fingerprints(mirrorFile: string): Fingerprints {
  const db = new Database(mirrorFile, { readonly: true, fileMustExist: true });
  try {
    const out: Fingerprints = new Map();
    const datasets = db.prepare('SELECT dataset_id, key, list FROM datasets').all() as { dataset_id: number; key: string; list: string }[];
    for (const d of datasets) {
      const rows = db.prepare(`SELECT id, hash FROM ${tableOf(d.list)} WHERE dataset_id = ? ORDER BY id`).all(d.dataset_id) as { id: string; hash: number }[];
      const hash = createHash('sha256');
      for (const row of rows) hash.update(`${row.id}\t${row.hash}\n`);
      out.set(d.key, { digest: hash.digest('hex').slice(0, 16), rows: rows.length });
    }
    return out;
  } finally {
    db.close();
  }
}

/**
 * Datasets of `now` that equal neither their `before` nor their `after` snapshot (a dataset absent
 * before may be absent or equal to after). An empty list means nothing was half applied or lost.
 */
export function mixedDatasets(now: Fingerprints, before: Fingerprints, after: Fingerprints): string[] {
  const bad: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys(), ...now.keys()])) {
    const n = now.get(key);
    const b = before.get(key);
    const a = after.get(key);
    const same = (x: typeof n, y: typeof n) => (x === undefined && y === undefined) || (x !== undefined && y !== undefined && x.digest === y.digest);
    const emptyOrAbsent = (x: typeof n) => x === undefined || x.rows === 0;
    if (same(n, b) || same(n, a)) continue;
    // A dataset first registered in this round and not yet applied holds no rows: nothing lost.
    if (b === undefined && emptyOrAbsent(n)) continue;
    bad.push(key);
  }
  return bad;
}
