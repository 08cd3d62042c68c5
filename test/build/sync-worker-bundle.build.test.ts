// The built sync worker (out/main/sync-worker.js) finds its full-text helper beside it
// (out/main/search-index-worker.js) and a first sync's index comes from that helper, as from source.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import { createSyncWorkerClient } from '../../electron/core/sync/sync-worker-client.ts';
import { tempDir } from '../support/temp-dir.ts';
import { LISTS, startFixtureServer } from '../sync/fixture-server.ts';

const built = new URL('../../out/main/sync-worker.js', import.meta.url);

describe('the built sync worker', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('builds a large first load’s full-text index on the helper thread built beside it', async () => {
    const server = await startFixtureServer();
    const worker = createSyncWorkerClient(built);
    try {
      server.set(`${LISTS}/accounts/query`, [{ id: 'acc-1', accountid: 'ACME', name: 'Acme' }]);
      server.set(`${LISTS}/facilities/query`, [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }]);
      server.set(`${LISTS}/accounts/acc-1/items/query`, Array.from({ length: 30_000 }, (_, n) => ({ id: `item-${n}`, sku: `SKU-${n}`, description: n === 12_345 ? 'Blue hinge' : `Thing ${n}` })));
      const file = path.join(dir.path, 'mirror.sqlite');
      openMirror(file).close();
      const token = async () => 't1';
      const result = await worker.run(
        { kind: 'round', mirrorPath: file, baseUrl: server.url, plan: { offlineLists: ['items'], offlineFacilities: [], userFacilities: [], historyDays: 0 }, only: null, allowMassDelete: [], token: { value: 't1' } },
        { refreshAfterUnauthorized: token },
      );
      expect(result?.datasets.find((d) => d.key.startsWith('items@'))).toMatchObject({ outcome: 'applied', rows: 30_000 });
      const db = new Database(file, { readonly: true });
      try {
        expect(db.prepare(`SELECT i.id FROM items_fts JOIN items i ON i.rid = items_fts.rowid WHERE items_fts MATCH 'hinge'`).pluck().all()).toEqual(['item-12345']);
        // a writer that built the index itself would have switched the mirror's merging off and on
        expect(db.prepare(`SELECT v FROM items_fts_config WHERE k = 'automerge'`).pluck().get()).toBeUndefined();
      } finally {
        db.close();
      }
    } finally {
      await worker.terminate();
      await server.close();
    }
  });
});
