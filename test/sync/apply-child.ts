// Child process for the kill test: applies one snapshot file to a mirror with the real streaming
// splitter and apply code, printing `applying` when it starts. Usage: apply-child.ts <mirror> <json>
import { createReadStream } from 'node:fs';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { type DatasetSpec } from '../../electron/core/mirror/dataset-state.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import { JsonArraySplitter } from '../../electron/core/sync/json-array-splitter.ts';

export const KILL_SPEC: DatasetSpec = {
  key: 'items@account:K',
  list: 'items',
  label: 'Items',
  table: 'items',
  scopeKind: 'account',
  scopeId: 'K',
  scopeName: null,
  path: '/k',
  method: 'GET',
};

if (process.argv[1] === import.meta.filename) {
  const [mirrorPath, snapshot] = process.argv.slice(2);
  const db = openMirror(mirrorPath);
  db.pragma('cache_size = -32768');
  const applier = beginSnapshot(db, ensureDataset(db, KILL_SPEC), KILL_SPEC);
  process.stdout.write('applying\n');
  const splitter = new JsonArraySplitter();
  for await (const chunk of createReadStream(snapshot, { highWaterMark: 64 * 1024 })) splitter.push(chunk as Buffer, (json) => applier.add(json));
  splitter.end();
  const result = applier.finish({ etag: snapshot, at: new Date().toISOString(), allowMassDelete: true });
  db.pragma('wal_checkpoint(PASSIVE)');
  db.close();
  process.stdout.write(`${result.kind}\n`);
}
