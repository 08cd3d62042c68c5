// The sync worker answers a task only once it has let go of the mirror file: whoever waited for the
// round may open the file at once (closing the last connection checkpoints it under an exclusive lock).
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { noticeInEnglish } from '../../electron/contract/notices.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import { SCHEMA_VERSION } from '../../electron/core/db/migrations/index.ts';
import type { SyncWorkerClient } from '../../electron/core/sync/sync-worker-client.ts';
import { eachTestSyncWorker } from '../support/sync-worker-fixture.ts';
import { LISTS, serveOneAccountAndFacility, type FixtureServer } from './fixture-server.ts';

let dir: string;
let server: FixtureServer;
let worker: SyncWorkerClient;
eachTestSyncWorker((fixture) => ({ folder: dir, server, worker } = fixture));

describe('the sync worker', () => {
  it("hands main a failed task's notice with its error: a newer Aisle's file is worded by the window, not quoted", async () => {
    const file = path.join(dir, 'newer.sqlite');
    const newer = new Database(file);
    newer.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    newer.close();
    await expect(worker.run({ kind: 'upgrade', mirrorPath: file }, { refreshAfterUnauthorized: async () => 't1' })).rejects.toMatchObject({
      code: 'mirror_error',
      message: noticeInEnglish({ code: 'mirror_newer', version: SCHEMA_VERSION + 1, known: SCHEMA_VERSION }),
      notice: { code: 'mirror_newer', version: SCHEMA_VERSION + 1, known: SCHEMA_VERSION },
    });
  });

  it('reports a round done only after it has checkpointed and closed the mirror', async () => {
    serveOneAccountAndFacility(server);
    server.set(`${LISTS}/accounts/acc-1/items/query`, Array.from({ length: 30_000 }, (_, n) => ({ id: `item-${n}`, sku: `SKU-${n}`, description: `Thing ${n}` })));
    const file = path.join(dir, 'mirror.sqlite');
    openMirror(file).close();
    const token = async () => 't1';
    for (let round = 0; round < 2; round++) {
      const result = await worker.run(
        { kind: 'round', mirrorPath: file, baseUrl: server.url, plan: { offlineLists: ['items'], offlineFacilities: [], userFacilities: [], historyDays: 0 }, only: null, allowMassDelete: [], token: { value: 't1' } },
        { refreshAfterUnauthorized: token },
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

  describe('its token', () => {
    const plan = { offlineLists: ['items'], offlineFacilities: [], userFacilities: [], historyDays: 0 };
    const serve = () => {
      serveOneAccountAndFacility(server);
      server.set(`${LISTS}/accounts/acc-1/items/query`, [{ id: 'item-1', sku: 'SKU-1', description: 'Thing' }]);
      const file = path.join(dir, 'mirror.sqlite');
      openMirror(file).close();
      return file;
    };

    it('comes with the task: a round with a valid token asks main for none', async () => {
      const file = serve();
      const asked: string[] = [];
      const result = await worker.run(
        { kind: 'round', mirrorPath: file, baseUrl: server.url, plan, only: null, allowMassDelete: [], token: { value: 't1' } },
        { refreshAfterUnauthorized: async (rejected) => (asked.push(rejected), 't1') },
      );
      expect(result?.datasets.map((d) => d.outcome)).toEqual(['applied', 'applied', 'applied']);
      expect(asked).toEqual([]);
      expect(server.requests.map((r) => r.status)).toEqual([200, 200, 200]);
    });

    it('is asked for once after a 401, and the refused request is sent again with the new one', async () => {
      const file = serve();
      server.fault(`${LISTS}/accounts/query`, 'unauthorized', 1);
      const asked: string[] = [];
      const result = await worker.run(
        { kind: 'round', mirrorPath: file, baseUrl: server.url, plan, only: null, allowMassDelete: [], concurrency: 1, token: { value: 't1' } },
        {
          refreshAfterUnauthorized: async (rejected) => {
            asked.push(rejected);
            // the refused token is no longer taken: every later request must carry the new one
            server.tokens.delete('t1');
            server.tokens.add('t2');
            return 't2';
          },
        },
      );
      expect(asked).toEqual(['t1']);
      expect(server.requests.filter((r) => r.path === `${LISTS}/accounts/query`).map((r) => r.status)).toEqual([401, 200]);
      expect(result?.datasets.map((d) => d.outcome)).toEqual(['applied', 'applied', 'applied']);
    });

    it('says why main had none: each dataset fails with that error, and main is not asked', async () => {
      const file = serve();
      const asked: string[] = [];
      const result = await worker.run(
        { kind: 'round', mirrorPath: file, baseUrl: server.url, plan, only: null, allowMassDelete: [], token: { error: { code: 'session_expired', message: 'The session has expired; sign in again.' } } },
        { refreshAfterUnauthorized: async (rejected) => (asked.push(rejected), 't1') },
      );
      expect(result?.datasets.map((d) => d.error?.code)).toEqual(['session_expired', 'session_expired']);
      expect(result?.datasets[0].error?.message).toContain('The session has expired');
      expect(asked).toEqual([]);
      expect(server.requests).toEqual([]);
    });
  });
});
