// A built sync worker syncs a large first load whose full-text index comes from the search-index
// helper it finds beside it, as the sources' worker does: shared by the checks of each bundle that
// carries a sync worker (the app's, the CLI's).
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import { createSyncWorkerClient } from '../../electron/core/sync/sync-worker-client.ts';
import { LISTS, startFixtureServer } from '../sync/fixture-server.ts';

/** Large enough for the bulk load, whose index the helper thread builds. */
const ITEMS = 30_000;
const HINGE = 12_345;

/** Syncs the items of one account through the worker at `worker` into a new mirror in `folder`, and checks its index. */
export async function expectFirstLoadIndexedByHelper(worker: URL, folder: string): Promise<void> {
  const server = await startFixtureServer();
  const client = createSyncWorkerClient(worker);
  try {
    server.set(`${LISTS}/accounts/query`, [{ id: 'acc-1', accountid: 'ACME', name: 'Acme' }]);
    server.set(`${LISTS}/facilities/query`, [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }]);
    server.set(`${LISTS}/accounts/acc-1/items/query`, Array.from({ length: ITEMS }, (_, n) => ({ id: `item-${n}`, sku: `SKU-${n}`, description: n === HINGE ? 'Blue hinge' : `Thing ${n}` })));
    const file = path.join(folder, 'mirror.sqlite');
    openMirror(file).close();
    const result = await client.run(
      { kind: 'round', mirrorPath: file, baseUrl: server.url, plan: { offlineLists: ['items'], offlineFacilities: [], userFacilities: [], historyDays: 0 }, only: null, allowMassDelete: [], token: { value: 't1' } },
      { refreshAfterUnauthorized: async () => 't1' },
    );
    expect(result?.datasets.find((d) => d.key.startsWith('items@'))).toMatchObject({ outcome: 'applied', rows: ITEMS });
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare(`SELECT i.id FROM items_fts JOIN items i ON i.rid = items_fts.rowid WHERE items_fts MATCH 'hinge'`).pluck().all()).toEqual([`item-${HINGE}`]);
      // a writer that built the index itself would have switched the mirror's merging off and on
      expect(db.prepare(`SELECT v FROM items_fts_config WHERE k = 'automerge'`).pluck().get()).toBeUndefined();
    } finally {
      db.close();
    }
  } finally {
    await client.terminate();
    await server.close();
  }
}
