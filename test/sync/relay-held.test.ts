// A relay generation that would delete most of a dataset is held on the seat, as a server's answer
// is; confirmed (a round for that dataset only, allowed to delete), it is applied, and the other
// datasets are left alone. Real SQLite file; a real HTTP server on loopback answers as a relay does
// (its catalog, a dataset whole, the changes between two generations).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { relayRound } from '../../electron/core/sync/relay-round.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

const LICENSE = 'lic-1';
const item = (n: number) => ({ id: `id-${n}`, sku: `SKU-${n}`, description: `Widget ${n}` });
const ITEMS = 'items@account:A';
const CARRIERS = 'carriers@account:A';
/** What the relay serves: generation 1 of 200 items and 3 carriers; generation 2 deletes 150 items and one carrier. */
let generation = 1;
const entry = (key: string, list: string) => ({ key, list, license: LICENSE, scopeKind: 'account', scopeId: 'A', generation, horizon: 0, readAt: `2026-11-29T10:0${generation}:00.000Z` });
const element = (record: { id: string }, gen: number) => JSON.stringify({ id: record.id, hash: 1, generation: gen, record });
const tombstone = (id: string, gen: number) => JSON.stringify({ id, deleted: true, generation: gen });

let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const send = (body: string) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    const p = decodeURIComponent(req.url ?? '');
    if (p === '/relay/v1/info') return send(JSON.stringify({ relay: 'aisle', api: 1, server: 'https://wms.example.com' }));
    if (p === '/relay/v1/catalog') return send(JSON.stringify({ datasets: [entry(ITEMS, 'items'), entry(CARRIERS, 'carriers')] }));
    if (p === `/relay/v1/whole/${LICENSE}/${ITEMS}/1`) return send(`[${Array.from({ length: 200 }, (_, n) => element(item(n), 1)).join(',')}]`);
    if (p === `/relay/v1/whole/${LICENSE}/${CARRIERS}/1`) return send(`[${[1, 2, 3].map((n) => element({ id: `c-${n}` }, 1)).join(',')}]`);
    if (p === `/relay/v1/changes/${LICENSE}/${ITEMS}/1/2`) return send(`[${Array.from({ length: 150 }, (_, n) => tombstone(`id-${n}`, 2)).join(',')}]`);
    if (p === `/relay/v1/changes/${LICENSE}/${CARRIERS}/1/2`) return send(`[${tombstone('c-3', 2)}]`);
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const token = async () => 'seat-token';
const rows = (key: string) => datasetByKey(db, key)!.rows;

describe('a relay generation that would delete most of a dataset', () => {
  it('is held on the seat; confirmed, it is applied, and only that dataset is read', async () => {
    generation = 1;
    const first = await relayRound(db, { baseUrl: url, accessToken: token, refreshAfterUnauthorized: token });
    expect(first!.datasets.map((d) => d.outcome)).toEqual(['applied', 'applied']);
    expect(rows(ITEMS)).toBe(200);

    generation = 2;
    const held = await relayRound(db, { baseUrl: url, accessToken: token, refreshAfterUnauthorized: token });
    expect(held!.datasets).toMatchObject([{ key: ITEMS, outcome: 'held' }, { key: CARRIERS, outcome: 'applied' }]);
    expect(datasetByKey(db, ITEMS)).toMatchObject({ rows: 200, held_would_delete: 150, held_rows: 50 });
    expect(rows(CARRIERS)).toBe(2);

    // the same round again holds it again: nothing but the user's confirmation lets it through
    expect((await relayRound(db, { baseUrl: url, accessToken: token, refreshAfterUnauthorized: token }))!.datasets[0].outcome).toBe('held');
    const confirmed = await relayRound(db, { baseUrl: url, accessToken: token, refreshAfterUnauthorized: token, only: [ITEMS], allowMassDelete: [ITEMS] });
    expect(confirmed!.datasets).toEqual([{ key: ITEMS, outcome: 'applied', rows: 50, bytes: 0, error: null }]);
    expect(datasetByKey(db, ITEMS)).toMatchObject({ rows: 50, held_at: null });
  });
});
