// The inventory endpoints' request bodies are not in the spec: a server that refuses Aisle's
// ({facilityId}) is asked in the other common forms, the one that worked remembered in the mirror
// (the next round, after a restart too, asks that way first); one that refuses every form marks the
// stock with one sentence, and the lists sync all the same.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { requestForms } from '../../electron/core/sync/request-forms.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import type { DatasetSpec } from '../../electron/core/mirror/dataset-state.ts';
import { tempDir } from '../support/temp-dir.ts';
import { closeServer, listenOnLoopback } from '../support/loopback.ts';

const LISTS = '/v1/api/pub/lists';
const stock = [
  { id: 'inv-1', facility_id: 'fac-1', item_id: 'item-1', sku: 'SKU-1', qty_on_hand: 4 },
  { id: 'inv-2', facility_id: 'fac-1', item_id: 'item-2', sku: 'SKU-2', qty_on_hand: 7 },
];
const events = [{ id: 'h-1', facility_id: 'fac-1', item_id: 'item-1', type: 'PICK', qty: 1, createdon: new Date(Date.now() - 3_600_000).toISOString() }];

/**
 * The form this server takes: the facility under `field` in the body, or as a query parameter; or
 * `facilityId` with paging parameters (`page`, `size`: in the query or in the body), answering its
 * stock as Spring's Page of at most `cap` records.
 */
type Accepts = { field: string } | { query: string } | { paged: 'query' | 'body'; cap: number } | 'nothing';
const manyStock = Array.from({ length: 5 }, (_, n) => ({ id: `inv-${n}`, facility_id: 'fac-1', item_id: `item-${n}`, sku: `SKU-${n}`, qty_on_hand: n + 1 }));

let dir: ReturnType<typeof tempDir>;
let file: string;
let db: WriteDb;
let server: Server;
let url: string;
let accepts: Accepts;
/** Each inventory request: its path with query, and its body. */
let asked: { path: string; body: Record<string, unknown> | null }[];

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

beforeEach(async () => {
  dir = tempDir();
  file = path.join(dir.path, 'm.sqlite');
  db = openMirror(file);
  accepts = { field: 'facilityId' };
  asked = [];
  server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const target = new URL(req.url ?? '/', 'http://x');
      if (target.pathname.startsWith('/v1/api/pub/inv/')) {
        asked.push({ path: req.url ?? '', body });
        if (typeof accepts === 'object' && 'paged' in accepts && target.pathname.endsWith('/query')) {
          const paging = accepts.paged === 'query' ? Object.fromEntries(target.searchParams) : (body ?? {});
          if (body?.facilityId !== 'fac-1' || paging.page === undefined || paging.size === undefined) {
            return send(400, { status: 400, error: 'Bad Request', message: 'facilityId, page and size are required' });
          }
          const size = Math.min(Number(paging.size), accepts.cap);
          const number = Number(paging.page);
          const totalPages = Math.ceil(manyStock.length / size);
          return send(200, { content: manyStock.slice(number * size, number * size + size), number, size, totalPages, totalElements: manyStock.length, last: number >= totalPages - 1 });
        }
        const facility =
          accepts === 'nothing' ? undefined : 'field' in accepts ? (body?.[accepts.field] as unknown) : 'query' in accepts ? target.searchParams.get(accepts.query) : body?.facilityId;
        const named = Array.isArray(facility) ? facility[0] : facility;
        if (named !== 'fac-1') return send(422, { status: 422, error: 'Unprocessable Entity', message: 'the facility is required' });
        return send(200, target.pathname.endsWith('/history') ? events : stock);
      }
      if (target.pathname === `${LISTS}/facilities/query`) return send(200, [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }]);
      if (target.pathname === `${LISTS}/users/query`) return send(200, [{ id: 'u-1', email: 'ann@example.com' }]);
      return send(200, []);
    })();
  });
  url = await listenOnLoopback(server);
});
afterEach(async () => {
  db.close();
  await closeServer(server);
  dir.remove();
});

const round = () =>
  runRound(db, {
    baseUrl: url,
    accessToken: async () => 't',
    refreshAfterUnauthorized: async () => 't',
    plan: { offlineLists: ['users', 'inventory', 'history'], offlineFacilities: [], userFacilities: [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }], historyDays: 30, stockFullCheckMinutes: 0 },
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
  });
const outcome = async (r: ReturnType<typeof round>, key: string) => (await r).datasets.find((d) => d.key === key);
const stockRows = () => db.prepare('SELECT count(*) FROM inventory').pluck().get() as number;

describe('inventory request forms', () => {
  it('a server that takes facility_id is asked that way after one refusal, and first next time, after a restart too', async () => {
    accepts = { field: 'facility_id' };
    const first = round();
    expect(await outcome(first, 'inventory@facility:fac-1')).toMatchObject({ outcome: 'applied', rows: 2 });
    expect(await outcome(first, 'history@facility:fac-1')).toMatchObject({ outcome: 'applied', rows: 1 });
    const stockAsked = asked.filter((a) => a.path === '/v1/api/pub/inv/query').map((a) => Object.keys(a.body ?? {}));
    expect(stockAsked).toEqual([['facilityId'], ['facility_id']]);
    // the history keeps its own fields in every form
    expect(asked.filter((a) => a.path === '/v1/api/pub/inv/history').at(-1)?.body).toMatchObject({ facility_id: 'fac-1', limit: 10_000, from: expect.any(String) });

    db.close();
    db = openMirror(file);
    asked = [];
    const next = round();
    expect(await outcome(next, 'inventory@facility:fac-1')).toMatchObject({ outcome: 'applied' });
    expect(asked.map((a) => Object.keys(a.body ?? {})[0])).toEqual(['facility_id', 'facility_id']);
  });

  it('the other forms, in order: the facility as a list, as a query parameter', async () => {
    accepts = { field: 'facilityIds' };
    expect(await outcome(round(), 'inventory@facility:fac-1')).toMatchObject({ outcome: 'applied', rows: 2 });
    expect(asked.filter((a) => a.path === '/v1/api/pub/inv/query').at(-1)?.body).toEqual({ facilityIds: ['fac-1'] });
    db.prepare(`DELETE FROM meta WHERE key LIKE 'request_form:%'`).run();
    accepts = { query: 'facilityId' };
    asked = [];
    expect(await outcome(round(), 'inventory@facility:fac-1')).toMatchObject({ outcome: 'applied', rows: 2 });
    expect(asked.filter((a) => a.path.startsWith('/v1/api/pub/inv/query')).map((a) => a.path.replace('/v1/api/pub/inv/query', ''))).toEqual(['', '', '', '', '', '', '', '?facilityId=fac-1']);
  });

  it('a server that answers only with paging parameters in the query is asked a page at a time, every page read, that form first next time', async () => {
    accepts = { paged: 'query', cap: 2 };
    expect(await outcome(round(), 'inventory@facility:fac-1')).toMatchObject({ outcome: 'applied', rows: 5 });
    const stockAsked = () => asked.filter((a) => a.path.startsWith('/v1/api/pub/inv/query')).map((a) => a.path.replace('/v1/api/pub/inv/query', ''));
    expect(stockAsked().slice(-3)).toEqual(['?page=0&size=1000', '?page=1&size=2', '?page=2&size=2']);
    expect(asked.filter((a) => a.path.includes('?page=')).every((a) => a.body?.facilityId === 'fac-1')).toBe(true);
    expect(db.prepare('SELECT id FROM inventory ORDER BY id').pluck().all()).toEqual(manyStock.map((s) => s.id));

    asked = [];
    expect(await outcome(round(), 'inventory@facility:fac-1')).toMatchObject({ outcome: 'applied', rows: 5 });
    expect(stockAsked()).toEqual(['?page=0&size=1000', '?page=1&size=2', '?page=2&size=2']);
  });

  it('a server that takes paging parameters in the body gets each page asked there', async () => {
    accepts = { paged: 'body', cap: 2 };
    expect(await outcome(round(), 'inventory@facility:fac-1')).toMatchObject({ outcome: 'applied', rows: 5 });
    const paged = asked.filter((a) => a.path === '/v1/api/pub/inv/query' && a.body?.page !== undefined);
    expect(paged.map((a) => a.body)).toEqual([
      { facilityId: 'fac-1', page: 0, size: 1000 },
      { facilityId: 'fac-1', page: 1, size: 2 },
      { facilityId: 'fac-1', page: 2, size: 2 },
    ]);
    expect(stockRows()).toBe(5);
  });

  it('the stock of some items is never asked in a paged form (it would be its first page only): refused, so the round reads it whole', async () => {
    db.prepare(`INSERT INTO meta (key, value) VALUES ('request_form:/v1/api/pub/inv/query', 'paged')`).run();
    const part = { key: 'inventory@facility:fac-1', label: 'Inventory', method: 'POST', path: '/v1/api/pub/inv/query', body: { facilityId: 'fac-1', itemIds: ['item-1'] }, refresh: { field: 'itemIds', column: 'item_id', fullEveryMinutes: 0 } } as unknown as DatasetSpec;
    const sent: DatasetSpec[] = [];
    const forms = requestForms(db);
    await expect(forms.open(part, async (asked) => sent.push(asked))).rejects.toMatchObject({ code: 'bad_response', message: expect.stringMatching(/answers a page at a time.*read whole/) });
    expect(sent).toEqual([]);
    // the whole stock is asked in that form
    await forms.open({ ...part, body: { facilityId: 'fac-1' } }, async (asked) => sent.push(asked));
    expect(sent.map((s) => s.path)).toEqual(['/v1/api/pub/inv/query?page=0&size=1000']);
  });

  it('a server that refuses every form marks the stock with one sentence naming the endpoint, the status and its words; the lists sync', async () => {
    accepts = 'nothing';
    const r = round();
    const inventory = await outcome(r, 'inventory@facility:fac-1');
    expect(inventory).toMatchObject({ outcome: 'error', error: { code: 'bad_response' } });
    expect(inventory?.error?.message).toBe(
      'Inventory of Main DC: the server refused each of the 10 request forms Aisle knows for POST /v1/api/pub/inv/query, the first with 422, "the facility is required".',
    );
    expect(await outcome(r, 'users')).toMatchObject({ outcome: 'applied', rows: 1 });
    expect(await outcome(r, 'facilities')).toMatchObject({ outcome: 'applied', rows: 1 });
    expect(datasetByKey(db, 'inventory@facility:fac-1')?.last_error_message).toBe(inventory?.error?.message);
    expect(stockRows()).toBe(0);
  });
});
