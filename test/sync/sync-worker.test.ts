// The sync worker answers a task only once it has let go of the mirror file: whoever waited for the
// round may open the file at once (closing the last connection checkpoints it under an exclusive lock).
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import { createSyncWorkerClient, type SyncWorkerClient } from '../../electron/core/sync/sync-worker-client.ts';
import { tempDir } from '../support/temp-dir.ts';
import { LISTS, startFixtureServer, type FixtureServer } from './fixture-server.ts';

let dir: ReturnType<typeof tempDir>;
let server: FixtureServer;
let worker: SyncWorkerClient;
beforeEach(async () => {
  dir = tempDir();
  server = await startFixtureServer();
  worker = createSyncWorkerClient();
});
afterEach(async () => {
  await worker.terminate();
  await server.close();
  dir.remove();
});

describe('the sync worker', () => {
  it('reports a round done only after it has checkpointed and closed the mirror', async () => {
    server.set(`${LISTS}/accounts/query`, [{ id: 'acc-1', accountid: 'ACME', name: 'Acme' }]);
    server.set(`${LISTS}/facilities/query`, [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }]);
    server.set(`${LISTS}/accounts/acc-1/items/query`, Array.from({ length: 30_000 }, (_, n) => ({ id: `item-${n}`, sku: `SKU-${n}`, description: `Thing ${n}` })));
    const file = path.join(dir.path, 'mirror.sqlite');
    openMirror(file).close();
    const token = async () => 't1';
    for (let round = 0; round < 2; round++) {
      const result = await worker.run(
        { kind: 'round', mirrorPath: file, baseUrl: server.url, plan: { offlineLists: ['items'], offlineFacilities: [], userFacilities: [], historyDays: 0 }, only: null, allowMassDelete: [] },
        { accessToken: token, refreshAfterUnauthorized: token },
      );
      expect(result?.datasets.find((d) => d.key.startsWith('items@'))?.outcome).toBe(round === 0 ? 'applied' : 'unchanged');
      // the worker's connection was the last: its close copied the WAL into the file and removed it
      expect(existsSync(`${file}-wal`)).toBe(false);
      const db = new Database(file, { timeout: 0 });
      db.exec('BEGIN EXCLUSIVE');
      expect(db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(30_000);
      db.exec('COMMIT');
      db.close();
    }
  });
});
