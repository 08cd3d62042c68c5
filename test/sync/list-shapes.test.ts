// Lists in every common shape a server sends, over real HTTP into a real mirror: envelopes, paging
// styles, pages that do not add up, per-list 403 and 404, encodings and empty bodies, hostile
// nesting, and a body that trickles.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import type { RoundOptions } from '../../electron/core/sync/round/types.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';
import { LISTS, sendJson, startListServer, USERS, users, type ListServer } from './list-server.ts';

let db: WriteDb;
let server: ListServer;

const HAZMAT = `${LISTS}/hazmat/query`;

function round(extra: Partial<RoundOptions> = {}, lists = ['users', 'hazmat']) {
  return runRound(db, {
    baseUrl: server.url,
    accessToken: async () => 't1',
    refreshAfterUnauthorized: async () => 't1',
    plan: { offlineLists: lists, offlineFacilities: [], userFacilities: [], historyDays: 30 },
    retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 100 },
    ...extra,
  });
}

const userIds = () => db.prepare(`SELECT id FROM records WHERE list = 'users' ORDER BY id`).pluck().all() as string[];
const outcome = async (r: ReturnType<typeof round>, key = 'users') => (await r).datasets.find((d) => d.key === key);

/** Serves USERS as Spring's Page: `page` and `size` (default 4), 0-based. */
function springPages(all: () => object[], defaultSize = 3) {
  server.handle(USERS, (q, res) => {
    // the server's own cap on the page size: 4
    const size = Math.min(Number(q.get('size') ?? defaultSize), 4);
    const number = Number(q.get('page') ?? 0);
    const list = all();
    const totalPages = Math.ceil(list.length / size);
    sendJson(res, { content: list.slice(number * size, number * size + size), totalElements: list.length, totalPages, number, size, last: number >= totalPages - 1, pageable: { sort: { sorted: false } } });
  });
}

eachTestMirror((opened) => (db = opened));
beforeEach(async () => {
  server = await startListServer();
});
afterEach(async () => {
  await server.close();
});

describe('list envelopes and paging', () => {
  it('reads a bare array, {data: [...]}, and an object whose only array is the list', async () => {
    const expected = users(7).map((u) => u.id).sort();
    for (const body of [users(7), { data: users(7), meta: { count: 7 } }, { status: 'ok', people: users(7), total: 7 }]) {
      server.handle(USERS, (_q, res) => sendJson(res, body));
      db.prepare('DELETE FROM records').run();
      db.prepare('DELETE FROM datasets').run();
      expect(await outcome(round()), JSON.stringify(body).slice(0, 40)).toMatchObject({ outcome: 'applied', rows: 7 });
      expect(userIds()).toEqual(expected);
    }
  });

  it("follows Spring's Page over 3 pages, then asks with the page size from the first page; the page size a server caps is followed", async () => {
    let list = users(10);
    springPages(() => list);
    expect(await outcome(round())).toMatchObject({ outcome: 'applied', rows: 10 });
    expect(userIds()).toHaveLength(10);
    expect(server.asked.filter((a) => a.path === USERS).map((a) => a.query.toString())).toEqual(['', 'page=1&size=3', 'page=2&size=3', 'page=3&size=3']);

    // remembered: the next round asks for the page size from its first page; this server caps it at 4
    server.asked.length = 0;
    list = users(9, 1);
    expect(await outcome(round({ reading: { pageSize: 1000 } }))).toMatchObject({ outcome: 'applied', rows: 9 });
    expect(server.asked.filter((a) => a.path === USERS).map((a) => a.query.toString())).toEqual(['page=0&size=1000', 'page=1&size=4', 'page=2&size=4']);
    expect(db.prepare(`SELECT count(*) FROM records WHERE list = 'users' AND json_extract(raw, '$.firstname') = 'User1'`).pluck().get()).toBe(9);
  });

  it('follows offset/limit, a Link header, a next URL and a nextPageToken cursor', async () => {
    const list = users(11);
    const styles: Record<string, () => void> = {
      offset: () =>
        server.handle(USERS, (q, res) => {
          const offset = Number(q.get('offset') ?? 0);
          const limit = Number(q.get('limit') ?? 5);
          sendJson(res, { offset, limit, total: list.length, results: list.slice(offset, offset + limit) });
        }),
      link: () =>
        server.handle(USERS, (q, res) => {
          const at = Number(q.get('from') ?? 0);
          const headers: Record<string, string> = at + 4 < list.length ? { Link: `<${server.url}${USERS}?from=${at + 4}>; rel="next", <${USERS}>; rel="first"` } : {};
          sendJson(res, list.slice(at, at + 4), headers);
        }),
      next: () =>
        server.handle(USERS, (q, res) => {
          const at = Number(q.get('at') ?? 0);
          sendJson(res, { count: list.length, next: at + 4 < list.length ? `${USERS}?at=${at + 4}` : null, previous: null, results: list.slice(at, at + 4) });
        }),
      cursor: () =>
        server.handle(USERS, (q, res) => {
          const at = Number(Buffer.from(q.get('pageToken') ?? 'MA', 'base64url').toString() || 0);
          const more = at + 4 < list.length;
          sendJson(res, { items: list.slice(at, at + 4), nextPageToken: more ? Buffer.from(String(at + 4)).toString('base64url') : '' });
        }),
    };
    for (const [style, serve] of Object.entries(styles)) {
      serve();
      db.prepare('DELETE FROM records').run();
      db.prepare('DELETE FROM datasets').run();
      server.asked.length = 0;
      expect(await outcome(round()), style).toMatchObject({ outcome: 'applied', rows: 11 });
      expect(userIds(), style).toHaveLength(11);
      expect(server.timesAsked(USERS), style).toBe(3);
    }
  });

  it('a total that changes between pages fails the reading: the last good data stays, the reason in words', async () => {
    let list = users(10);
    springPages(() => list);
    await round();
    let served = 0;
    springPages(() => {
      // a user is added on the server while the pages are read
      if (served++ === 1) list = [...users(10, 1), { id: 'u-new', email: 'new@example.com', firstname: 'New', lastname: 'One' }];
      return served === 1 ? users(10, 1) : list;
    });
    const r = await outcome(round());
    expect(r).toMatchObject({ outcome: 'error', error: { code: 'bad_response' } });
    expect(r!.error!.message).toMatch(/^Users: .*the total changed from 10 to 11 between pages/);
    expect(datasetByKey(db, 'users')!.last_error_message).toMatch(/Nothing of this reading was applied/);
    expect(db.prepare(`SELECT count(*) FROM records WHERE list = 'users' AND json_extract(raw, '$.firstname') = 'User0'`).pluck().get()).toBe(10);
  });

  it('a record that comes again on a later page fails the reading, and nothing is deleted', async () => {
    const list = users(10);
    let added = false;
    server.handle(USERS, (q, res) => {
      const offset = Number(q.get('offset') ?? 0);
      // a record added on the server after the first page: offset paging shifts, and one comes twice
      const now = added ? [{ id: 'u-new', email: 'n@example.com' }, ...list] : list;
      if (offset === 0 && server.timesAsked(USERS) > 3) added = true;
      sendJson(res, { offset, limit: 4, rows: now.slice(offset, offset + 4) });
    });
    await round();
    expect(userIds()).toHaveLength(10);
    const r = await outcome(round());
    expect(r!.error!.message).toMatch(/^Users: GET \S+: The pages do not add up: the record "u-3" came on page 1 and again on page 2/);
    expect(userIds()).toHaveLength(10);
  });

  it('a server whose pages never end is stopped at the page cap, in words', async () => {
    server.handle(USERS, (q, res) => {
      const n = Number(q.get('n') ?? 0);
      sendJson(res, { data: [{ id: `u-${n}` }], next: `${USERS}?n=${n + 1}` });
    });
    const r = await outcome(round({ reading: { maxPages: 5 } }));
    expect(r!.error!.message).toMatch(/still had more after 5 pages/);
    expect(server.timesAsked(USERS)).toBe(5);
    expect(userIds()).toEqual([]);
  });

  it('a next page on another server is never asked for (the token stays home)', async () => {
    server.handle(USERS, (_q, res) => sendJson(res, { data: users(2), next: 'https://elsewhere.example/users?page=2' }));
    const r = await outcome(round());
    expect(r!.error!.message).toMatch(/next page is on another server \(https:\/\/elsewhere.example\)/);
  });
});

describe('per-list errors', () => {
  it('a 403 list and a 404 list fail alone, in words; the 404 is not asked again until Sync now', async () => {
    server.handle(USERS, (_q, res) => sendJson(res, { status: 403, error: 'Forbidden', message: 'License L-7 does not include users' }, {}, 403));
    server.handle(HAZMAT, (_q, res) => sendJson(res, { status: 404, error: 'Not Found', message: 'No handler for /hazmat' }, {}, 404));
    server.handle(`${LISTS}/facilities/query`, (_q, res) => sendJson(res, [{ id: 'f-1', code: 'MAIN', name: 'Main' }]));
    const first = await round();
    expect(first.datasets.find((d) => d.key === 'facilities')).toMatchObject({ outcome: 'applied', rows: 1 });
    expect(first.datasets.find((d) => d.key === 'users')).toMatchObject({
      outcome: 'error',
      error: { code: 'forbidden', message: `Users: not included in this license (GET ${USERS} answered 403: License L-7 does not include users).` },
    });
    expect(first.datasets.find((d) => d.key === 'hazmat')!.error!.message).toBe(
      `Hazmat: not offered by this server (GET ${HAZMAT} answered 404: No handler for /hazmat). Aisle asks for it again in a day, or at Sync now.`,
    );

    const second = await round();
    expect(server.timesAsked(HAZMAT)).toBe(1);
    expect(server.timesAsked(USERS)).toBe(2);
    expect(second.datasets.find((d) => d.key === 'hazmat')).toMatchObject({ outcome: 'error', error: { code: 'not_found' } });
    expect(datasetByKey(db, 'hazmat')!.last_error_message).toMatch(/not offered by this server/);

    server.handle(HAZMAT, (_q, res) => sendJson(res, [{ id: 'hz-1', code: 'UN1203', name: 'Gasoline' }]));
    expect(await outcome(round({ manual: true }), 'hazmat')).toMatchObject({ outcome: 'applied', rows: 1 });
    expect(server.timesAsked(HAZMAT)).toBe(2);
  });

  it('a 5xx on one list fails that list only, with the status and the server words', async () => {
    server.handle(USERS, (_q, res) => sendJson(res, { message: 'database is down' }, {}, 503));
    server.handle(HAZMAT, (_q, res) => sendJson(res, [{ id: 'hz-1', code: 'UN1203' }]));
    const r = await round();
    expect(r.datasets.find((d) => d.key === 'hazmat')).toMatchObject({ outcome: 'applied' });
    expect(r.datasets.find((d) => d.key === 'users')!.error).toEqual({ code: 'server_error', message: `Users: GET ${USERS} answered 503: database is down` });
  });
});

describe('bodies', () => {
  it('reads br, deflate, gzip, a BOM, text/json, a +json type with a charset, no content type, 204 and an empty 200', async () => {
    const json = Buffer.from(JSON.stringify(users(3)));
    const cases: [string, number, Record<string, string>, Buffer, number][] = [
      ['br', 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }, brotliCompressSync(json), 3],
      ['deflate', 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' }, deflateSync(json), 3],
      ['gzip', 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, gzipSync(json), 3],
      ['bom', 200, { 'Content-Type': 'application/json;charset=UTF-8' }, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json]), 3],
      ['text/json', 200, { 'Content-Type': 'text/json' }, json, 3],
      ['+json', 200, { 'Content-Type': 'application/vnd.warehouse.v2+json; charset="utf-8"' }, Buffer.from(JSON.stringify({ _embedded: users(3) })), 3],
      ['no type', 200, {}, json, 3],
    ];
    const answer = (status: number, headers: Record<string, string>, body: Buffer) =>
      server.handle(USERS, (_q, res) => {
        res.writeHead(status, headers);
        res.end(body);
      });
    for (const [name, status, headers, body, rows] of cases) {
      answer(status, headers, body);
      expect(await outcome(round()), name).toMatchObject({ outcome: 'applied', rows });
      expect(userIds(), name).toHaveLength(rows);
    }
    // No body is an empty list: emptying a list that had rows is held for the user (the rows stay),
    // and applied once the user allows it.
    for (const [name, status, headers] of [['204', 204, {}], ['empty 200', 200, { 'Content-Type': 'application/json' }]] as const) {
      answer(status, headers, Buffer.alloc(0));
      expect(await outcome(round()), name).toMatchObject({ outcome: 'held' });
      expect(userIds(), name).toHaveLength(3);
    }
    expect(await outcome(round({ allowMassDelete: ['users'] }))).toMatchObject({ outcome: 'applied', rows: 0 });
    expect(userIds()).toHaveLength(0);
    answer(204, {}, Buffer.alloc(0));
    expect(await outcome(round()), 'an empty list stays empty').toMatchObject({ outcome: 'applied', rows: 0 });
    server.handle(USERS, (_q, res) => sendJson(res, '<html>Sign in</html>', { 'Content-Type': 'text/html' }));
    expect((await outcome(round()))!.error!.message).toBe(`Users: GET ${USERS} answered text/html where JSON in UTF-8 was expected.`);
  });

  it('an object with no list, or a scalar, is still wrong: the data stays', async () => {
    server.handle(USERS, (_q, res) => sendJson(res, users(3)));
    await round();
    for (const body of [{ status: 'ok', count: 3 }, 42]) {
      server.handle(USERS, (_q, res) => sendJson(res, body));
      expect(await outcome(round())).toMatchObject({ outcome: 'error', error: { code: 'bad_response' } });
      expect(userIds()).toHaveLength(3);
    }
  });

  it('a record nested 100,000 levels deep is left out and said; the rest applies, and its last good version stays', async () => {
    const [a, b] = users(2);
    const good = { id: 'u-deep', email: 'deep@example.com', firstname: 'Deep' };
    server.handle(USERS, (_q, res) => sendJson(res, [a, good, b]));
    await round();
    const deep = `{"id":"u-deep","email":"x@example.com","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const c = { ...b, id: 'u-2' };
    server.handle(USERS, (_q, res) => sendJson(res, `{"content":[${JSON.stringify(a)},${deep},${JSON.stringify(c)}],"last":true}`));
    const r = await outcome(round());
    expect(r).toMatchObject({ outcome: 'applied', rows: 3 });
    expect(userIds()).toEqual(['u-0', 'u-2', 'u-deep']);
    expect(db.prepare(`SELECT raw FROM records WHERE id = 'u-deep'`).pluck().get()).toBe(JSON.stringify(good));
    expect(datasetByKey(db, 'users')).toMatchObject({ last_error_code: 'bad_response', last_success_at: expect.any(String) });
    expect(datasetByKey(db, 'users')!.last_error_message).toMatch(
      /^Users: 3 records applied, 1 left out as the server sent them: record 2 of its answer is nested deeper than 64 levels; it begins "\{\\"id\\":\\"u-deep\\".*\. 1 of them kept as last read\.$/,
    );
    // a deep record never stored before is only left out
    server.handle(USERS, (_q, res) => sendJson(res, `[${JSON.stringify(a)},${deep.replace('u-deep', 'u-other')}]`));
    expect(await outcome(round())).toMatchObject({ outcome: 'applied', rows: 1 });
    expect(userIds()).toEqual(['u-0']);
  });
});

describe('deadlines', () => {
  it('a body that trickles fails with timeout at its deadline, naming the list; the queue goes on to the scoped lists', async () => {
    server.handle(`${LISTS}/accounts/query`, (_q, res) => sendJson(res, [{ id: 'acc-1', accountid: 'ACME', name: 'Acme' }]));
    server.handle(`${LISTS}/accounts/acc-1/items/query`, (_q, res) => sendJson(res, [{ id: 'i-1', account_id: 'acc-1', sku: 'S1' }]));
    server.handle(USERS, (_q, res) => sendJson(res, users(3)));
    await round({}, ['users', 'items']);
    const timers: NodeJS.Timeout[] = [];
    server.handle(USERS, (_q, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const body = JSON.stringify(users(3, 1));
      let at = 0;
      // a byte at a time, each well within the stall timeout
      const drip = () => {
        if (res.destroyed || at >= body.length) return void res.end();
        res.write(body[at++]);
        timers.push(setTimeout(drip, 40));
      };
      drip();
    });
    const started = Date.now();
    const r = await round({ concurrency: 1, timeoutMs: 1000, reading: { deadlineBaseMs: 300 } }, ['users', 'items']);
    timers.forEach(clearTimeout);
    expect(r.datasets.find((d) => d.key === 'users')!.error).toEqual({ code: 'timeout', message: expect.stringMatching(new RegExp(`^Users: GET ${USERS}: The server did not send the whole answer within 30\\d ms\\.$`)) });
    expect(r.datasets.find((d) => d.key === 'items@account:acc-1')).toMatchObject({ outcome: 'applied', error: null });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(userIds()).toHaveLength(3);
  });

  it("a round past its deadline fails what it has not read, in words, and ends", async () => {
    server.handle(USERS, (_q, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('['); // and nothing more
    });
    const r = await round({ concurrency: 1, reading: { roundDeadlineMs: 300 } }, ['users', 'hazmat']);
    const errors = r.datasets.filter((d) => d.outcome === 'error');
    expect(errors.map((d) => d.key)).toContain('users');
    expect(errors.find((d) => d.key === 'users')!.error).toEqual({ code: 'timeout', message: 'Users: not read this round: the sync round went past its deadline of 300 ms.' });
  });
});
