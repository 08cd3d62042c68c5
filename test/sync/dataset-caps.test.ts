// A server cannot fill the disk: an answer past a dataset's caps stops and is rolled back, the last
// good data kept and the WAL cut back; a disk without room for a dataset refuses to start it. The
// caps follow the evidence (what the dataset held, what the server announced, the room on the
// disk): a big honest list on a first sync applies with the default settings, while an answer past
// what the evidence allows stops in words.
import { existsSync, statfsSync, statSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noticeInEnglish } from '../../electron/contract/notices.ts';
import { DEFAULT_CAPS, type DatasetCaps } from '../../electron/core/mirror/dataset-caps.ts';
import { toDatasetStatus } from '../../electron/core/mirror/dataset-state.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { tempDir } from '../support/temp-dir.ts';
import { closeServer, listenOnLoopback } from '../support/loopback.ts';

const USERS = '/v1/api/pub/lists/users/query';
const MB = 1024 * 1024;

/**
 * How the users list is answered: a list of 12, a never-ending one, `count` tiny records, or in
 * pages (`?page=N&size=…`, Spring style) that announce `total` records, page N holding `count`
 * records of `pad` characters of note each, and the envelope a field of `envelopePad` characters.
 */
type UsersAnswer =
  | { kind: 'twelve' }
  | { kind: 'endless' }
  | { kind: 'many'; count: number }
  | { kind: 'paged'; total: number; size: number; page(n: number): { count: number; pad: number }; envelopePad?: number };

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
 * `count` records or the client goes; `pad` characters of note in each record. In an envelope:
 * `open` before the array and `close` after it, ids counted from `first`.
 */
function stream(res: ServerResponse, count: number, pad: number, envelope = { open: '', close: '', first: 0 }) {
  res.writeHead(200, { 'content-type': 'application/json' });
  let n = 0;
  const note = pad ? `,"note":"${'x'.repeat(pad)}"` : '';
  const more = () => {
    while (!res.destroyed) {
      if (n >= count) return void res.end(`]${envelope.close}`);
      let chunk = n === 0 ? `${envelope.open}[` : '';
      while (chunk.length < 65_536 && n < count) chunk += `${n === 0 ? '' : ','}{"id":"${envelope.first + ++n}","email":"user${envelope.first + n}@example.com"${note}}`;
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
    const [route, query] = (req.url ?? '').split('?');
    if (route === USERS && users.kind === 'paged') {
      res.on('close', closed);
      const number = Number(new URLSearchParams(query).get('page') ?? 0);
      const { count, pad } = users.page(number);
      const extra = users.envelopePad ? `,"note":"${'x'.repeat(users.envelopePad)}"` : '';
      const fields = `"number":${number},"size":${users.size},"totalElements":${users.total},"totalPages":${Math.ceil(users.total / users.size)}${extra}`;
      return stream(res, count, pad, { open: `{${fields},"content":`, close: '}', first: number * users.size });
    }
    if (req.url === USERS && users.kind !== 'twelve') {
      res.on('close', closed);
      // the never-ending answer's records are large, so that it reaches the byte cap in a few thousand
      return users.kind === 'many' ? stream(res, users.count, 0) : stream(res, Number.MAX_SAFE_INTEGER, 4000);
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

/** Free space on the disk holding the test's mirror now. */
function freeBytes(): number {
  const stats = statfsSync(dir.path);
  return stats.bavail * stats.bsize;
}

/** Tiny records of one page each, however many the page is asked to hold. */
const tiny = (count: number) => ({ count, pad: 0 });

describe('caps follow the evidence', () => {
  it('a first sync of a list past the row floor, with no total announced, applies whole with the default caps', async () => {
    users = { kind: 'many', count: 120_000 };
    const result = await round();
    expect(result.datasets.find((d) => d.key === 'users')).toMatchObject({ outcome: 'applied', rows: 120_000 });
    expect(usersKept()).toBe(120_000);
    expect(DEFAULT_CAPS.minRows).toBeLessThan(120_000);
  });

  it("a first sync in pages beyond the row floor applies whole: the server's total agrees", async () => {
    users = { kind: 'paged', total: 6_000, size: 1_000, page: () => tiny(1_000) };
    const result = await round({ minRows: 5_000, minBytes: 256 * MB, spareBytes: 0 });
    expect(result.datasets.find((d) => d.key === 'users')).toMatchObject({ outcome: 'applied', rows: 6_000 });
    expect(usersKept()).toBe(6_000);
  });

  it('a list that held 12 is still stopped at ten times that, at least the floor, whatever the server announces', async () => {
    await round();
    users = { kind: 'paged', total: 10_000_000, size: 1_000, page: () => tiny(1_000) };
    const result = await round({ minRows: 5_000, minBytes: 256 * MB, spareBytes: 0 });
    const outcome = result.datasets.find((d) => d.key === 'users');
    expect(outcome?.error?.message).toBe(
      'Users: the server sent more than 5,000 records (the cap: 10 times the 12 kept, at least 5,000); the download was stopped and the last good data kept. The server announced 10,000,000. If the list really grew this much, raise the setting datasetCapMinRows.',
    );
    expect(usersKept()).toBe(12);
  });

  it('a page that goes on past the total the server announced stops there, in words; nothing of it is kept', async () => {
    users = { kind: 'paged', total: 3_000, size: 1_000, page: (n) => tiny(n < 2 ? 1_000 : Number.MAX_SAFE_INTEGER) };
    const result = await round();
    const outcome = result.datasets.find((d) => d.key === 'users');
    expect(outcome).toMatchObject({ outcome: 'error', error: { code: 'bad_response' } });
    expect(outcome?.error?.message).toBe('Users: the server sent more than the 3,000 records it announced (totalElements); the download was stopped and the last good data kept.');
    expect(usersKept()).toBe(0);
    await sent.closed;
    // stopped: what the sockets held when it was, not an endless page
    expect(sent.bytes).toBeLessThan(16 * MB);
  });

  it('a body far bigger than its announced records could be stops at ten times what they would weigh', async () => {
    users = { kind: 'paged', total: 2_000, size: 1_000, page: (n) => (n === 0 ? tiny(1_000) : { count: 1_000, pad: 20_000 }) };
    const result = await round({ minRows: 5_000, minBytes: 1 * MB, spareBytes: 0 });
    const outcome = result.datasets.find((d) => d.key === 'users');
    expect(outcome?.error?.message).toMatch(
      /^Users: the server sent more than 1 MB for the 2,000 records it announced \(the cap: 10 times what that many records of the size seen so far would be, at least 1 MB\); the download was stopped and the last good data kept after 1,\d{3} records\.$/,
    );
    expect(usersKept()).toBe(0);
  });

  it('a total that lies upward, pages that never end: stopped at the room on the disk, in words naming the total; nothing kept, the WAL cut back', async () => {
    users = { kind: 'paged', total: 10_000_000, size: 1_000, page: (n) => tiny(n === 0 ? 1_000 : Number.MAX_SAFE_INTEGER) };
    // room for the answer: half of the 48 MB free beyond the spare margin
    const result = await round({ ...DEFAULT_CAPS, spareBytes: freeBytes() - 48 * MB });
    const outcome = result.datasets.find((d) => d.key === 'users');
    expect(outcome).toMatchObject({ outcome: 'error', error: { code: 'mirror_error', notice: { code: 'answer_past_disk_room', list: { list: 'users' }, announced: 10_000_000 } } });
    const notice = outcome!.error!.notice as { used: number; room: number; records: number };
    expect(notice.used).toBeGreaterThan(notice.room);
    expect(notice.room).toBeLessThanOrEqual(25 * MB);
    expect(outcome?.error?.message).toMatch(/^Users was not updated: its download needed more room than the disk holding the offline data \(.+\) can give it\. .* and the server announced 10,000,000 records\. The last good data is kept\./);
    expect(usersKept()).toBe(0);
    await sent.closed;
    expect(walBytes()).toBeLessThan(256 * 1024);
  });

  it('tiny records past the disk room, with no total: stopped in words; the list kept before stays', async () => {
    await round();
    users = { kind: 'many', count: Number.MAX_SAFE_INTEGER };
    const uncapped = { minRows: Number.MAX_SAFE_INTEGER, minBytes: Number.MAX_SAFE_INTEGER };
    const result = await round({ ...uncapped, spareBytes: freeBytes() - 48 * MB });
    const outcome = result.datasets.find((d) => d.key === 'users');
    expect(outcome).toMatchObject({ outcome: 'error', error: { code: 'mirror_error', notice: { code: 'answer_past_disk_room', announced: null } } });
    expect(outcome?.error?.message).toMatch(/and the server did not say how many records the list holds\. The last good data is kept\. If the list is really this large, free some disk space; if not, the server is sending more than its list holds\.$/);
    expect(usersKept()).toBe(12);
    expect(datasetByKey(db, 'users')).toMatchObject({ rows: 12 });
  });

  it("the envelope fields kept with each page count against the caps as a total: pages of one record with 50 KB of envelope each stop at the byte cap", async () => {
    await round();
    users = { kind: 'paged', total: 60, size: 1, page: () => tiny(1), envelopePad: 50_000 };
    const result = await round({ minRows: 5_000, minBytes: 1 * MB, spareBytes: 0 });
    const outcome = result.datasets.find((d) => d.key === 'users');
    // 60 records of 40 bytes: only their envelopes, counted together, reach the byte cap
    expect(outcome?.error?.message).toMatch(/^Users: the server sent more than 1 MB .*; the download was stopped and the last good data kept after \d+ records\./);
    expect(usersKept()).toBe(12);
  });
});
