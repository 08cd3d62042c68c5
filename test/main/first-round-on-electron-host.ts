// A first sync round as the Electron host runs one: the sync service and its worker on a data folder,
// with the settings given, started by signing in; main's network is whatever the test set with
// useNetwork (Chromium's proxy per server through the fake `electron`'s session, the policy's CAs).
import type { Settings, SyncStatus } from '../../electron/contract/types.ts';
import { createRequestLog } from '../../electron/core/api/request-log.ts';
import { silentLogger, type CoreContext } from '../../electron/core/context.ts';
import { CoreEvents } from '../../electron/core/events.ts';
import { createMirrorManager } from '../../electron/core/mirror/mirror-manager.ts';
import { createMemorySettingsStore } from '../../electron/core/settings/settings-store.ts';
import { createSyncService } from '../../electron/core/sync/sync-service.ts';
import { sessionStub } from '../sync/session-stub.ts';

export interface FirstRound {
  dataDir: string;
  settings: Partial<Settings>;
  /** The server URL the user signed in to (a relay's address, for a seat). */
  server: string;
  email: string;
  license: string;
  facilities?: Parameters<typeof sessionStub>[2];
  /** The session's access token (a real one for a real warehouse server); the stub's own otherwise. */
  token?: string;
}

/** Signs in, waits for the first round to end, and gives its sync status; the service is closed after. */
export async function firstRoundOnElectronHost(o: FirstRound): Promise<SyncStatus> {
  const ctx: CoreContext = {
    deps: { host: 'cli', version: '0', dataDir: o.dataDir, settings: createMemorySettingsStore(o.settings) },
    events: new CoreEvents(),
    log: silentLogger,
    requests: createRequestLog(),
  };
  const stub = sessionStub(ctx.events, { url: o.server }, o.facilities ?? []);
  const port = o.token === undefined ? stub.port : { ...stub.port, accessToken: async () => o.token! };
  const mirrors = createMirrorManager(ctx, port);
  const sync = createSyncService(ctx, { session: port, mirrors });
  try {
    const ended = new Promise<SyncStatus>((resolve) => {
      const off = ctx.events.on('sync.status', (next) => {
        if (!next.running && next.lastRoundFinishedAt !== null) {
          off();
          resolve(next);
        }
      });
    });
    // signing in starts the mirror's first round, as on a workstation
    stub.signIn(o.email, o.license);
    return await ended;
  } finally {
    await sync.close();
    await mirrors.close();
  }
}
