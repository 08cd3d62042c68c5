// A facility's stock between full readings (stock-refresh.ts): only the items its history says
// moved are asked for again, and the stock is then exactly what a full reading gives. Against the
// demo server over HTTP, where revisions change, add and delete items and move stock; against the
// fixture server for the server's failures; and the decision itself on a mirror built by hand.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestReport } from '../../electron/core/api/request-report.ts';
import type { DatasetSpec } from '../../electron/core/mirror/dataset-state.ts';
import { ensureDataset, markApplied, markLogServerNewest } from '../../electron/core/db/write/datasets.ts';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { MAX_ITEMS_ASKED, planStockReading } from '../../electron/core/db/stock-refresh/plan.ts';
import { pruneAccountedItems, recordItemsMoved, writeStockRefresh } from '../../electron/core/db/stock-refresh/write.ts';
import { historyMark, stockRefreshState } from '../../electron/core/db/stock-refresh/read.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { PART_VALUES_PER_REQUEST } from '../../electron/core/sync/round/read-part.ts';
import type { RoundOptions } from '../../electron/core/sync/round/types.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { recordingConnection } from '../support/recording-connection.ts';
import { tempDir } from '../support/temp-dir.ts';
import { demoToken } from './demo-token.ts';
import { LISTS, startFixtureServer, type FixtureServer } from './fixture-server.ts';

const INVENTORY_URL = /\/v1\/api\/pub\/inv\/query$/;
const stockBodies = (requests: RequestReport[]) =>
  requests.filter((r) => r.method === 'POST' && INVENTORY_URL.test(r.url)).map((r) => JSON.parse(r.body ?? '{}') as { facilityId: string; itemIds?: string[] });
/** Why each stock request was asked whole (diagnostics), null for a part. */
const stockWhy = (requests: RequestReport[]) => requests.filter((r) => r.method === 'POST' && INVENTORY_URL.test(r.url)).map((r) => r.why);
/**
 * How each facility's stock was asked: whole with why (diagnostics), or `part`. Per facility: a
 * body that waited too long for its turn on a loaded machine is asked again, the same way.
 */
const stockReadings = (requests: RequestReport[]) =>
  Object.fromEntries(requests.filter((r) => r.method === 'POST' && INVENTORY_URL.test(r.url)).map((r) => {
    const body = JSON.parse(r.body ?? '{}') as { facilityId: string; itemIds?: string[] };
    return [body.facilityId, body.itemIds === undefined ? r.why : 'part'];
  }));

describe('stock between full readings, against the demo server', () => {
  let server: DemoServer;
  let dir: ReturnType<typeof tempDir>;
  let token: string;
  let facilities: { id: string; code: string; name: string }[];

  beforeAll(async () => {
    server = await startDemoServer({ port: 0, items: 2000, accounts: 2, facilities: 2, seed: 23, rateLimit: 0, historyDays: 30 });
    dir = tempDir();
    ({ token, facilities } = await demoToken(server));
  });
  afterAll(async () => {
    await server.close();
    dir.remove();
  });

  const round = async (db: WriteDb, extra: Partial<RoundOptions['plan']> = {}) => {
    const requests: RequestReport[] = [];
    const result = await runRound(db, {
      baseUrl: server.url,
      accessToken: async () => token,
      refreshAfterUnauthorized: async () => token,
      plan: { offlineLists: [], offlineFacilities: [], userFacilities: facilities, historyDays: 30, ...extra },
      onRequest: (r) => requests.push(r),
    });
    expect(result.datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    return { result, requests };
  };
  /** Every facility's stock asked whole, for this reason. */
  const everyFacility = (why: string) => Object.fromEntries(facilities.map((f) => [f.id, why]));
  const stockRows = (db: WriteDb) =>
    (db.prepare('SELECT d.key, s.id, s.raw FROM inventory s JOIN datasets d USING (dataset_id) ORDER BY s.id').all() as { key: string; id: string; raw: string }[]).map((r) => ({ key: r.key, id: r.id, record: JSON.parse(r.raw) as unknown }));
  /**
   * The stock as a full reading gives it now: every facility's stock as the server serves it (a
   * full reading of it is proven equal to that by the demo sync's own tests), without the cost of
   * another first sync per check.
   */
  const fullReading = () =>
    facilities
      .flatMap((f) => server.served('inventory', f.id).map((record) => ({ key: `inventory@facility:${f.id}`, id: String((record as { id: unknown }).id), record })))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  it('asks only for the items that moved (stock changed, items added and deleted), and holds what a full reading gives', async () => {
    const db = openMirror(path.join(dir.path, 'kept.sqlite'));
    try {
      const first = await round(db);
      // each facility's stock read whole; the diagnostics page says why
      expect(stockReadings(first.requests)).toEqual(everyFacility('no-snapshot'));
      const fullBytes = first.result.datasets.filter((d) => d.key.startsWith('inventory@')).reduce((sum, d) => sum + d.bytes, 0);
      // revision 4 is skipped: rounds do not see every revision
      for (const revision of [1, 2, 3, 5]) {
        const itemsBefore = new Set(db.prepare('SELECT id FROM items').pluck().all() as string[]);
        const stockBefore = new Set(db.prepare('SELECT item_id FROM inventory').pluck().all() as string[]);
        server.setRevision(revision);
        const { result, requests } = await round(db);
        const bodies = stockBodies(requests);
        expect(bodies.length).toBeGreaterThanOrEqual(2);
        expect(stockWhy(requests).every((why) => why === null)).toBe(true);
        for (const body of bodies) {
          expect(body.itemIds?.length).toBeGreaterThan(0);
          expect(body.itemIds!.length).toBeLessThanOrEqual(PART_VALUES_PER_REQUEST);
        }
        const stock = result.datasets.filter((d) => d.key.startsWith('inventory@'));
        expect(stock.map((d) => d.outcome)).toEqual(['applied', 'applied']);
        expect(stock.reduce((sum, d) => sum + d.bytes, 0)).toBeLessThan(fullBytes / 10);
        // items deleted at this revision had stock; a deletion is no event, and their stock is gone all the same
        const deleted = [...itemsBefore].filter((id) => stockBefore.has(id) && db.prepare('SELECT count(*) FROM items WHERE id = ?').pluck().get(id) === 0);
        expect(deleted.length, `revision ${revision}`).toBeGreaterThan(0);
        const asked = new Set(bodies.flatMap((b) => b.itemIds!));
        expect(deleted.filter((id) => !asked.has(id)), `revision ${revision}`).toEqual([]);
        expect(stockRows(db)).toEqual(fullReading());
      }
      // the server goes back (a restored backup): its history no longer reaches the last reading's
      // newest event, so the stock is read whole, and is what it is on the server
      server.setRevision(2);
      const back = await round(db);
      expect(stockReadings(back.requests)).toEqual(everyFacility('history-went-back'));
      expect(stockRows(db)).toEqual(fullReading());
      // nothing moved since: the stock is not asked for, and stays dated by the round
      const quiet = await round(db);
      expect(stockBodies(quiet.requests)).toEqual([]);
      expect(quiet.result.datasets.filter((d) => d.key.startsWith('inventory@')).map((d) => d.outcome)).toEqual(['unchanged', 'unchanged']);
      // it comes forward again: the events of revisions 3 and 5 are the mirror's already (a log keeps
      // what it has), not new, yet the stock read whole at revision 2 was from before them
      server.setRevision(5);
      const forward = await round(db);
      expect(stockWhy(forward.requests).every((why) => why === null)).toBe(true);
      expect(stockRows(db)).toEqual(fullReading());
      expect(db.prepare('SELECT count(*) FROM items_gone').pluck().get()).toBe(0);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });

  it('reads the whole stock every round when the setting says 0, and after a confirmed mass deletion', async () => {
    server.setRevision(0);
    const db = openMirror(path.join(dir.path, 'always-full.sqlite'));
    try {
      await round(db);
      server.setRevision(1);
      const always = await round(db, { stockFullCheckMinutes: 0 });
      expect(stockReadings(always.requests)).toEqual(everyFacility('due'));
      expect(stateOf(db)).toEqual([expect.objectContaining({ full_at: expect.any(String) }), expect.objectContaining({ full_at: expect.any(String) })]);

      // 90% of an account's items vanish: held, then confirmed alone; the next round asks for their stock
      server.setMassDeletion(0);
      const massKey = `items@account:${server.ids().accounts[0]}`;
      const held = await round(db);
      expect(held.result.datasets.find((d) => d.key === massKey)?.outcome).toBe('held');
      await runRound(db, {
        baseUrl: server.url,
        accessToken: async () => token,
        refreshAfterUnauthorized: async () => token,
        plan: { offlineLists: [], offlineFacilities: [], userFacilities: facilities, historyDays: 30 },
        only: [massKey],
        allowMassDelete: [massKey],
      });
      const after = await round(db);
      expect(stockBodies(after.requests).every((b) => b.itemIds !== undefined)).toBe(true);
      expect(stockRows(db)).toEqual(fullReading());
    } finally {
      server.setMassDeletion(null);
      db.close();
    }
  });
});

const stateOf = (db: WriteDb) => db.prepare('SELECT * FROM stock_refresh ORDER BY dataset_id').all();

describe('stock between full readings, when the server fails', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: WriteDb;
  let server: FixtureServer;
  const stock = (qty: number[]) =>
    qty.map((q, n) => ({ id: `inv-${n}`, facility_id: 'fac-1', location_id: 'loc-1', location_code: 'A-03-02-B', item_id: `item-${n}`, qty_on_hand: q, status: 'AVAILABLE' }));
  const event = (n: number, item: string | null, at: string) => ({ id: `h-${n}`, facility_id: 'fac-1', item_id: item, type: 'ADJUST', qty: 1, createdon: at });
  let events: object[] = [];
  const setStock = (qty: number[]) => server.set('inv/query:fac-1', stock(qty));
  const addEvents = (added: { createdon: string }[]) => {
    // newest first, as /inv/history answers
    events = [...added, ...events].sort((a, b) => ((b as { createdon: string }).createdon < (a as { createdon: string }).createdon ? -1 : 1));
    server.set('inv/history:fac-1', events);
  };
  const addEvent = (e: { createdon: string }) => addEvents([e]);
  let reports: RequestReport[] = [];
  const round = async () =>
    runRound(db, {
      baseUrl: server.url,
      accessToken: async () => 't1',
      refreshAfterUnauthorized: async () => 't1',
      plan: { offlineLists: ['inventory', 'history', 'items'], offlineFacilities: [], userFacilities: [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }], historyDays: 30 },
      retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
      onRequest: (report) => reports.push(report),
    });
  const quantities = () => db.prepare('SELECT qty_on_hand FROM inventory ORDER BY id').pluck().all();
  const stockRequests = () => server.requests.filter((r) => r.path === 'inv/query:fac-1');

  beforeEach(async () => {
    dir = tempDir();
    db = openMirror(path.join(dir.path, 'm.sqlite'));
    server = await startFixtureServer();
    server.set(`${LISTS}/accounts/query`, []);
    server.set(`${LISTS}/facilities/query`, [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }]);
    events = [];
    addEvent(event(0, 'item-0', '2026-11-20T10:00:00.000Z'));
    setStock([5, 5, 5, 5]);
    await round();
    server.requests.length = 0;
  });
  afterEach(async () => {
    db.close();
    await server.close();
    dir.remove();
  });

  it('a part the server refuses (400) or answers with broken JSON is read whole in the same round', async () => {
    for (const fault of ['bad_request', 'invalid'] as const) {
      setStock(fault === 'invalid' ? [5, 7, 5, 5] : [5, 6, 5, 5]);
      addEvent(event(events.length, 'item-1', `2026-11-20T10:0${events.length}:00.000Z`));
      server.fault('inv/query:fac-1', fault);
      server.requests.length = 0;
      const r = await round();
      expect(r.datasets.find((d) => d.key === 'inventory@facility:fac-1')?.outcome).toBe('applied');
      expect(stockRequests().map((q) => (q.itemIds ? 'part' : 'whole'))).toEqual(['part', 'whole']);
      expect(quantities()).toEqual(fault === 'invalid' ? [5, 7, 5, 5] : [5, 6, 5, 5]);
    }
  });

  it('a server that does not filter by itemIds (the whole stock for a part) is read whole in the same round, the part given up at its first row beyond them', async () => {
    setStock([5, 8, 5, 5]);
    addEvent(event(1, 'item-1', '2026-11-20T10:05:00.000Z'));
    server.fault('inv/query:fac-1', 'unfiltered');
    const before = stateOf(db);
    reports = [];
    const r = await round();
    expect(stockWhy(reports)).toEqual([null, 'part-failed']);
    expect(r.datasets.find((d) => d.key === 'inventory@facility:fac-1')?.outcome).toBe('applied');
    expect(stockRequests().map((q) => (q.itemIds ? 'part' : 'whole'))).toEqual(['part', 'whole']);
    expect(quantities()).toEqual([5, 8, 5, 5]);
    // read whole: a new full reading's time
    expect(stateOf(db)).not.toEqual(before);
  });

  it('asks for a part\'s next request while the one before it still streams in', async () => {
    const items = 2 * PART_VALUES_PER_REQUEST + 10;
    setStock(Array.from({ length: items }, () => 5));
    await runRound(db, {
      baseUrl: server.url,
      accessToken: async () => 't1',
      refreshAfterUnauthorized: async () => 't1',
      plan: { offlineLists: ['inventory', 'history', 'items'], offlineFacilities: [], userFacilities: [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }], historyDays: 30, stockFullCheckMinutes: 0 },
    });
    expect(quantities()).toHaveLength(items);
    // every item moved: three requests for the part
    addEvents(Array.from({ length: items }, (_, n) => event(1000 + n, `item-${n}`, '2026-11-20T11:00:00.000Z')));
    setStock(Array.from({ length: items }, () => 6));
    server.fault('inv/query:fac-1', 'slow');
    server.requests.length = 0;
    server.timeline.length = 0;
    await round();
    expect(stockRequests().map((q) => q.itemIds?.length)).toEqual([PART_VALUES_PER_REQUEST, PART_VALUES_PER_REQUEST, 10]);
    expect(quantities()).toEqual(Array.from({ length: items }, () => 6));
    // the second request came while the first answer (sent slowly) was still being sent
    const stock = server.timeline.filter((e) => e.includes('inv/query:fac-1'));
    const [first, second] = stock.filter((e) => e.startsWith('asked')).map((e) => e.split(' ')[2]);
    expect(stock.indexOf(`asked inv/query:fac-1 ${second}`)).toBeLessThan(stock.indexOf(`sent inv/query:fac-1 ${first}`));
  });

  it('a part cut off in the download keeps the stock it had, and the next round asks for the same items again', async () => {
    setStock([5, 5, 9, 5]);
    addEvent(event(1, 'item-2', '2026-11-20T10:05:00.000Z'));
    const before = stateOf(db);
    server.fault('inv/query:fac-1', 'truncate');
    const cut = await round();
    expect(cut.datasets.find((d) => d.key === 'inventory@facility:fac-1')?.outcome).toBe('error');
    expect(quantities()).toEqual([5, 5, 5, 5]);
    expect(stateOf(db)).toEqual(before);
    server.requests.length = 0;
    await round();
    expect(stockRequests().map((q) => q.itemIds)).toEqual([expect.arrayContaining(['item-2'])]);
    expect(quantities()).toEqual([5, 5, 9, 5]);
  });

  it('an items dataset that failed this round makes the reading whole: its deletions are not known', async () => {
    server.set(`${LISTS}/accounts/query`, [{ id: 'acc-1', accountid: 'ACME', name: 'Acme' }]);
    server.set(`${LISTS}/accounts/acc-1/items/query`, [0, 1, 2, 3].map((n) => ({ id: `item-${n}`, sku: `SKU-${n}` })));
    await round();
    setStock([5, 5, 4, 5]);
    addEvent(event(1, 'item-2', '2026-11-20T10:05:00.000Z'));
    server.fault(`${LISTS}/accounts/acc-1/items/query`, 'server_error');
    server.requests.length = 0;
    const r = await round();
    expect(r.datasets.find((d) => d.key === 'items@account:acc-1')?.outcome).toBe('error');
    expect(stockRequests().map((q) => q.itemIds)).toEqual([undefined]);
    expect(quantities()).toEqual([5, 5, 4, 5]);
  });

  it('an event that names no item, or a history that failed this round, makes the reading whole', async () => {
    setStock([1, 5, 5, 5]);
    addEvent(event(1, null, '2026-11-20T10:05:00.000Z'));
    await round();
    expect(stockRequests().map((q) => q.itemIds)).toEqual([undefined]);
    expect(quantities()).toEqual([1, 5, 5, 5]);

    setStock([1, 1, 5, 5]);
    addEvent(event(2, 'item-1', '2026-11-20T10:06:00.000Z'));
    server.fault('inv/history:fac-1', 'server_error');
    server.requests.length = 0;
    const r = await round();
    expect(r.datasets.find((d) => d.key === 'history@facility:fac-1')?.outcome).toBe('error');
    expect(stockRequests().map((q) => q.itemIds)).toEqual([undefined]);
    expect(quantities()).toEqual([1, 1, 5, 5]);
  });

  it('an event stamped before the last one read, but arriving after it, is followed; one already followed is not asked for again', async () => {
    addEvent(event(1, 'item-1', '2026-11-20T10:10:00.000Z'));
    await round();
    // committed late: stamped 9 minutes before the newest event the last reading saw
    setStock([5, 5, 5, 3]);
    addEvent(event(2, 'item-3', '2026-11-20T10:01:00.000Z'));
    server.requests.length = 0;
    await round();
    expect(stockRequests().map((q) => q.itemIds)).toEqual([['item-3']]);
    expect(quantities()).toEqual([5, 5, 5, 3]);
  });
});

describe('how a round reads a stock (the decision)', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: WriteDb;
  let stockId: number;
  let historyId: number;
  const NOW = Date.parse('2026-11-20T12:00:00.000Z');
  const spec = (list: 'inventory' | 'history'): DatasetSpec => ({
    key: `${list}@facility:F`,
    list,
    label: list,
    table: list,
    scopeKind: 'facility',
    scopeId: 'F',
    scopeName: null,
    path: `/${list}`,
    method: 'POST',
  });
  let nextEvent = 0;
  const lastRid = () => (db.prepare('SELECT max(rid) FROM history').pluck().get() as number | null) ?? 0;
  /** An event received, as a history answer's apply writes it: stored, and its item queued. */
  const event = (itemId: string | null, at: string, datasetId = historyId) => {
    const before = lastRid();
    db.prepare(`INSERT INTO history (dataset_id, id, item_id, created_on, hash, raw) VALUES (?, ?, ?, ?, 0, '{}')`).run(datasetId, `h-${nextEvent++}`, itemId, at);
    recordItemsMoved(db, datasetId, before, []);
  };
  const plan = (o: { fullEveryMinutes?: number; readThisRound?: boolean; itemsRead?: boolean; maxRows?: number; now?: number } = {}) =>
    planStockReading(db, {
      stockDatasetId: stockId,
      history: { datasetId: historyId, maxRows: o.maxRows ?? 1000, readThisRound: o.readThisRound ?? true },
      itemsRead: o.itemsRead ?? true,
      fullEveryMinutes: o.fullEveryMinutes ?? 60,
      now: o.now ?? NOW,
    });
  const MARK = '2026-11-20T11:50:00.000Z';

  beforeEach(() => {
    dir = tempDir();
    db = openMirror(path.join(dir.path, 'm.sqlite'));
    stockId = ensureDataset(db, spec('inventory'));
    historyId = ensureDataset(db, spec('history'));
    markApplied(db, historyId, { etag: '"h1"', rows: 0, at: MARK });
    event('item-old', '2026-11-20T11:00:00.000Z');
    event('item-a', MARK);
  });
  afterEach(() => {
    db.close();
    dir.remove();
  });
  /** A reading now: every event and deleted item the mirror has is accounted for. */
  const read = (fullAt = '2026-11-20T11:30:00.000Z') => writeStockRefresh(db, stockId, { fullAt, mark: historyMark(db, historyId) });

  it('whole until a complete snapshot was read, and again once one is due, the history or the items were not read, or the history went back', () => {
    expect(plan()).toMatchObject({ kind: 'full' });
    read();
    expect(plan()).toEqual({ kind: 'none', fullAt: '2026-11-20T11:30:00.000Z' });
    expect(plan({ now: NOW + 30 * 60_000 })).toMatchObject({ kind: 'full' });
    expect(plan({ fullEveryMinutes: 0 })).toMatchObject({ kind: 'full' });
    expect(plan({ readThisRound: false })).toMatchObject({ kind: 'full' });
    expect(plan({ itemsRead: false })).toMatchObject({ kind: 'full', why: 'items-not-read' });
    markLogServerNewest(db, historyId, '2026-11-20T11:00:00.000Z');
    expect(plan()).toMatchObject({ kind: 'full', why: 'history-went-back' });
    markLogServerNewest(db, historyId, MARK);
    expect(plan()).toMatchObject({ kind: 'none' });
    expect(stockRefreshState(db, stockId)?.mark.eventsThrough).toBe(MARK);
  });

  it('once a history that had gone back comes forward again, the items of the events kept from before, though they are not new to the mirror', () => {
    // kept from before the server went back; at the reading the server's newest event was MARK
    event('item-beyond', '2026-11-20T11:58:00.000Z');
    markLogServerNewest(db, historyId, MARK);
    read();
    expect(plan()).toEqual({ kind: 'none', fullAt: '2026-11-20T11:30:00.000Z' });
    markLogServerNewest(db, historyId, '2026-11-20T11:59:00.000Z');
    expect(plan()).toEqual({ kind: 'items', ids: ['item-beyond'], fullAt: '2026-11-20T11:30:00.000Z' });
    // a long history kept from before it went back: more than are worth asking for, a reading in full
    const kept = db.prepare(`INSERT INTO history (dataset_id, id, item_id, created_on, hash, raw) VALUES (?, ?, ?, '2026-11-20T11:58:30.000Z', 0, '{}')`);
    db.transaction(() => {
      for (let n = 0; n < 150_000; n++) kept.run(historyId, `k-${n}`, `item-${n % 60_000}`);
    })();
    expect(plan()).toMatchObject({ kind: 'full', why: 'too-many-moved' });
  });

  it('the items of the events that arrived since the last reading, whatever their time, and the deleted items that have stock', () => {
    read();
    markApplied(db, historyId, { etag: '"h2"', rows: 0, at: MARK });
    event('item-b', '2026-11-20T11:55:00.000Z');
    event('item-b', '2026-11-20T11:56:00.000Z');
    // committed late: stamped an hour before the newest event the reading saw
    event('item-late', '2026-11-20T10:50:00.000Z');
    // an event received again, changed (its quantity corrected)
    const changed = db.prepare(`SELECT rid FROM history WHERE item_id = 'item-old'`).pluck().get() as number;
    db.prepare(`UPDATE history SET hash = 1 WHERE rid = ?`).run(changed);
    recordItemsMoved(db, historyId, lastRid(), [changed]);
    db.prepare(`INSERT INTO inventory (dataset_id, id, item_id, hash, raw) VALUES (?, 's-1', 'item-gone', 0, '{}')`).run(stockId);
    db.prepare(`INSERT INTO items_gone (id) VALUES ('item-gone'), ('item-gone-no-stock')`).run();
    // another facility's events are its stock's
    const otherHistory = ensureDataset(db, { ...spec('history'), key: 'history@facility:G', scopeId: 'G' });
    event('item-g', MARK, otherHistory);
    const reading = plan();
    expect(reading.kind).toBe('items');
    // not item-a: its event (stamped at the reading's newest) was there when the stock was read
    expect(reading.kind === 'items' && reading.ids.sort()).toEqual(['item-b', 'item-gone', 'item-late', 'item-old']);
    read();
    expect(plan()).toEqual({ kind: 'none', fullAt: '2026-11-20T11:30:00.000Z' });
  });

  it('queues nothing while no stock has been read (its first reading is whole), and forgets what every stock has accounted for', () => {
    const queued = () => db.prepare('SELECT item_id FROM items_moved ORDER BY seq').pluck().all();
    event('item-b', '2026-11-20T11:55:00.000Z');
    expect(queued()).toEqual([]);
    read();
    event('item-c', '2026-11-20T11:56:00.000Z');
    const otherStock = ensureDataset(db, { ...spec('inventory'), key: 'inventory@facility:G', scopeId: 'G' });
    writeStockRefresh(db, otherStock, { fullAt: MARK, mark: historyMark(db, null) });
    event('item-d', '2026-11-20T11:57:00.000Z');
    expect(queued()).toEqual(['item-c', 'item-d']);
    // the first stock has not read item-c and item-d yet, the second item-d
    pruneAccountedItems(db);
    expect(queued()).toEqual(['item-c', 'item-d']);
    read();
    pruneAccountedItems(db);
    expect(queued()).toEqual(['item-d']);
    writeStockRefresh(db, otherStock, { fullAt: MARK, mark: historyMark(db, null) });
    pruneAccountedItems(db);
    expect(queued()).toEqual([]);
  });

  it('whole when an event names no item, when the history kept does not reach back, or when too many items moved', () => {
    read();
    markApplied(db, historyId, { etag: '"h2"', rows: 3, at: MARK });
    event(null, '2026-11-20T11:55:00.000Z');
    expect(plan()).toMatchObject({ kind: 'full', why: 'event-without-item' });
    read();
    event('item-b', '2026-11-20T11:56:00.000Z');
    expect(plan()).toMatchObject({ kind: 'items', ids: ['item-b'] });
    // the log is at its most and its oldest event is after the last reading: events may be missing
    db.prepare(`DELETE FROM history`).run();
    event('item-c', '2026-11-20T11:58:00.000Z');
    expect(plan({ maxRows: 1 })).toMatchObject({ kind: 'full', why: 'history-short' });
    const many = db.prepare(`INSERT INTO history (dataset_id, id, item_id, created_on, hash, raw) VALUES (?, ?, ?, '2026-11-20T11:59:00.000Z', 0, '{}')`);
    db.transaction(() => {
      const before = lastRid();
      for (let n = 0; n <= MAX_ITEMS_ASKED; n++) many.run(historyId, `m-${n}`, `item-${n}`);
      recordItemsMoved(db, historyId, before, []);
    })();
    expect(plan()).toMatchObject({ kind: 'full', why: 'too-many-moved' });
    expect(datasetByKey(db, 'inventory@facility:F')?.etag).toBeNull();
  });

  it("queues a history answer's new events by their rids, not by reading the facility's whole history", () => {
    read();
    const before = lastRid();
    db.prepare(`INSERT INTO history (dataset_id, id, item_id, created_on, hash, raw) VALUES (?, 'h-new', 'item-new', ?, 0, '{}')`).run(historyId, MARK);
    const prepared: string[] = [];
    recordItemsMoved(recordingConnection(db, { prepared: (sql) => prepared.push(sql) }), historyId, before, []);
    expect(db.prepare('SELECT item_id FROM items_moved ORDER BY seq').pluck().all()).toEqual(['item-new']);
    const newEvents = prepared.filter((sql) => sql.includes('rid > ?'));
    expect(newEvents).toHaveLength(1);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${newEvents[0]}`).all(0, historyId) as { detail: string }[]).map((r) => r.detail).join('; ');
    // by the dataset's index, every event of the kept days is read for the few new ones
    expect(plan).toContain('SEARCH history USING INTEGER PRIMARY KEY (rowid>?)');
    expect(plan).not.toContain('history_dataset');
  });

  it('finds the stock of each item through the items\' index, never by reading the whole stock for each', () => {
    read();
    markApplied(db, historyId, { etag: '"h2"', rows: 0, at: MARK });
    event('item-a', '2026-11-20T11:55:00.000Z');
    db.prepare(`INSERT INTO items_gone (id) VALUES ('item-gone')`).run();
    // every statement prepared, and its plan (no ANALYZE: SQLite plans as for big tables)
    const prepared: string[] = [];
    const recording = recordingConnection(db, { prepared: (sql) => prepared.push(sql) });
    const reading = planStockReading(recording, { stockDatasetId: stockId, history: { datasetId: historyId, maxRows: 1000, readThisRound: true }, itemsRead: true, fullEveryMinutes: 60, now: NOW });
    expect(reading.kind).toBe('items');
    const part = beginSnapshot(recording, stockId, spec('inventory'), { column: 'item_id', values: ['item-a', 'item-gone'] });
    part.finish({ etag: null, at: MARK, allowMassDelete: false });
    const plans = prepared
      .filter((sql) => /^SELECT/.test(sql) && /\binventory\b/.test(sql) && /item_id = /.test(sql))
      .map((sql) => ({ sql, plan: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from({ length: sql.split('?').length - 1 }, () => null)) as { detail: string }[]).map((r) => r.detail).join('; ') }));
    expect(plans.length).toBe(2);
    for (const { sql, plan } of plans) expect(plan, sql).toMatch(/inventory (EXISTS )?USING INDEX inventory_item \(item_id=\?\)/);
  });
});
