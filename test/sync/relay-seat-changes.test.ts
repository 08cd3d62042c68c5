// A seat brought forward several generations at once: the relay's changes answer names a row once
// per generation that changed it, oldest first. The seat must end with each row's last change: a
// row changed and then deleted is gone, a row deleted and then written again is there. Real records
// from the demo server, served as a relay serves them by a small server on loopback.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import { allDatasets } from '../../electron/core/db/read/datasets.ts';
import { datasetRows } from '../../electron/core/db/read/dataset-rows.ts';
import { tableOf } from '../../electron/core/lists/registry.ts';
import { changeElement } from '../../electron/core/relay/chunk-format.ts';
import { syncDatasetFromRelay, type CatalogEntry } from '../../electron/core/sync/relay-seat.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { demoToken } from './demo-token.ts';

let demo: DemoServer;
let relay: http.Server;
let relayUrl: string;
const answers = new Map<string, string>();
const dir = tempDir('aisle-seat-changes-');

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, items: 50, accounts: 1, facilities: 1, seed: 3, rateLimit: 0 });
  relay = http.createServer((req, res) => {
    const body = answers.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(body ?? '{"message":"no such answer"}');
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => relay.close(resolve));
  await demo.close();
  dir.remove();
});

describe("a seat's changes over several generations", () => {
  it('applies the last change of each row: changed then deleted is gone, deleted then written again is kept', async () => {
    // real records: the users list as the demo server sends it
    const source = openMirror(path.join(dir.path, 'source.sqlite'));
    const { token } = await demoToken(demo);
    await runRound(source, { baseUrl: demo.url, accessToken: async () => token, refreshAfterUnauthorized: async () => token, plan: { offlineLists: ['users'], offlineFacilities: [], userFacilities: [], historyDays: 30 } });
    const d = allDatasets(source).find((x) => x.list === 'users')!;
    const rows = [...datasetRows(source, tableOf(d.list), d.dataset_id)];
    source.close();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const [changedThenDeleted, deletedThenBack] = rows;

    const license = 'license-a';
    const at = (kind: string, ...gens: number[]) => `/relay/v1/${kind}/${license}/${encodeURIComponent(d.key)}/${gens.join('/')}`;
    const entry = (generation: number): CatalogEntry => ({ key: d.key, list: d.list, scopeKind: d.scope_kind, scopeId: d.scope_id, generation, horizon: 1, readAt: '2026-11-01T10:00:00.000Z', license });
    answers.set(at('whole', 1), `[${rows.map((r) => changeElement({ id: r.id, hash: r.hash, raw: r.raw, generation: 1 })).join(',')}]`);
    answers.set(
      at('changes', 1, 3),
      `[${[
        changeElement({ id: changedThenDeleted.id, hash: changedThenDeleted.hash, raw: changedThenDeleted.raw, generation: 2 }),
        changeElement({ id: deletedThenBack.id, hash: null, raw: null, generation: 2 }),
        changeElement({ id: changedThenDeleted.id, hash: null, raw: null, generation: 3 }),
        changeElement({ id: deletedThenBack.id, hash: deletedThenBack.hash, raw: deletedThenBack.raw, generation: 3 }),
      ].join(',')}]`,
    );

    const seat = openMirror(path.join(dir.path, 'seat.sqlite'));
    try {
      const options = { relayUrl, token: 'seat-token' };
      expect(await syncDatasetFromRelay(seat, entry(1), options)).toMatchObject({ outcome: 'applied', read: 'whole' });
      expect(await syncDatasetFromRelay(seat, entry(3), options, { allowMassDelete: true })).toMatchObject({ outcome: 'applied', read: 'changes', generation: 3 });
      const held = allDatasets(seat).find((x) => x.key === d.key)!;
      const ids = [...datasetRows(seat, tableOf(d.list), held.dataset_id)].map((r) => r.id).sort();
      expect(ids).toEqual(rows.map((r) => r.id).filter((id) => id !== changedThenDeleted.id).sort());
    } finally {
      seat.close();
    }
  });
});
