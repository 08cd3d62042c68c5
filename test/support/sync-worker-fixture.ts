// For each test: a fresh folder, a fixture server on loopback and a sync worker started from the
// sources; the worker stopped, the server closed and the folder removed after it.
import { afterEach, beforeEach } from 'vitest';
import { createSyncWorkerClient, type SyncWorkerClient } from '../../electron/core/sync/sync-worker-client.ts';
import { startFixtureServer, type FixtureServer } from '../sync/fixture-server.ts';
import { tempDir } from './temp-dir.ts';

export interface SyncWorkerFixture {
  folder: string;
  server: FixtureServer;
  worker: SyncWorkerClient;
}

/** Registers the hooks of the test file it is called in; `use` is handed each test's fixture before the test runs. */
export function eachTestSyncWorker(use: (fixture: SyncWorkerFixture) => void): void {
  let dir: ReturnType<typeof tempDir>;
  let fixture: SyncWorkerFixture;
  beforeEach(async () => {
    dir = tempDir();
    fixture = { folder: dir.path, server: await startFixtureServer(), worker: createSyncWorkerClient() };
    use(fixture);
  });
  afterEach(async () => {
    await fixture.worker.terminate();
    await fixture.server.close();
    dir.remove();
  });
}
