// One scope's poller: while this process holds the scope's lock in PostgreSQL, it runs the very
// sync round a workstation runs (a whole core, headless, signed in as the scope's service user,
// into a mirror of its own), then publishes what changed as new generations. A process without the
// lock only serves; it tries the lock again every round, so it takes over when the holder dies.
import path from 'node:path';
import type pg from 'pg';
import type { SyncStatus } from '../../contract/types.ts';
import { mirrorFileOf, openMirror } from '../../core/entrances/mirror-files.ts';
import type { Core, Logger } from '../../core/index.ts';
import { pollLock, publishMirror, removeDroppedDatasets, type PublishedDataset } from '../../core/entrances/relay.ts';
import { createNodeCore } from '../node-core.ts';
import { signInForCli } from '../cli/sign-in.ts';
import type { RelayScopeConfig } from './relay-config.ts';

export interface PollOutcome {
  scope: string;
  /** 'standby': another process holds the lock and polls; 'failed': the last generation stays served (error says why). */
  state: 'polled' | 'standby' | 'failed';
  error?: string;
  license: string | null;
  published: PublishedDataset[];
  /** Datasets taken out of the catalog: the mirror no longer holds them (remove-dropped.ts). */
  removed: string[];
}

export interface ScopePoller {
  readonly name: string;
  pollOnce(): Promise<PollOutcome>;
  close(): Promise<void>;
}

export interface ScopePollerOptions {
  server: string;
  dataDir: string;
  pool: pg.Pool;
  scope: RelayScopeConfig;
  password: string;
  horizonGenerations?: number;
  log?: Logger;
}

export function createScopePoller(options: ScopePollerOptions): ScopePoller {
  const lock = pollLock(options.pool, options.scope.name);
  const dataDir = path.join(options.dataDir, options.scope.name);
  let core: Core | null = null;

  async function signedIn(c: Core): Promise<{ server: string; email: string; licenseId: string }> {
    let view = await c.handlers['session.current']({});
    if (view.state !== 'signed-in') {
      view = await signInForCli(c.handlers, { server: options.server, email: options.scope.email, password: options.password, licenseId: options.scope.license, firstEnabled: true });
    }
    if (view.state !== 'signed-in' || !view.server || !view.email || !view.licenseId) throw new Error(`scope ${options.scope.name}: the service user's session is ${view.state}`);
    return { server: view.server, email: view.email, licenseId: view.licenseId };
  }

  async function round(c: Core): Promise<void> {
    const ended = new Promise<SyncStatus>((resolve) => {
      const off = c.events.on('sync.status', (s) => {
        if (!s.running && s.lastRoundFinishedAt !== null) {
          off();
          resolve(s);
        }
      });
    });
    if (!(await c.handlers['sync.now']({})).started) throw new Error(`scope ${options.scope.name}: a sync round is already running`);
    await ended;
  }

  return {
    name: options.scope.name,
    async pollOnce() {
      if (!(await lock.hold())) return { scope: options.scope.name, state: 'standby', license: null, published: [], removed: [] };
      core ??= createNodeCore({ host: 'cli', dataDir, overrides: { autoSync: false, idleLock: false, ...(options.log ? { log: options.log } : {}) } });
      const identity = await signedIn(core);
      await round(core);
      const db = openMirror(mirrorFileOf(dataDir, identity), { readonly: true });
      try {
        const published = await publishMirror(db, options.pool, { scope: identity.licenseId, horizonGenerations: options.horizonGenerations });
        const removed = await removeDroppedDatasets(db, options.pool, identity.licenseId);
        return { scope: options.scope.name, state: 'polled', license: identity.licenseId, published, removed };
      } finally {
        db.close();
      }
    },
    async close() {
      await core?.close();
      core = null;
      await lock.release();
    },
  };
}
