// A seat's memory while it reads a dataset whole from its relay grows by a fraction of the answer:
// the answer is applied as it streams, never held whole with every record cut from it (a stock of
// millions of rows would take gigabytes; held so, the memory grew by several times the answer). A
// real HTTP server on loopback streams 50,000 and then 200,000 items (about 35 and 140 MB of JSON);
// the seat runs in a process of its own, whose private memory it samples. What the applier holds
// whatever the size (its caches, the full-text helper thread) is the same in both, so the difference
// between the two is what grows with the answer: the little the applier keeps of each row, as it
// does for a reading from the warehouse server.
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';

const PAD = 'x'.repeat(600);
const dir = tempDir();
let server: http.Server;
let relayUrl: string;
const answerBytes = new Map<number, number>();

function* elements(rows: number): Generator<string> {
  yield '[';
  for (let n = 0; n < rows; n++) {
    const record = { id: `id-${n}`, sku: `SKU-${String(n).padStart(7, '0')}`, description: `Widget ${n} ${PAD}` };
    yield `${n ? ',' : ''}${JSON.stringify({ id: record.id, hash: n, generation: 1, record })}`;
  }
  yield ']';
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // the rows asked for are the dataset's generation in the path
    const rows = Number(/\/(\d+)$/.exec(req.url ?? '')?.[1]);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const body = Readable.from(elements(rows), { objectMode: false });
    body.on('data', (chunk: Buffer | string) => answerBytes.set(rows, (answerBytes.get(rows) ?? 0) + Buffer.byteLength(chunk)));
    body.pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  dir.remove();
});

/** A seat's reading of `rows` items whole into a new mirror: the rows applied, and how much its private memory grew (MB). */
async function seatReads(rows: number): Promise<{ rows: number; grewMb: number; answerMb: number }> {
  const entry = { key: 'items@account:A', list: 'items', license: 'lic-1', scopeKind: 'account', scopeId: 'A', generation: rows, horizon: rows, readAt: '2026-11-29T10:00:00.000Z' };
  // a process of its own, not waited for in this one's thread: this one serves the answer
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', path.join(import.meta.dirname, '../support/relay/whole-seat-proc.ts'), relayUrl, path.join(dir.path, `seat-${rows}.sqlite`), JSON.stringify(entry)], { encoding: 'utf8' });
  const out = JSON.parse(stdout.trim().split('\n').pop()!) as { rows: number; baselineMb: number; peakMb: number };
  return { rows: out.rows, grewMb: out.peakMb - out.baselineMb, answerMb: answerBytes.get(rows)! / 1024 / 1024 };
}

it('a seat reading a dataset whole holds a part of the answer at a time: its memory grows by less than half of what the answer grows', { timeout: 120_000 }, async () => {
  const small = await seatReads(50_000);
  const large = await seatReads(200_000);
  expect([small.rows, large.rows]).toEqual([50_000, 200_000]);
  expect(large.answerMb - small.answerMb).toBeGreaterThan(100);
  expect(large.grewMb - small.grewMb, `grew ${small.grewMb.toFixed(0)} MB for ${small.answerMb.toFixed(0)} MB, ${large.grewMb.toFixed(0)} MB for ${large.answerMb.toFixed(0)} MB`).toBeLessThan((large.answerMb - small.answerMb) / 2);
});
