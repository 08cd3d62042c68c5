// A list replaces the mirror only when its pages are proven whole: every "next" the common
// paginators offer is followed, every figure they give (totals in the body or the headers, page
// counts, last/hasMore flags) must agree with what arrived, and a reading that does not add up
// fails in words with the rows mirrored before still there.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFieldMapFile } from '../../electron/core/lists/field-map-file.ts';
import { tempDir } from '../support/temp-dir.ts';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { sendJson, eachTestListServer, USERS, users, roundFrom, usersRound, type ListServer } from './list-server.ts';

let db: WriteDb;
let server: ListServer;

eachTestListServer((opened, started) => {
  db = opened;
  server = started;
});

const round = () => usersRound(db, server);

const userIds = () => db.prepare(`SELECT id FROM records WHERE list = 'users' ORDER BY id`).pluck().all() as string[];
const LIST = users(11);
const PER = 4;
/** The 0-based page a request asks for, by `page` (1-based here) or `at` / a token holding the offset. */
const offsetOf = (q: URLSearchParams) => Number(q.get('at') ?? Buffer.from(q.get('token') ?? q.get('pageToken') ?? q.get('page_token') ?? q.get('cursor') ?? '', 'base64url').toString() ?? 0) || 0;
const token = (at: number) => Buffer.from(String(at)).toString('base64url');

/** Each common paginator, serving LIST in pages of PER; `list` and `total` let a style lie. */
const STYLES: Record<string, (list: typeof LIST, total: number) => void> = {
  laravel: (list, total) =>
    server.handle(USERS, (q, res) => {
      const page = Number(q.get('page') ?? 1);
      const lastPage = Math.ceil(total / PER);
      sendJson(res, { current_page: page, data: list.slice((page - 1) * PER, page * PER), per_page: PER, total, last_page: lastPage, next_page_url: page < Math.ceil(list.length / PER) ? `${server.url}${USERS}?page=${page + 1}` : null, prev_page_url: null });
    }),
  django: (list, total) =>
    server.handle(USERS, (q, res) => {
      const at = offsetOf(q);
      sendJson(res, { count: total, next: at + PER < list.length ? `${USERS}?at=${at + PER}` : null, previous: null, results: list.slice(at, at + PER) });
    }),
  odata: (list, total) =>
    server.handle(USERS, (q, res) => {
      const at = offsetOf(q);
      sendJson(res, { '@odata.context': '$metadata#Users', '@odata.count': total, value: list.slice(at, at + PER), ...(at + PER < list.length ? { '@odata.nextLink': `${server.url}${USERS}?at=${at + PER}` } : {}) });
    }),
  hal: (list, total) =>
    server.handle(USERS, (q, res) => {
      const at = offsetOf(q);
      sendJson(res, { _embedded: { users: list.slice(at, at + PER) }, _links: at + PER < list.length ? { next: { href: `${USERS}?at=${at + PER}` } } : {}, page: { size: PER, totalElements: total } });
    }),
  'links.next {href}': (list, total) =>
    server.handle(USERS, (q, res) => {
      const at = offsetOf(q);
      sendJson(res, { data: list.slice(at, at + PER), links: { next: at + PER < list.length ? { href: `${USERS}?at=${at + PER}` } : null }, meta: { total } });
    }),
  next_page_token: (list, total) =>
    server.handle(USERS, (q, res) => {
      const at = offsetOf(q);
      sendJson(res, { records: list.slice(at, at + PER), total_count: total, next_page_token: at + PER < list.length ? token(at + PER) : null });
    }),
  'meta.next_cursor': (list, total) =>
    server.handle(USERS, (q, res) => {
      const at = offsetOf(q);
      sendJson(res, { data: list.slice(at, at + PER), meta: { next_cursor: at + PER < list.length ? token(at + PER) : null, has_more: at + PER < list.length, total } });
    }),
  'cursor.next': (list, total) =>
    server.handle(USERS, (q, res) => {
      const at = offsetOf(q);
      sendJson(res, { items: list.slice(at, at + PER), totalCount: total, cursor: { next: at + PER < list.length ? token(at + PER) : null } });
    }),
  'X-Total-Count + Link': (list, total) =>
    server.handle(USERS, (q, res) => {
      const at = offsetOf(q);
      const headers: Record<string, string> = { 'X-Total-Count': String(total) };
      if (at + PER < list.length) headers.Link = `<${USERS}?at=${at + PER}>; rel="next"`;
      sendJson(res, list.slice(at, at + PER), headers);
    }),
  'Content-Range + Link': (list, total) =>
    server.handle(USERS, (q, res) => {
      const at = offsetOf(q);
      const page = list.slice(at, at + PER);
      const headers: Record<string, string> = { 'Content-Range': `items ${at}-${at + page.length - 1}/${total}` };
      if (at + PER < list.length) headers.Link = `<${USERS}?at=${at + PER}>; rel="next"`;
      // a server that says which part of the list it sends answers 206 Partial Content
      sendJson(res, page, headers, 206);
    }),
};

async function honestFirst(style: string): Promise<void> {
  STYLES[style](LIST, LIST.length);
  expect(await round(), style).toMatchObject({ outcome: 'applied', rows: 11 });
  expect(userIds(), style).toHaveLength(11);
}

/** The reading failed in words naming the list, nothing of it applied: the 11 rows from before are all there. */
async function expectHeld(style: string, words: RegExp): Promise<void> {
  const result = await round();
  expect(result, style).toMatchObject({ outcome: 'error', error: { code: 'bad_response' } });
  expect(result.error!.message, style).toMatch(/^Users: /);
  expect(result.error!.message, style).toMatch(words);
  expect(result.error!.message, style).toMatch(/Nothing of this reading was applied|the last good data kept/);
  expect(datasetByKey(db, 'users')!.last_error_message, style).toBe(result.error!.message);
  expect(userIds(), style).toEqual(LIST.map((u) => u.id).sort());
}

describe('every common "next" is followed, every total read', () => {
  for (const style of Object.keys(STYLES)) {
    it(`${style}: all 11 records in 3 pages`, async () => {
      await honestFirst(style);
      expect(server.timesAsked(USERS)).toBe(3);
    });
  }
});

describe('a reading that does not add up is held, in words, and the mirror stays', () => {
  for (const style of Object.keys(STYLES)) {
    it(`${style}: a total higher than the records`, async () => {
      await honestFirst(style);
      STYLES[style](LIST, 14);
      await expectHeld(style, /11 records where the server announced 14/);
    });
  }

  it('laravel: the last page comes short of the announced total', async () => {
    await honestFirst('laravel');
    STYLES.laravel(LIST.slice(0, 9), 11);
    await expectHeld('laravel', /the pages ended at page 3 with 9 records where the server announced 11 \(total\)/);
  });

  it('Spring Page: an empty page before the announced end', async () => {
    const spring = (emptyAt: number | null) =>
      server.handle(USERS, (q, res) => {
        const number = Number(q.get('page') ?? 0);
        const content = number === emptyAt ? [] : LIST.slice(number * PER, number * PER + PER);
        sendJson(res, { content, totalElements: 11, totalPages: 3, number, size: PER, last: number >= 2 });
      });
    spring(null);
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 11 });
    spring(1);
    await expectHeld('spring', /page 2 came empty with 4 records where the server announced 11 \(totalElements\)/);
  });

  it('page numbers: a short page before the last one', async () => {
    const pages = (shortAt: number | null) =>
      server.handle(USERS, (q, res) => {
        const page = Number(q.get('page') ?? 1);
        const rows = LIST.slice((page - 1) * PER, page * PER);
        sendJson(res, { data: page === shortAt ? rows.slice(0, 2) : rows, page, pageCount: 3 });
      });
    pages(null);
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 11 });
    pages(2);
    await expectHeld('pageCount', /page 2 held 2 records where a page holds 4, and the server says more pages follow/);
  });

  it('page numbers: the pages end (last: true) before the announced page count', async () => {
    server.handle(USERS, (q, res) => {
      const page = Number(q.get('page') ?? 1);
      sendJson(res, { data: LIST.slice((page - 1) * PER, page * PER), page, pageCount: 3, last: page >= 3 });
    });
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 11 });
    server.handle(USERS, (q, res) => {
      const page = Number(q.get('page') ?? 1);
      sendJson(res, { data: LIST.slice((page - 1) * PER, page * PER), page, pageCount: 3, last: page >= 2 });
    });
    await expectHeld('pageCount', /the pages ended at page 2 \(page 2 held 4 records\) where the server announced 3 pages \(pageCount\)/);
  });

  it('"more" under a next link of a name Aisle does not know (last: false)', async () => {
    await honestFirst('django');
    server.handle(USERS, (_q, res) => sendJson(res, { data: LIST.slice(0, PER), last: false, continueWith: `${USERS}?at=4` }));
    await expectHeld('unknown next', /page 1 says more records follow \(last: false\) but gives no next page Aisle knows how to ask for/);
  });

  it('a total that lies low while the page says more (last: false): the next page is asked, and its records are more than announced', async () => {
    const spring = (total: number) =>
      server.handle(USERS, (q, res) => {
        const number = Number(q.get('page') ?? 0);
        const content = LIST.slice(number * PER, number * PER + PER);
        sendJson(res, { content, totalElements: total, number, size: PER, last: (number + 1) * PER >= LIST.length });
      });
    spring(11);
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 11 });
    spring(8);
    // the dataset's caps stop it as soon as the ninth record comes, in their words
    await expectHeld('spring', /the server sent more than the 8 records it announced \(totalElements\); the download was stopped and the last good data kept/);
  });

  it('"more" with no way to ask (has_more: true)', async () => {
    await honestFirst('django');
    server.handle(USERS, (_q, res) => sendJson(res, { items: LIST.slice(0, PER), has_more: true }));
    await expectHeld('has_more', /page 1 says more records follow \(has_more: true\)/);
  });

  it('a bare array with a header total and no next page', async () => {
    await honestFirst('django');
    server.handle(USERS, (_q, res) => sendJson(res, LIST.slice(0, PER), { 'X-Total-Count': '11' }));
    await expectHeld('X-Total-Count', /the pages ended at page 1 with 4 records where the server announced 11 \(the total in its headers\)/);
    server.handle(USERS, (_q, res) => sendJson(res, LIST.slice(0, PER), { 'Content-Range': 'items 0-3/11' }));
    await expectHeld('Content-Range', /with 4 records where the server announced 11/);
  });
});

describe("a record that comes on two pages is found by the list's own id field", () => {
  for (const idField of ['uuid', 'userId']) {
    it(`records identified by ${idField}: offset pages that shift fail the reading`, async () => {
      const list = LIST.map(({ id, ...rest }) => ({ ...rest, [idField]: id }));
      let shifted = false;
      server.handle(USERS, (q, res) => {
        const offset = Number(q.get('offset') ?? 0);
        // a record added on the server after the first page: the pages shift, one record comes twice
        const now = shifted ? [{ [idField]: 'u-new', email: 'new@example.com' }, ...list] : list;
        if (offset === 0 && server.timesAsked(USERS) > 3) shifted = true;
        sendJson(res, { offset, limit: PER, rows: now.slice(offset, offset + PER) });
      });
      expect(await round()).toMatchObject({ outcome: 'applied', rows: 11 });
      const result = await round();
      expect(result).toMatchObject({ outcome: 'error' });
      expect(result.error!.message).toMatch(/^Users: .*the record "u-3" came on page 1 and again on page 2/);
      expect(userIds()).toEqual(LIST.map((u) => u.id).sort());
    });
  }
});

describe("the field map's id field", () => {
  it('IT maps the id to `badge`: a badge that comes on two pages fails the reading, though each record has an `id` of its own', async () => {
    // every answer gives each record a fresh `id` (a row number the server makes up): only `badge` names the user
    let served = 0;
    let shifted = false;
    server.handle(USERS, (q, res) => {
      const offset = Number(q.get('offset') ?? 0);
      const list = LIST.map((u) => ({ ...u, badge: u.id, id: `row-${served++}` }));
      const now = shifted ? [{ badge: 'u-new', id: `row-${served++}`, email: 'new@example.com' }, ...list] : list;
      // the second reading's first page: the list shifts under it
      if (offset === 0 && server.timesAsked(USERS) > 3) shifted = true;
      sendJson(res, { offset, limit: PER, rows: now.slice(offset, offset + PER) });
    });
    const dir = tempDir();
    try {
      const file = path.join(dir.path, 'field-map.json');
      writeFileSync(file, JSON.stringify({ users: { id: 'badge' } }));
      applyFieldMapFile(db, file);
    } finally {
      dir.remove();
    }
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 11 });
    const result = await round();
    expect(result).toMatchObject({ outcome: 'error' });
    expect(result.error!.message).toMatch(/the record "u-3" came on page 1 and again on page 2/);
  });
});

describe('a 304 to a request that named no version', () => {
  it('is an error of the list, in words, not "unchanged"; the rows stay', async () => {
    await honestFirst('django');
    expect(server.asked.every((a) => a.ifNoneMatch === null)).toBe(true);
    server.handle(USERS, (_q, res) => {
      res.writeHead(304);
      res.end();
    });
    const result = await round();
    expect(result).toMatchObject({ outcome: 'error', error: { code: 'bad_response' } });
    expect(result.error!.message).toMatch(/^Users: GET \/v1\/api\/pub\/lists\/users\/query answered 304 Not Modified to a request that named no version/);
    expect(datasetByKey(db, 'users')!.last_error_message).toBe(result.error!.message);
    expect(userIds()).toEqual(LIST.map((u) => u.id).sort());
  });
});

describe('a paged list has a deadline of its own', () => {
  it('past it no further page is asked for: the list fails in words naming the setting, the rows stay', async () => {
    await honestFirst('django');
    // each page takes the server 30 ms: the list's deadline of 20 ms has passed once page 1 is in
    server.handle(USERS, (q, res) => {
      const at = offsetOf(q);
      setTimeout(() => sendJson(res, { count: LIST.length, next: at + PER < LIST.length ? `${USERS}?at=${at + PER}` : null, previous: null, results: LIST.slice(at, at + PER).map((u) => ({ ...u, firstname: 'Changed' })) }), 30);
    });
    server.asked.length = 0;
    const result = (await roundFrom(db, server, ['users'], { reading: { pagedListDeadlineMs: 20 } })).datasets.find((d) => d.key === 'users')!;
    expect(result).toMatchObject({ outcome: 'error', error: { code: 'timeout' } });
    expect(result.error!.message).toMatch(/^Users: .*read page by page for longer than its deadline of 20 ms \(setting pagedListDeadlineMinutes\) before page 2/);
    expect(server.timesAsked(USERS)).toBe(1);
    expect(db.prepare(`SELECT count(*) FROM records WHERE list = 'users' AND json_extract(raw, '$.firstname') = 'Changed'`).pluck().get()).toBe(0);
    expect(userIds()).toHaveLength(11);
  });
});
