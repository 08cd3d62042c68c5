// A built sync worker syncs a large first load whose full-text index comes from the search-index
// helper it finds beside it, as the sources' worker does: the load, shared by the checks of each
// bundle that carries a sync worker (the app's, the CLI's), which assert on what it reports.
import path from 'node:path';
import Database from 'better-sqlite3';
import { openMirror } from '../../electron/core/db/connection.ts';
import { createSyncWorkerClient } from '../../electron/core/sync/sync-worker-client.ts';
import { LISTS, serveOneAccountAndFacility, startFixtureServer } from '../sync/fixture-server.ts';

/** Large enough for the bulk load, whose index the helper thread builds. */
export const FIRST_LOAD_ITEMS = 30_000;
const HINGE = 12_345;
/** The one item described by the word `hinge`. */
export const HINGE_ITEM = `item-${HINGE}`;

export interface FirstLoad {
  /** The items dataset's outcome and rows, as the round reported them. */
  items: { outcome: string; rows: number } | undefined;
  /** The ids the full-text index finds for `hinge`. */
  hingeIds: string[];
  /** The index's automerge setting: left unset unless a writer built the index itself and switched merging off and on. */
  automerge: unknown;
}

/** Syncs the items of one account through the worker at `worker` into a new mirror in `folder`; what the round and the index say. */
export async function firstLoadThroughWorker(worker: URL, folder: string): Promise<FirstLoad> {
  const server = await startFixtureServer();
  const client = createSyncWorkerClient(worker);
  try {
    serveOneAccountAndFacility(server);
    server.set(`${LISTS}/accounts/acc-1/items/query`, Array.from({ length: FIRST_LOAD_ITEMS }, (_, n) => ({ id: `item-${n}`, sku: `SKU-${n}`, description: n === HINGE ? 'Blue hinge' : `Thing ${n}` })));
    const file = path.join(folder, 'mirror.sqlite');
    openMirror(file).close();
    const result = await client.run(
      { kind: 'round', mirrorPath: file, baseUrl: server.url, plan: { offlineLists: ['items'], offlineFacilities: [], userFacilities: [], historyDays: 0 }, only: null, allowMassDelete: [], token: { value: 't1' } },
      { refreshAfterUnauthorized: async () => 't1' },
    );
    const items = result?.datasets.find((d) => d.key.startsWith('items@'));
    const db = new Database(file, { readonly: true });
    try {
      return {
        items: items && { outcome: items.outcome, rows: items.rows },
        hingeIds: db.prepare(`SELECT i.id FROM items_fts JOIN items i ON i.rid = items_fts.rowid WHERE items_fts MATCH 'hinge'`).pluck().all() as string[],
        automerge: db.prepare(`SELECT v FROM items_fts_config WHERE k = 'automerge'`).pluck().get(),
      };
    } finally {
      db.close();
    }
  } finally {
    await client.terminate();
    await server.close();
  }
}
