// Aisle's ingest alone, like for like with Dexie's bulkPut: the very responses Dexie stores (items and
// inventory, the floor's files) read from disk and applied to a fresh mirror exactly as a sync applies
// them (apply-snapshot.ts: split, parse, hash, insert, every B-tree and full-text index built, one
// transaction per dataset, each table's B-tree indexes by the last of its loads), on the sync's
// writer connection. No network; unlike Dexie's figure, the JSON parse is included (Aisle parses as
// it applies).
//   node test/bench/procs/aisle-ingest.ts <responses dir> <work dir>
import { createReadStream, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { beginSnapshot } from '../../../electron/core/mirror/apply-snapshot.ts';
import { ensureDataset } from '../../../electron/core/db/write/datasets.ts';
import { openMirrorWriter } from '../../../electron/core/db/connection.ts';
import { JsonArraySplitter } from '../../../electron/core/sync/json-array-splitter.ts';
import { peakRssMb, printResult } from '../support/child.ts';

const [responses, work] = process.argv.slice(2);
const files = readdirSync(responses).filter((f) => /^(items|inventory)-\d+\.json$/.test(f)).sort();
// the account or facility each file is of (procs/floor.ts writes it beside them)
const scopes = JSON.parse(readFileSync(path.join(responses, 'scopes.json'), 'utf8')) as Record<string, string>;
mkdirSync(work, { recursive: true });
const file = path.join(work, 'ingest.sqlite');
for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
const db = openMirrorWriter(file);

let rows = 0;
const started = performance.now();
for (const [i, name] of files.entries()) {
  const table = name.startsWith('items') ? 'items' : 'inventory';
  // as a first sync does (sync/round/first-loads.ts): a load another first load of its table
  // follows leaves the table's B-tree indexes for that one to build (docs/decisions/0025-indexes-once-per-first-sync.md)
  const indexesLater = files.slice(i + 1).some((other) => other.startsWith(table));
  const scopeKind = table === 'items' ? 'account' : 'facility';
  const spec = { key: `${table}@${scopeKind}:${scopes[name]}`, list: table, label: table, table, scopeKind, scopeId: scopes[name], scopeName: null, path: `/${name}`, method: 'GET' } as const;
  const applier = beginSnapshot(db, ensureDataset(db, spec), spec);
  const splitter = new JsonArraySplitter();
  const add = (bytes: Buffer) => applier.add(bytes);
  for await (const chunk of createReadStream(path.join(responses, name), { highWaterMark: 64 * 1024 })) splitter.push(chunk as Buffer, add);
  splitter.end();
  const result = applier.finish({ etag: null, at: new Date().toISOString(), allowMassDelete: false, indexesLater });
  if (result.kind !== 'applied') throw new Error(`${name}: ${result.kind}`);
  rows += result.rows;
}
const seconds = (performance.now() - started) / 1000;
db.close();
rmSync(work, { recursive: true, force: true });
printResult({ bench: 'aisle-ingest', files: files.length, rows, seconds, rowsPerSecond: rows / seconds, peakRssMb: peakRssMb() });
