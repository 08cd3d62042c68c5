// A seat reads a dataset whole from its relay as it streams: it applies the rows as they come, in one
// transaction committed only once the array has ended. An answer that keeps coming may take longer
// than the seat's timeout; one that breaks, ends early or stalls in the middle leaves the mirror with
// the generation it held, and says which call failed. Real SQLite file; a real HTTP server on
// loopback answers as a relay does, slowly or badly when told.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { seatGeneration, syncDatasetFromRelay, type CatalogEntry } from '../../electron/core/sync/relay-seat.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

const KEY = 'items@account:A';
const ROWS = 60;
const entry = (generation: number): CatalogEntry => ({ key: KEY, list: 'items', license: 'lic-1', scopeKind: 'account', scopeId: 'A', generation, horizon: generation, readAt: '2026-11-29T10:00:00.000Z' });
const element = (n: number, generation: number) => JSON.stringify({ id: `id-${n}`, hash: generation, generation, record: { id: `id-${n}`, sku: `SKU-${n}`, description: `Widget ${n} of generation ${generation}` } });

type Mode = 'whole' | 'trickle' | 'cut' | 'short' | 'stall';
let mode: Mode = 'whole';
let server: http.Server;
let relayUrl: string;
const held = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const generation = Number(/\/(\d+)$/.exec(req.url ?? '')?.[1]);
    const parts = Array.from({ length: ROWS }, (_, n) => element(n, generation));
    const body = `[${parts.join(',')}]`;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (mode === 'whole') return res.end(body);
    const half = body.slice(0, body.length / 2);
    if (mode === 'cut') return res.write(half, () => res.destroy());
    if (mode === 'short') return res.end(half);
    if (mode === 'stall') {
      held.add(res);
      return res.write(half);
    }
    // trickle: six pieces, each well within the timeout, all of them well past it
    const size = Math.ceil(body.length / 6);
    let at = 0;
    const next = () => {
      res.write(body.slice(at, at + size));
      at += size;
      if (at >= body.length) res.end();
      else setTimeout(next, 150);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const sync = (generation: number, timeoutMs = 5_000) => syncDatasetFromRelay(db, entry(generation), { relayUrl, token: 'seat-token', timeoutMs });
const descriptions = () => db.prepare(`SELECT DISTINCT json_extract(raw, '$.description') LIKE '%generation ' || ? AS same FROM items`);

/** The mirror holds generation 1, every row of it. */
async function holdingGenerationOne(): Promise<void> {
  mode = 'whole';
  expect((await sync(1)).outcome).toBe('applied');
  expectGenerationOne();
}
function expectGenerationOne(): void {
  expect(seatGeneration(db, entry(1))).toBe(1);
  expect(datasetByKey(db, KEY)?.rows).toBe(ROWS);
  expect(descriptions().pluck().all('1')).toEqual([1]);
}

describe('a dataset whole from the relay', () => {
  it('applies an answer that keeps coming for longer than the timeout, every row of it', async () => {
    await holdingGenerationOne();
    mode = 'trickle';
    const started = Date.now();
    const outcome = await sync(2, 400);
    expect(Date.now() - started).toBeGreaterThan(400);
    expect(outcome).toMatchObject({ outcome: 'applied', read: 'whole', generation: 2, rows: ROWS });
    expect(seatGeneration(db, entry(2))).toBe(2);
    expect(descriptions().pluck().all('2')).toEqual([1]);
  });

  it('an answer whose connection breaks in the middle: offline, naming the call, and the mirror keeps generation 1', async () => {
    await holdingGenerationOne();
    mode = 'cut';
    const failed = sync(2);
    await expect(failed).rejects.toMatchObject({ code: 'offline' });
    await expect(failed).rejects.toThrow(`GET /relay/v1/whole/lic-1/${encodeURIComponent(KEY)}/2 of the site relay at ${relayUrl} did not answer.`);
    expectGenerationOne();
  });

  it('an answer that ends before its array does: a bad answer, and the mirror keeps generation 1', async () => {
    await holdingGenerationOne();
    mode = 'short';
    await expect(sync(2)).rejects.toMatchObject({ code: 'bad_response', message: expect.stringContaining(`${KEY} whole ended before its array did`) });
    expectGenerationOne();
  });

  it('an answer that stops sending in the middle for longer than the timeout: offline, saying so, and the mirror keeps generation 1', async () => {
    await holdingGenerationOne();
    mode = 'stall';
    await expect(sync(2, 300)).rejects.toMatchObject({ code: 'offline', message: expect.stringContaining('Nothing more came for 300 ms in the middle of the answer. The mirror is kept as it was.') });
    expectGenerationOne();
  });
});
