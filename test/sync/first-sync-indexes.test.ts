// A first sync of several accounts' items builds the items table's indexes once, after the last
// account's load, not after each (db/write/deferred-indexes.ts); the answers are the same either way,
// and a later round finds every index in place. Against the real demo server.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import type { RoundOptions } from '../../electron/core/sync/round/types.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { demoToken } from './demo-token.ts';

let server: DemoServer;
let dir: ReturnType<typeof tempDir>;
let db: WriteDb;
let token: string;

// two accounts of 22,000 items: each load is large enough for bulk mode (bulk-load.ts)
beforeAll(async () => {
  server = await startDemoServer({ port: 0, items: 44_000, accounts: 2, facilities: 1, seed: 5, rateLimit: 0 });
  dir = tempDir();
  db = openMirror(path.join(dir.path, 'm.sqlite'));
  ({ token } = await demoToken(server));
});
afterAll(async () => {
  db.close();
  await server.close();
  dir.remove();
});

const itemsIndexes = () => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items' AND sql IS NOT NULL ORDER BY name`).pluck().all() as string[];
const round = (extra: Partial<RoundOptions> = {}) =>
  runRound(db, {
    baseUrl: server.url,
    accessToken: async () => token,
    refreshAfterUnauthorized: async () => token,
    plan: { offlineLists: [], offlineFacilities: [], userFacilities: [], historyDays: 30 },
    ...extra,
  });

describe('a first sync of several accounts', () => {
  it('leaves the items indexes to the last account, and has them all at its end', async () => {
    const all = itemsIndexes();
    const accounts = server.ids().accounts;
    const seen = new Map<string, string[]>();
    const first = await round({
      onProgress: (p) => {
        // each account's items are committed when it says done: what the mirror then has
        if (p.phase === 'done' && p.list === 'items') seen.set(p.scopeId!, itemsIndexes());
      },
    });
    expect(first.datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    const [earlier, last] = [...seen.keys()];
    expect(new Set([earlier, last])).toEqual(new Set(accounts));
    expect(seen.get(earlier)).toEqual([]);
    expect(seen.get(last)).toEqual(all);
    expect(itemsIndexes()).toEqual(all);
    expect(db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(44_000);
    expect(db.prepare(`SELECT count(*) FROM meta WHERE key LIKE 'deferredIndexes.%'`).pluck().get()).toBe(0);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // a second round finds its stored rows by id: every index is there
    server.setRevision(1);
    const second = await round();
    expect(second.datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    expect(second.datasets.filter((d) => d.key.startsWith('items@')).map((d) => d.outcome)).toEqual(['applied', 'applied']);
    expect(itemsIndexes()).toEqual(all);
  }, 180_000);
});
