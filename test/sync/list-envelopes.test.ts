// Envelopes of every common API style, read by one reader over real HTTP into a real mirror:
// JSON:API resources (stored as `{id, ...attributes, <relationship>_id}`), records nested one level
// down (`{data: {items: [...]}}`), HAL's `_embedded`, OData's `value`, and Spring's Slice.
import { describe, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { fromJsonApi } from '../../electron/core/sync/jsonapi-record.ts';
import { sendJson, eachTestListServer, USERS, users, usersRound, type ListServer } from './list-server.ts';

let db: WriteDb;
let server: ListServer;

eachTestListServer((opened, started) => {
  db = opened;
  server = started;
});

const round = () => usersRound(db, server);

const stored = () => (db.prepare(`SELECT raw FROM records WHERE list = 'users' ORDER BY id`).pluck().all() as string[]).map((raw) => JSON.parse(raw) as Record<string, unknown>);
const LIST = users(7);
const PER = 3;
const at = (q: URLSearchParams) => Number(q.get('at') ?? 0);

describe('envelopes', () => {
  it('JSON:API: data[] of resources, paged by links.next with meta.total; each stored as {id, ...attributes, <rel>_id}', async () => {
    server.handle(USERS, (q, res) => {
      const from = at(q);
      const data = LIST.slice(from, from + PER).map(({ id, ...attributes }) => ({
        type: 'users',
        id,
        attributes,
        relationships: { account: { data: { type: 'accounts', id: 'acc-1' } }, roles: { data: [{ type: 'roles', id: 'r1' }, { type: 'roles', id: 'r2' }] }, manager: { links: { related: '/x' } } },
        links: { self: `/users/${id}` },
      }));
      sendJson(res, { jsonapi: { version: '1.1' }, data, included: [{ type: 'accounts', id: 'acc-1', attributes: { name: 'Acme' } }], meta: { total: LIST.length }, links: { next: from + PER < LIST.length ? `${USERS}?at=${from + PER}` : null } }, { 'Content-Type': 'application/vnd.api+json' });
    });
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 7 });
    expect(server.timesAsked(USERS)).toBe(3);
    expect(stored()[0]).toEqual({ id: 'u-0', email: 'user0@example.com', firstname: 'User0', lastname: 'N0', account_id: 'acc-1', roles_ids: ['r1', 'r2'] });
  });

  it('a record that only looks like a resource (other keys beside attributes) is stored as it came', () => {
    const record = { id: 'x', type: 'user', attributes: { a: 1 }, email: 'e@example.com' };
    expect(JSON.parse(fromJsonApi(Buffer.from(JSON.stringify(record))).toString())).toEqual(record);
  });

  it('records nested one level down: {data: {items: [...], total, next}}, paged', async () => {
    server.handle(USERS, (q, res) => {
      const from = at(q);
      sendJson(res, { status: 'ok', data: { total: LIST.length, items: LIST.slice(from, from + PER), next: from + PER < LIST.length ? `${USERS}?at=${from + PER}` : null } });
    });
    expect(await round()).toMatchObject({ outcome: 'applied', rows: 7 });
    expect(server.timesAsked(USERS)).toBe(3);
    // the nested total is read: one record short fails the reading
    server.handle(USERS, (q, res) => {
      const from = at(q);
      sendJson(res, { data: { total: LIST.length + 1, items: LIST.slice(from, from + PER), next: from + PER < LIST.length ? `${USERS}?at=${from + PER}` : null } });
    });
    const held = await round();
    expect(held).toMatchObject({ outcome: 'error' });
    expect(held.error!.message).toMatch(/7 records where the server announced 8/);
    expect(stored()).toHaveLength(7);
  });

  it("HAL: _embedded.<rel> with _links.next.href; OData: value with @odata.nextLink; Spring's Slice (no totals)", async () => {
    const styles: Record<string, () => void> = {
      hal: () =>
        server.handle(USERS, (q, res) => {
          const from = at(q);
          sendJson(res, { _links: { self: { href: USERS }, ...(from + PER < LIST.length ? { next: { href: `${USERS}?at=${from + PER}` } } : {}) }, _embedded: { people: LIST.slice(from, from + PER) } }, { 'Content-Type': 'application/hal+json' });
        }),
      odata: () =>
        server.handle(USERS, (q, res) => {
          const from = at(q);
          sendJson(res, { '@odata.context': '$metadata#Users', value: LIST.slice(from, from + PER), ...(from + PER < LIST.length ? { '@odata.nextLink': `${server.url}${USERS}?at=${from + PER}` } : {}) });
        }),
      slice: () =>
        server.handle(USERS, (q, res) => {
          const number = Number(q.get('page') ?? 0);
          const content = LIST.slice(number * PER, number * PER + PER);
          sendJson(res, { content, number, size: PER, numberOfElements: content.length, first: number === 0, last: (number + 1) * PER >= LIST.length, empty: content.length === 0 });
        }),
    };
    for (const [style, serve] of Object.entries(styles)) {
      serve();
      db.prepare('DELETE FROM records').run();
      db.prepare('DELETE FROM datasets').run();
      db.prepare("DELETE FROM meta WHERE key LIKE 'list_reading:%'").run();
      server.asked.length = 0;
      expect(await round(), style).toMatchObject({ outcome: 'applied', rows: 7 });
      expect(stored().map((r) => r.id), style).toEqual(LIST.map((u) => u.id));
      expect(server.timesAsked(USERS), style).toBe(3);
    }
  });
});
