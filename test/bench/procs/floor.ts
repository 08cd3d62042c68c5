// The floor under any sync: the same large responses Aisle fetches (items per account, locations,
// inventory and history per facility), measured stage by stage with nothing but the raw tools:
// HTTP download to a file, a streaming byte splitter + JSON.parse, and a bare SQLite insert (id + raw
// JSON, prepared statement, one transaction; only the insert calls are timed).
// The files stay behind for the naive cache.
//   node test/bench/procs/floor.ts <server url> <ids json> <out dir>
import { createReadStream, createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { peakRssMb, printResult } from '../support/child.ts';
import { HISTORY_MAX_EVENTS, HISTORY_PAGE_SIZE } from '../../../electron/core/sync/dataset-registry.ts';
import { RawArraySplitter } from '../support/raw-splitter.ts';
import { INVENTORY_PATH, call, itemsPath, locationsPath, signInForJwt, type DemoIds } from '../support/demo-client.ts';

const [url, idsJson, outDir] = process.argv.slice(2);
const ids = JSON.parse(idsJson) as DemoIds;
mkdirSync(outDir, { recursive: true });
const jwt = await signInForJwt(url, ids.demoLicenses[0]);

const from = new Date(Date.parse('2026-11-01T00:00:00Z') - 30 * 86_400_000).toISOString();
const fetches: { file: string; path: string; body?: unknown }[] = [
  ...ids.accounts.map((a, n) => ({ file: `items-${n}.json`, path: itemsPath(a) })),
  ...ids.facilities.map((f, n) => ({ file: `locations-${n}.json`, path: locationsPath(f) })),
  ...ids.facilities.map((f, n) => ({ file: `inventory-${n}.json`, path: INVENTORY_PATH, body: { facilityId: f } })),
];
// whose records each file holds: Aisle's ingest applies a facility's stock as that facility's dataset
// (it refuses a record of another facility), as the sync does
const scopes = Object.fromEntries([...ids.accounts.map((a, n) => [`items-${n}.json`, a]), ...ids.facilities.map((f, n) => [`inventory-${n}.json`, f])]);
writeFileSync(path.join(outDir, 'scopes.json'), JSON.stringify(scopes));

async function download(f: { file: string; path: string; body?: unknown }): Promise<void> {
  const response = await call(url, jwt, f.path, f.body);
  if (!response.ok || !response.body) throw new Error(`${f.path}: ${response.status}`);
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  body.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await pipeline(body, createWriteStream(path.join(outDir, f.file)));
}

let started = performance.now();
let bytes = 0;
for (const f of fetches) await download(f);
// history as Aisle reads it: pages of HISTORY_PAGE_SIZE, older ones by `to`, up to HISTORY_MAX_EVENTS
for (const [n, facilityId] of ids.facilities.entries()) {
  let to: string | undefined;
  for (let page = 0, events = 0; events < HISTORY_MAX_EVENTS; page++) {
    const f = { file: `history-${n}-${page}.json`, path: '/v1/api/pub/inv/history', body: { facilityId, from, to, limit: HISTORY_PAGE_SIZE } };
    await download(f);
    fetches.push(f);
    const text = readFileSync(path.join(outDir, f.file), 'utf8');
    const count = (text.match(/"createdon":/g) ?? []).length;
    events += count;
    const oldest = /"createdon":"([^"]+)"[^{]*$/.exec(text)?.[1];
    if (count < HISTORY_PAGE_SIZE || !oldest || oldest === to) break;
    to = oldest;
  }
}
const downloadSeconds = (performance.now() - started) / 1000;

async function eachRecord(onRecord: (value: { id: string }) => void): Promise<number> {
  let records = 0;
  for (const f of fetches) {
    const splitter = new RawArraySplitter();
    for await (const chunk of createReadStream(path.join(outDir, f.file), { highWaterMark: 64 * 1024 })) {
      for (const value of splitter.push(chunk as Buffer)) {
        records++;
        onRecord(value as { id: string });
      }
    }
  }
  return records;
}

started = performance.now();
const records = await eachRecord(() => {});
const parseSeconds = (performance.now() - started) / 1000;

const dbFile = path.join(outDir, 'floor.sqlite');
for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
const db = new Database(dbFile);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE records (rid INTEGER PRIMARY KEY, id TEXT NOT NULL, raw TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO records (id, raw) VALUES (?, ?)');
let insertMs = 0;
db.exec('BEGIN');
await eachRecord((value) => {
  const text = JSON.stringify(value);
  const t = performance.now();
  insert.run(value.id, text);
  insertMs += performance.now() - t;
});
const t = performance.now();
db.exec('COMMIT');
insertMs += performance.now() - t;
db.close();
for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });

printResult({ bench: 'floor', records, bytes, downloadSeconds, parseSeconds, insertSeconds: insertMs / 1000, peakRssMb: peakRssMb() });
