// ETags per page, over real HTTP into a real mirror: a list served as Spring's Page, each page with
// the ETag of its own body (as Spring's ShallowEtagHeaderFilter makes it) and 304 for a matching
// If-None-Match. Every page 304: unchanged, nothing applied; some pages 304: those rebuilt from the
// stored records beside the pages downloaded, one snapshot; a page that cannot be rebuilt, or that
// does not fit the pages read now, falls back to reading.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';
import { sendJson, startListServer, USERS, users, type ListServer } from './list-server.ts';

let db: WriteDb;
let server: ListServer;

type User = ReturnType<typeof users>[number];
let list: User[];
/** Served page by page (`page`, `size`, capped at 4); `etagOf` makes a page's ETag from its body. */
function springPages(etagOf: (body: string, page: User[]) => string = (body) => `"${createHash('sha1').update(body).digest('hex')}"`) {
  server.handle(USERS, (q, res, req) => {
    const size = Math.min(Number(q.get('size') ?? 4), 4);
    const number = Number(q.get('page') ?? 0);
    const content = list.slice(number * size, number * size + size);
    const totalPages = Math.ceil(list.length / size);
    const body = JSON.stringify({ content, totalElements: list.length, totalPages, number, size, last: number >= totalPages - 1 });
    const etag = etagOf(body, content);
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag });
      res.end();
      return;
    }
    sendJson(res, body, { ETag: etag });
  });
}

function round() {
  return runRound(db, {
    baseUrl: server.url,
    accessToken: async () => 't1',
    refreshAfterUnauthorized: async () => 't1',
    plan: { offlineLists: ['users'], offlineFacilities: [], userFacilities: [], historyDays: 30 },
    retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 100 },
  }).then((r) => r.datasets.find((d) => d.key === 'users')!);
}

/** Two rounds: the paging learned, the pages kept as they are asked for from now on. */
async function settled() {
  await round();
  await round();
}

/** The users list's requests since `from`: query and whether it carried If-None-Match. */
const asked = (from = 0) => server.asked.slice(from).filter((a) => a.path === USERS).map((a) => `${a.query.toString()}${a.ifNoneMatch ? ' (etag)' : ''}`);
const stored = () => db.prepare(`SELECT id, raw FROM records WHERE list = 'users' ORDER BY id`).all() as { id: string; raw: string }[];
const expected = () => list.map((u) => ({ id: u.id, raw: JSON.stringify(u) })).sort((a, b) => a.id.localeCompare(b.id));

eachTestMirror((opened) => (db = opened));
beforeEach(async () => {
  server = await startListServer();
  list = users(10);
});
afterEach(async () => {
  await server.close();
});

describe('ETags per page', () => {
  it('a list of several pages, every page answered 304: unchanged, nothing applied', async () => {
    springPages();
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 10 });
    // the first reading asked for the first page without paging parameters: the second asks it as from now on
    let from = server.asked.length;
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 10 });
    expect(asked(from)).toEqual(['page=0&size=1000', 'page=1&size=4 (etag)', 'page=2&size=4 (etag)']);
    from = server.asked.length;
    expect(await round()).toMatchObject({ outcome: 'unchanged', rows: 10 });
    expect(asked(from)).toEqual(['page=0&size=1000 (etag)', 'page=1&size=4 (etag)', 'page=2&size=4 (etag)']);
    expect(datasetByKey(db, 'users')!.last_error_code).toBeNull();
    expect(stored()).toEqual(expected());
  });

  it('one page changed: the others are rebuilt from the mirror, the changed one downloaded, one snapshot', async () => {
    springPages();
    await settled();
    list[9] = { ...list[9], firstname: 'Changed' }; // on the last page
    list.splice(5, 1, { ...list[5], lastname: 'Moved' }); // on the middle page
    const from = server.asked.length;
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 10 });
    // the first page 304, the second changed (asked again in its turn), the third asked with its ETag
    expect(asked(from)).toEqual(['page=0&size=1000 (etag)', 'page=1&size=4 (etag)', 'page=1&size=4 (etag)', 'page=2&size=4 (etag)']);
    expect(stored()).toEqual(expected());

    // the page kept from this reading is the new one: the next round is all 304
    expect(await round()).toMatchObject({ outcome: 'unchanged' });
  });

  it('the first page changed, the later ones 304: those are rebuilt as they were stored', async () => {
    springPages();
    await settled();
    list[0] = { ...list[0], email: 'first@example.com' };
    const from = server.asked.length;
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 10 });
    expect(asked(from)).toEqual(['page=0&size=1000 (etag)', 'page=1&size=4 (etag)', 'page=2&size=4 (etag)']);
    expect(stored()).toEqual(expected());
  });

  it('a page whose records are no longer stored as it came is read from the server again, without its ETag', async () => {
    springPages();
    await settled();
    list[9] = { ...list[9], firstname: 'Changed' };
    // a record of the unchanged middle page is gone from the mirror (as if another list had taken it)
    db.prepare(`DELETE FROM records WHERE list = 'users' AND id = 'u-5'`).run();
    const from = server.asked.length;
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 10 });
    expect(asked(from)).toEqual(['page=0&size=1000 (etag)', 'page=1&size=4 (etag)', 'page=2&size=4 (etag)', 'page=1&size=4', 'page=2&size=4 (etag)']);
    expect(stored()).toEqual(expected());
  });

  it('pages kept that do not fit the pages read now (ETags that leave out the total) fall back to reading the whole list', async () => {
    // this server's ETag hashes the page's records only: a record added to the last page leaves
    // the first pages' ETags as they were, though their totals changed
    springPages((_body, page) => `W/"${createHash('sha1').update(JSON.stringify(page)).digest('hex')}"`);
    await settled();
    list.push({ id: 'u-new', email: 'new@example.com', firstname: 'New', lastname: 'One' });
    const from = server.asked.length;
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 11 });
    expect(asked(from)).toEqual(['page=0&size=1000 (etag)', 'page=1&size=4 (etag)', 'page=2&size=4 (etag)', 'page=2&size=4 (etag)', 'page=0&size=1000', 'page=1&size=4', 'page=2&size=4']);
    expect(stored()).toEqual(expected());
    expect(datasetByKey(db, 'users')!.last_error_code).toBeNull();
  });

  it('a page with a record left out (nested too deep) is not kept: its last good version is not lost when other pages change', async () => {
    springPages();
    await settled();
    let deep: unknown = 'bottom';
    for (let n = 0; n < 100; n++) deep = { deep };
    // u-5 (the middle page) comes nested too deep: left out, its stored version kept in its place
    const good = list[5];
    list[5] = { ...good, extra: deep } as unknown as User;
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 10 });
    expect(stored().find((r) => r.id === 'u-5')?.raw).toBe(JSON.stringify(good));
    // the last page changes, the middle one is as it was: read again, u-5 kept again
    list[9] = { ...list[9], firstname: 'Changed' };
    const from = server.asked.length;
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 10 });
    expect(asked(from)).toEqual(['page=0&size=1000', 'page=1&size=4', 'page=2&size=4']);
    expect(stored().find((r) => r.id === 'u-5')?.raw).toBe(JSON.stringify(good));
    expect(stored().find((r) => r.id === 'u-9')?.raw).toBe(JSON.stringify(list[9]));
  });

  it('a list whose paging changed is read whole, its old pages not asked with their ETags', async () => {
    springPages();
    await settled();
    // the same list, now with offset/limit: no page of the last reading is asked the same way
    server.handle(USERS, (q, res) => {
      const offset = Number(q.get('offset') ?? 0);
      sendJson(res, { offset, limit: 4, total: list.length, rows: list.slice(offset, offset + 4) }, { ETag: `"o${offset}"` });
    });
    const from = server.asked.length;
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 10 });
    expect(asked(from)).toEqual(['page=0&size=1000 (etag)', 'offset=4&limit=4', 'offset=8&limit=4']);
    expect(stored()).toEqual(expected());
  });
});
