// Sync rounds against the real demo server: first sync, no change, a revision (changed, added and
// deleted items), and its simulated mass deletion, held until confirmed.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
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
let facilities: { id: string; code: string; name: string }[];

beforeAll(async () => {
  server = await startDemoServer({ port: 0, items: 1200, accounts: 2, facilities: 1, seed: 11, rateLimit: 0 });
  dir = tempDir();
  db = openMirror(path.join(dir.path, 'm.sqlite'));
  ({ token, facilities } = await demoToken(server));
});
afterAll(async () => {
  db.close();
  await server.close();
  dir.remove();
});

const round = (extra: Partial<RoundOptions> = {}) =>
  runRound(db, {
    baseUrl: server.url,
    accessToken: async () => token,
    refreshAfterUnauthorized: async () => token,
    plan: { offlineLists: [], offlineFacilities: [], userFacilities: facilities, historyDays: 30 },
    ...extra,
  });
const count = (sql: string, ...args: unknown[]) => db.prepare(sql).pluck().get(...args) as number;
const outcomes = (r: Awaited<ReturnType<typeof round>>) => new Set(r.datasets.map((d) => d.outcome));

describe('sync against the demo server', () => {
  it('first sync, a no-change round, a revision, and a held mass deletion', async () => {
    const first = await round();
    expect(first.datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    expect(count('SELECT count(*) FROM items')).toBe(1200);
    expect(count('SELECT count(*) FROM inventory')).toBeGreaterThan(0);
    expect(count('SELECT count(*) FROM locations WHERE code_norm IS NOT NULL')).toBeGreaterThan(0);
    expect(count(`SELECT count(*) FROM records WHERE list = 'accounts'`)).toBe(2);

    expect(outcomes(await round())).toEqual(new Set(['unchanged']));

    const before = new Map((db.prepare('SELECT id, hash FROM items').all() as { id: string; hash: number }[]).map((r) => [r.id, r.hash]));
    server.setRevision(1);
    const revised = await round();
    expect(revised.datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    expect(revised.datasets.some((d) => d.key.startsWith('items@') && d.outcome === 'applied')).toBe(true);
    const after = new Map((db.prepare('SELECT id, hash FROM items').all() as { id: string; hash: number }[]).map((r) => [r.id, r.hash]));
    const changed = [...after].filter(([id, hash]) => before.has(id) && before.get(id) !== hash).length;
    const deleted = [...before.keys()].filter((id) => !after.has(id)).length;
    expect(changed).toBeGreaterThan(0);
    expect(deleted).toBeGreaterThan(0);

    server.setMassDeletion(0);
    const massKey = `items@account:${server.ids().accounts[0]}`;
    const rowsBefore = count('SELECT count(*) FROM items WHERE dataset_id = (SELECT dataset_id FROM datasets WHERE key = ?)', massKey);
    const held = await round();
    expect(held.datasets.find((d) => d.key === massKey)?.outcome).toBe('held');
    expect(datasetByKey(db, massKey)?.held_would_delete).toBeGreaterThan(rowsBefore / 2);
    expect(count('SELECT count(*) FROM items WHERE dataset_id = (SELECT dataset_id FROM datasets WHERE key = ?)', massKey)).toBe(rowsBefore);

    const confirmed = await round({ only: [massKey], allowMassDelete: [massKey] });
    expect(confirmed.datasets).toEqual([expect.objectContaining({ key: massKey, outcome: 'applied' })]);
    expect(count('SELECT count(*) FROM items WHERE dataset_id = (SELECT dataset_id FROM datasets WHERE key = ?)', massKey)).toBeLessThan(rowsBefore / 2);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
