// A server cannot fill the disk: an answer past a dataset's caps stops and is rolled back, the last
// good data kept and the WAL cut back; a disk without room for a dataset refuses to start it.
import { existsSync, statSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noticeInEnglish } from '../../electron/contract/notices.ts';
import type { DatasetCaps } from '../../electron/core/mirror/dataset-caps.ts';
import { toDatasetStatus } from '../../electron/core/mirror/dataset-state.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import { openMirror, type WriteDb } from '../../electron/core/db/connection.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { tempDir } from '../support/temp-dir.ts';
import { closeServer, listenOnLoopback } from '../support/loopback.ts';

const USERS = '/v1/api/pub/lists/users/query';
const MB = 1024 * 1024;

/** How the users list is answered: a list of 12, a never-ending one, or `count` tiny records. */
type UsersAnswer = { kind: 'twelve' } | { kind: 'endless' } | { kind: 'many'; count: number };

let dir: ReturnType<typeof tempDir>;
let db: WriteDb;
let file: string;
let server: Server;
let url: string;
let users: UsersAnswer;
/** Bytes the server wrote of the users answer; resolves when its client went away. */
let sent: { bytes: number; closed: Promise<void> };

/**
 * Writes `[{"id":"1","email":"user1@example.com"},...` in 64 KiB chunks, minding backpressure, until
 * `count` records or the client goes; `pad` characters of note in each record.
 */
function stream(res: ServerResponse, count: number, pad: number) {
  res.writeHead(200, { 'content-type': 'application/json' });
  let n = 0;
  const note = pad ? `,"note":"${'x'.repeat(pad)}"` : '';
  const more = () => {
    while (!res.destroyed) {
      if (n >= count) return void res.end(']');
      let chunk = n === 0 ? '[' : '';
      while (chunk.length < 65_536 && n < count) chunk += `${n === 0 ? '' : ','}{"id":"${++n}","email":"user${n}@example.com"${note}}`;
      sent.bytes += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
  };
  more();
}

beforeEach(async () => {
  dir = tempDir();
  file = path.join(dir.path, 'm.sqlite');
  db = openMirror(file);
  users = { kind: 'twelve' };
  let closed = () => {};
  sent = { bytes: 0, closed: new Promise((resolve) => (closed = resolve)) };
  server = createServer((req, res) => {
    if (req.url === USERS && users.kind !== 'twelve') {
      res.on('close', closed);
      // the never-ending answer's records are large, so that it reaches the byte cap in a few thousand
      return users.kind === 'endless' ? stream(res, Number.MAX_SAFE_INTEGER, 4000) : stream(res, users.count, 0);
    }
    const body = req.url === USERS ? Array.from({ length: 12 }, (_, n) => ({ id: String(n + 1), email: `user${n + 1}@example.com` })) : [];
    res.writeHead(200, { 'content-type': 'application/json', etag: `"${req.url}-${users.kind}"` });
    res.end(JSON.stringify(body));
  });
  url = await listenOnLoopback(server);
});
afterEach(async () => {
  db.close();
  await closeServer(server);
  dir.remove();
});

const round = (caps?: DatasetCaps) =>
  runRound(db, {
    baseUrl: url,
    accessToken: async () => 't',
    refreshAfterUnauthorized: async () => 't',
    plan: { offlineLists: ['users'], offlineFacilities: [], userFacilities: [], historyDays: 30 },
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    caps,
  });
const usersKept = () => db.prepare(`SELECT count(*) FROM records WHERE list = 'users'`).pluck().get() as number;
const walBytes = () => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);

describe('dataset caps', () => {
  it('10,000,000 tiny records into a list of 12 stop at the row cap; the 12 stay and the reason is told', async () => {
    await round();
    expect(usersKept()).toBe(12);
    users = { kind: 'many', count: 10_000_000 };
    const result = await round({ minRows: 5_000, minBytes: 256 * MB, spareBytes: 0 });
    const outcome = result.datasets.find((d) => d.key === 'users');
    expect(outcome).toMatchObject({ outcome: 'error', error: { code: 'bad_response' } });
    expect(outcome?.error?.message).toBe(
      'Users: the server sent more than 5,000 records (the cap: 10 times the 12 kept, at least 5,000); the download was stopped and the last good data kept. If the list really grew this much, raise the setting datasetCapMinRows.',
    );
    expect(usersKept()).toBe(12);
    expect(datasetByKey(db, 'users')).toMatchObject({ rows: 12, last_error_code: 'bad_response' });
    // the download stopped: the server was far from done
    expect(sent.bytes).toBeLessThan(10_000_000 * 20);
  });

  it('a never-ending answer stops at the byte cap, and the WAL it grew is cut back', async () => {
    await round();
    users = { kind: 'endless' };
    let walPeak = 0;
    const watch = setInterval(() => (walPeak = Math.max(walPeak, walBytes())), 20);
    const result = await round({ minRows: 10_000_000, minBytes: 40 * MB, spareBytes: 0 }).finally(() => clearInterval(watch));
    const outcome = result.datasets.find((d) => d.key === 'users');
    expect(outcome?.error?.message).toMatch(/^Users: the server sent more than 40 MB of records .*; the download was stopped and the last good data kept after [\d,]+ records\. If the list really grew this much, raise the setting datasetCapMinMegabytes\.$/);
    expect(usersKept()).toBe(12);
    await sent.closed;
    // the rolled-back records had spilled into the WAL; none of it stays on disk
    expect(walPeak).toBeGreaterThan(8 * MB);
    // what stays is the round's few state writes after it (markAttempt, a 304's date), not the answer
    expect(walBytes()).toBeLessThan(256 * 1024);
  });

  it('a disk without room for twice a dataset plus the spare margin does not start it; the data stays', async () => {
    await round();
    users = { kind: 'many', count: 20 };
    const result = await round({ minRows: 100_000, minBytes: 256 * MB, spareBytes: Number.MAX_SAFE_INTEGER });
    const outcome = result.datasets.find((d) => d.key === 'users');
    expect(outcome).toMatchObject({ outcome: 'error', error: { code: 'mirror_error' } });
    expect(outcome?.error?.message).toMatch(/^Users was not updated: the disk holding the offline data \(.+\) has [\d,]+ MB free, and updating it needs about [\d,]+ MB .*The last good data is kept; free some disk space\.$/);
    // the fact goes with it, and stays on the dataset for the Sync page to word in the app's language
    expect(outcome?.error?.notice).toMatchObject({ code: 'disk_space_short', list: { list: 'users', label: 'Users' }, scopeName: null });
    expect(outcome?.error?.message).toBe(noticeInEnglish(outcome!.error!.notice!));
    expect(toDatasetStatus(datasetByKey(db, 'users')!, { label: 'Users', scopeName: null }, DEFAULT_SETTINGS, false).lastError).toEqual(outcome?.error);
    expect(usersKept()).toBe(12);
  });
});
