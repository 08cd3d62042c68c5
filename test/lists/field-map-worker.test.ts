// The sync worker applies IT's field-map.json (in the data folder, beside `mirrors/`) before each
// round: from the first download on, and again when it changes, with nothing downloaded again; the
// machine policy's field map, carried by the round's task, likewise.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { PolicyFieldMap } from '../../electron/core/lists/field-map-file.ts';
import type { SyncWorkerClient } from '../../electron/core/sync/sync-worker-client.ts';
import { eachTestSyncWorker } from '../support/sync-worker-fixture.ts';
import { LISTS, serveOneAccountAndFacility, type FixtureServer } from '../sync/fixture-server.ts';

let dir: string;
let server: FixtureServer;
let worker: SyncWorkerClient;
eachTestSyncWorker((fixture) => ({ folder: dir, server, worker } = fixture));

describe('the sync worker and field-map.json', () => {
  it('uses the file from the first round, and a changed file re-extracts without a download', async () => {
    serveOneAccountAndFacility(server);
    server.set(`${LISTS}/accounts/acc-1/items/query`, Array.from({ length: 20 }, (_, n) => ({ id: `item-${n}`, internalRef: `R${n}`, articleRef: `ART-${n}`, description: `Thing ${n}` })));
    mkdirSync(path.join(dir, 'mirrors'));
    const file = path.join(dir, 'mirrors', 'm.sqlite');
    openMirror(file).close();
    const mapFile = path.join(dir, 'field-map.json');
    const token = async () => 't1';
    const round = (policyFieldMap: PolicyFieldMap | null = null) =>
      worker.run(
        { kind: 'round', mirrorPath: file, baseUrl: server.url, plan: { offlineLists: ['items'], offlineFacilities: [], userFacilities: [], historyDays: 0 }, only: null, allowMassDelete: [], token: { value: 't1' }, policyFieldMap },
        { refreshAfterUnauthorized: token },
      );
    const skuOf = (id: string) => {
      const db = openMirror(file, { readonly: true });
      try {
        return db.prepare('SELECT sku FROM items WHERE id = ?').pluck().get(id);
      } finally {
        db.close();
      }
    };

    writeFileSync(mapFile, JSON.stringify({ items: { sku: 'articleRef' } }));
    await round();
    expect(skuOf('item-3')).toBe('ART-3');

    writeFileSync(mapFile, JSON.stringify({ items: { sku: 'internalRef' } }));
    const before = server.requests.length;
    const result = await round();
    expect(result?.datasets.find((d) => d.key.startsWith('items@'))?.outcome).toBe('unchanged');
    expect(server.requests.slice(before).every((r) => r.status === 304)).toBe(true);
    expect(skuOf('item-3')).toBe('R3');

    // the machine policy's map of the same list wins over the file's, again from the records kept
    const policy = { file: '/etc/aisle/policy.json', map: { items: { sku: 'articleRef' } } };
    const beforePolicy = server.requests.length;
    const underPolicy = await round(policy);
    expect(underPolicy?.datasets.find((d) => d.key.startsWith('items@'))?.outcome).toBe('unchanged');
    expect(server.requests.slice(beforePolicy).every((r) => r.status === 304)).toBe(true);
    expect(skuOf('item-3')).toBe('ART-3');
  });
});
