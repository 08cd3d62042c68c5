// The mirror looks after itself: in idle time, at most once a day and never during a round, the
// sync worker reads the whole file (`PRAGMA quick_check`, every page), so that damage no query has
// met yet (pages garbled on disk after a clean exit) is found and healed as a query's damage is:
// set aside, synced afresh, said in words and logged. It runs in the worker so that lookups on the
// main thread never wait for it.
import { rmSync, statSync, writeFileSync } from 'node:fs';
import type { AisleError } from '../../contract/errors.ts';
import type { Logger } from '../context.ts';
import type { Clock, Timer } from '../shared/clock.ts';
import type { SyncWorkerClient } from './sync-worker-client.ts';

export const INTEGRITY_CHECK_EVERY_MS = 24 * 60 * 60_000;
/** How long after a round, with no round since, the check runs. */
export const INTEGRITY_CHECK_IDLE_MS = 60_000;

/** Beside the mirror: when its last whole check passed (the file's time). */
export const checkedMarker = (mirrorPath: string) => `${mirrorPath}.checked`;

/** Whether the file's last passed check is older than a day (or there was none). */
export function checkDue(mirrorPath: string, now: number): boolean {
  const last = statSync(checkedMarker(mirrorPath), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return now - last >= INTEGRITY_CHECK_EVERY_MS;
}

export interface IdleCheck {
  /** A round of this file ended, or the file opened: the check is planned for when the workstation has been idle a while. */
  plan(mirrorPath: string): void;
  /** Whether a check is running now (a round waits for it). */
  running(): boolean;
  /** Resolves when the running check, if any, is over. */
  settled(): Promise<void>;
  cancel(): void;
}

export function createIdleCheck(deps: {
  clock: Clock;
  worker: SyncWorkerClient;
  log: Logger;
  idleMs?: number;
  /** A round is running or the file is no longer the open one: not now. */
  busy(mirrorPath: string): boolean;
  /** The check found damage: set the file aside (as a query's damage). */
  damaged(error: AisleError): void;
  /** The check is over, whatever came of it (a round that waited may start). */
  over(): void;
}): IdleCheck {
  let timer: Timer | null = null;
  let checking: Promise<void> | null = null;
  const idleMs = deps.idleMs ?? INTEGRITY_CHECK_IDLE_MS;

  const run = (mirrorPath: string) => {
    timer = null;
    if (deps.busy(mirrorPath) || !checkDue(mirrorPath, deps.clock.now())) return;
    const started = deps.clock.now();
    checking = deps.worker
      .run({ kind: 'check', mirrorPath }, { refreshAfterUnauthorized: () => Promise.reject(new Error('a check needs no token')) })
      .then(
        () => {
          writeFileSync(checkedMarker(mirrorPath), '', { mode: 0o600 });
          deps.log.info('mirror: integrity check passed', { ms: deps.clock.now() - started });
        },
        (error: AisleError) => {
          if (error.notice?.code === 'mirror_file_damaged') {
            deps.log.error('mirror: the integrity check found damage', { ms: deps.clock.now() - started, error: error.message });
            // the fresh file that takes this one's name has not been checked
            rmSync(checkedMarker(mirrorPath), { force: true });
            deps.damaged(error);
          } else deps.log.warn('mirror: the integrity check could not run', { code: error.code, error: error.message });
        },
      )
      .catch((error: unknown) => deps.log.warn('mirror: the integrity check could not finish', { error: (error as Error).message }))
      .finally(() => {
        checking = null;
        deps.over();
      });
  };

  return {
    plan(mirrorPath) {
      timer?.cancel();
      timer = deps.clock.after(idleMs, () => run(mirrorPath));
    },
    running: () => checking !== null,
    settled: () => checking ?? Promise.resolve(),
    cancel() {
      timer?.cancel();
      timer = null;
    },
  };
}
