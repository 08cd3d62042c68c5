import { copyFileSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import { compactSearchIndexes } from '../../electron/core/db/write/search-index.ts';
import { openMirror, openMirrorWriter } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import type { RoundOptions } from '../../electron/core/sync/round/types.ts';
import type { SyncProgress } from '../../electron/contract/types.ts';
import { tempDir } from '../support/temp-dir.ts';
import { LISTS, PAUSE_MS, startFixtureServer, type FixtureServer } from './fixture-server.ts';
import { noticeInEnglish } from '../../electron/contract/notices.ts';

let dir: ReturnType<typeof tempDir>;
let db: WriteDb;
let file: string;
let server: FixtureServer;

const accounts = [
  { id: 'acc-1', accountid: 'ACME', name: 'Acme Corp', type: 'ACCOUNT' },
  { id: 'acc-2', accountid: 'GLOBEX', name: 'Globex', type: 'ACCOUNT' },
];
const facilities = [{ id: 'fac-1', ncode: 'F1', code: 'MAIN', name: 'Main DC' }];
const items = (account: string, count: number, version = 0) =>
  Array.from({ length: count }, (_, n) => ({ id: `${account}-item-${n}`, account_id: account, sku: `${account}-SKU-${n}`, description: `Thing ${n} v${version}`, upc: String(100000000000 + n) }));

function seed(itemCount = 120) {
  server.set(`${LISTS}/accounts/query`, accounts);
  server.set(`${LISTS}/facilities/query`, facilities);
  server.set(`${LISTS}/users/query`, [{ id: 'u-1', email: 'ann@example.com', firstname: 'Ann', lastname: 'Lee' }]);
  server.set(`${LISTS}/accounts/acc-1/items/query`, items('acc-1', itemCount));
  server.set(`${LISTS}/accounts/acc-2/items/query`, items('acc-2', 5));
  server.set(`${LISTS}/accounts/acc-1/carriers/query`, [{ id: 'car-1', account_id: 'acc-1', name: 'UPS Ground', scac: 'UPSN' }]);
  server.set(`${LISTS}/facilities/fac-1/locations/query`, [{ id: 'loc-1', facility_id: 'fac-1', code: 'A-03-02-B', zone: 'A', type: 'PICK', barcode: 'LA0302B' }]);
  server.set('inv/query:fac-1', [{ id: 'inv-1', facility_id: 'fac-1', location_id: 'loc-1', location_code: 'A-03-02-B', item_id: 'acc-1-item-1', sku: 'acc-1-SKU-1', lot: 'L1', qty_on_hand: 10, qty_allocated: 2, qty_available: 8, status: 'AVAILABLE' }]);
  server.set('inv/history:fac-1', [{ id: 'h-1', facility_id: 'fac-1', item_id: 'acc-1-item-1', type: 'PICK', qty: 2, qty_before: 12, qty_after: 10, createdon: '2026-11-20T10:00:00Z' }]);
}

function round(extra: Partial<RoundOptions> = {}) {
  const progress: SyncProgress[] = [];
  let refreshes = 0;
  const result = runRound(db, {
    baseUrl: server.url,
    accessToken: async () => 't1',
    refreshAfterUnauthorized: async () => {
      refreshes++;
      return 't2';
    },
    plan: { offlineLists: [], offlineFacilities: [], userFacilities: [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }], historyDays: 30 },
    retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 1000 },
    onProgress: (p) => progress.push(p),
    ...extra,
  });
  return { result, progress, refreshes: () => refreshes };
}

const count = (sql: string, ...args: unknown[]) => db.prepare(sql).pluck().get(...args) as number;

/** acc-1's items (`big`) and acc-2's (`other`), so many of each; and how often a path was answered 200. */
function twoItemLists(bigCount: number, otherCount: number) {
  const big = `${LISTS}/accounts/acc-1/items/query`;
  const other = `${LISTS}/accounts/acc-2/items/query`;
  server.set(big, items('acc-1', bigCount));
  server.set(other, items('acc-2', otherCount));
  return { big, other, timesAsked: (path: string) => server.requests.filter((q) => q.path === path).length };
}

beforeEach(async () => {
  dir = tempDir();
  file = path.join(dir.path, 'm.sqlite');
  db = openMirror(file);
  server = await startFixtureServer();
  seed();
});
afterEach(async () => {
  db.close();
  await server.close();
  dir.remove();
});

describe('a sync round over HTTP', () => {
  it('first sync fills every dataset; a second round is all 304 and changes nothing', async () => {
    const first = await round().result;
    expect(first.datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    expect(count('SELECT count(*) FROM items')).toBe(125);
    expect(count(`SELECT count(*) FROM records WHERE list = 'accounts'`)).toBe(2);
    expect(db.prepare(`SELECT code, name FROM records WHERE list = 'users'`).get()).toEqual({ code: 'ann@example.com', name: 'Ann Lee' });
    expect(db.prepare(`SELECT code_norm, barcode FROM locations`).get()).toEqual({ code_norm: 'A0302B', barcode: 'LA0302B' });
    expect(db.prepare(`SELECT qty_available, status FROM inventory`).get()).toEqual({ qty_available: 8, status: 'AVAILABLE' });
    expect(count(`SELECT count(*) FROM history WHERE item_id = 'acc-1-item-1'`)).toBe(1);
    expect(count(`SELECT count(*) FROM search_words WHERE word = 'thing'`)).toBe(1);
    expect(datasetByKey(db, 'items@account:acc-1')).toMatchObject({ rows: 120, last_error_code: null, scope_kind: 'account', scope_id: 'acc-1' });
    const keys = first.datasets.map((d) => d.key);
    expect(keys).toEqual(expect.arrayContaining(['accounts', 'facilities', 'carriers@account:acc-2', 'locations@facility:fac-1', 'inventory@facility:fac-1', 'history@facility:fac-1']));
    // a round that wrote data leaves its WAL copied into the file and cut to nothing
    expect(statSync(`${file}-wal`).size).toBe(0);

    server.requests.length = 0;
    const totalChanges = count('SELECT total_changes()');
    const second = await round().result;
    expect(second.datasets.every((d) => d.outcome === 'unchanged')).toBe(true);
    expect(server.requests.every((r) => r.status === 304 && r.ifNoneMatch !== null)).toBe(true);
    // the stock is not asked for: its facility's history has no new event (stock-refresh.ts)
    expect(server.requests.map((r) => r.path).sort()).toEqual(keys.filter((k) => k !== 'inventory@facility:fac-1').map(() => expect.any(String)));
    expect(server.requests.some((r) => r.path === 'inv/query:fac-1')).toBe(false);
    expect(count('SELECT count(*) FROM items')).toBe(125);
    // only the datasets' state rows (ensure, attempt, success) and the stock's reading mark
    expect(count('SELECT total_changes()') - totalChanges).toBe(keys.length * 3 + 1);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0); // a few state rows: copied in by a later round that writes data
  });

  it('a round that wrote most of a table leaves its full-text index merged into one segment', async () => {
    seed(30_000);
    await round().result;
    // FTS5's structure record lists every segment: merging again changes nothing when it is one
    const structure = () => count(`SELECT length(block) FROM items_fts_data WHERE id = 10`);
    const merged = structure();
    compactSearchIndexes(db, ['items_fts']);
    expect(structure()).toBe(merged);
    expect(count(`SELECT count(*) FROM items_fts WHERE items_fts MATCH 'thing'`)).toBe(30_005);
  });

  it('applies changed and deleted rows; an account gone keeps its datasets for one round, and a second complete round removes them, saying so', async () => {
    await round().result;
    const changed = items('acc-1', 120).filter((i) => i.id !== 'acc-1-item-5').map((i) => (i.id === 'acc-1-item-9' ? { ...i, description: 'Renamed', color: 'red' } : i));
    server.set(`${LISTS}/accounts/acc-1/items/query`, changed);
    server.set(`${LISTS}/accounts/query`, accounts.slice(0, 1));
    const { result } = round();
    const r = await result;
    expect(r.datasets.find((d) => d.key === 'items@account:acc-1')).toMatchObject({ outcome: 'applied', rows: 119 });
    expect(count(`SELECT count(*) FROM items WHERE id = 'acc-1-item-5'`)).toBe(0);
    expect(JSON.parse(db.prepare(`SELECT raw FROM items WHERE id = 'acc-1-item-9'`).pluck().get() as string)).toMatchObject({ color: 'red' });
    // a new word of a round is kept for the search box's spelling help (search-words.ts)
    expect(count(`SELECT count(*) FROM search_words WHERE word = 'renamed'`)).toBe(1);
    // the round the account vanished in: its datasets stay, marked in words
    expect(count(`SELECT count(*) FROM items WHERE account_id = 'acc-2'`)).toBe(5);
    expect(datasetByKey(db, 'items@account:acc-2')).toMatchObject({ rows: 5, last_error_code: 'not_found' });
    expect(datasetByKey(db, 'items@account:acc-2')?.last_error_message).toMatch(/^Account Globex is no longer on the server's list: its items stay on this workstation/);
    expect(r.notices.map(noticeInEnglish)).toEqual(["Account Globex is no longer on the server's list: its carriers, channels, customers and items stay on this workstation until the next complete sync confirms it is gone."]);

    const second = await round().result;
    expect(count(`SELECT count(*) FROM items WHERE account_id = 'acc-2'`)).toBe(0);
    expect(datasetByKey(db, 'items@account:acc-2')).toBeUndefined();
    expect(count(`SELECT count(*) FROM meta WHERE key LIKE 'scope_gone:%'`)).toBe(0);
    expect(second.notices.map(noticeInEnglish)).toEqual(['Account Globex is gone from the server: its carriers, channels, customers and items were removed from this workstation.']);
    expect((await round().result).notices).toEqual([]);
  });

  it('an account that comes back in the next round keeps its datasets, unmarked', async () => {
    await round().result;
    server.set(`${LISTS}/accounts/query`, accounts.slice(0, 1));
    await round().result;
    expect(datasetByKey(db, 'items@account:acc-2')?.last_error_code).toBe('not_found');
    server.set(`${LISTS}/accounts/query`, accounts);
    const back = await round().result;
    expect(back.notices).toEqual([]);
    expect(datasetByKey(db, 'items@account:acc-2')).toMatchObject({ rows: 5, last_error_code: null });
    expect(count(`SELECT count(*) FROM meta WHERE key LIKE 'scope_gone:%'`)).toBe(0);
    server.set(`${LISTS}/accounts/query`, accounts.slice(0, 1));
    await round().result;
    // gone again: a new first round, not the second
    expect(count(`SELECT count(*) FROM items WHERE account_id = 'acc-2'`)).toBe(5);
  });

  it('one empty answer to the accounts or facilities list is held: every dataset keeps its rows, nothing is dropped', async () => {
    await round().result;
    const rows = () => db.prepare('SELECT key, rows FROM datasets ORDER BY key').all();
    const before = rows();
    for (const list of ['accounts', 'facilities']) {
      server.set(`${LISTS}/${list}/query`, []);
      const r = await round().result;
      expect(r.datasets.find((d) => d.key === list)?.outcome).toBe('held');
      expect(r.notices).toEqual([]);
      expect(rows()).toEqual(before);
      expect(count('SELECT count(*) FROM items')).toBe(125);
      expect(count('SELECT count(*) FROM locations')).toBe(1);
      // a second round with the same answer is held again, and still drops nothing
      await round().result;
      expect(rows()).toEqual(before);
      server.set(`${LISTS}/${list}/query`, list === 'accounts' ? accounts : facilities);
      await round().result;
    }
  });

  it('a list the user no longer keeps offline is removed at once', async () => {
    await round().result;
    const r = await round({ plan: { offlineLists: ['items'], offlineFacilities: [], userFacilities: [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }], historyDays: 30 } }).result;
    expect(r.notices).toEqual([]);
    expect(datasetByKey(db, 'carriers@account:acc-1')).toBeUndefined();
    expect(count(`SELECT count(*) FROM records WHERE list = 'users'`)).toBe(0);
    expect(count('SELECT count(*) FROM items')).toBe(125);
  });

  it('holds a mass deletion until confirmed, and keeps reporting it held while the server has it', async () => {
    await round().result;
    server.set(`${LISTS}/accounts/acc-1/items/query`, items('acc-1', 10));
    const { result, progress } = round();
    expect((await result).datasets.find((d) => d.key === 'items@account:acc-1')?.outcome).toBe('held');
    expect(progress.some((p) => p.key === 'items@account:acc-1' && p.phase === 'held')).toBe(true);
    expect(count(`SELECT count(*) FROM items WHERE account_id = 'acc-1'`)).toBe(120);
    expect(datasetByKey(db, 'items@account:acc-1')).toMatchObject({ held_rows: 10, held_would_delete: 110, rows: 120 });
    expect((await round().result).datasets.find((d) => d.key === 'items@account:acc-1')?.outcome).toBe('held');
    const confirmed = await round({ only: ['items@account:acc-1'], allowMassDelete: ['items@account:acc-1'] }).result;
    expect(confirmed.datasets).toEqual([expect.objectContaining({ key: 'items@account:acc-1', outcome: 'applied', rows: 10 })]);
    expect(datasetByKey(db, 'items@account:acc-1')).toMatchObject({ held_rows: null, rows: 10 });
  });

  it('history is a log: a page of newer events is added, never held, and the events kept stay', async () => {
    const events = (from: number, count: number) =>
      Array.from({ length: count }, (_, n) => ({ id: `h-${from + n}`, facility_id: 'fac-1', item_id: 'acc-1-item-1', type: 'PICK', qty: 1, createdon: new Date(Date.UTC(2026, 10, 20, 10, 0, from + n)).toISOString() }));
    server.set('inv/history:fac-1', events(0, 150).reverse());
    await round().result;
    expect(count(`SELECT count(*) FROM history`)).toBe(150);
    // 120 newer events arrive and the server lists only the newest 150: 120 of the 150 kept are not
    // in its answer, which for a list would be a mass deletion to hold
    server.set('inv/history:fac-1', events(120, 150).reverse());
    const { result } = round();
    expect((await result).datasets.find((d) => d.key === 'history@facility:fac-1')).toMatchObject({ outcome: 'applied', rows: 270 });
    expect(count(`SELECT count(*) FROM history WHERE id = 'h-269'`)).toBe(1);
    expect(count(`SELECT count(*) FROM history WHERE id = 'h-0'`)).toBe(1);
    expect(datasetByKey(db, 'history@facility:fac-1')).toMatchObject({ held_rows: null, rows: 270 });
  });

  it('a truncated body or invalid JSON keeps the last good data and records the error', async () => {
    await round().result;
    const path1 = `${LISTS}/accounts/acc-1/items/query`;
    server.set(path1, items('acc-1', 120, 1));
    for (const fault of ['truncate', 'invalid'] as const) {
      server.fault(path1, fault);
      const r = await round().result;
      expect(r.datasets.find((d) => d.key === 'items@account:acc-1')).toMatchObject({ outcome: 'error', error: { code: fault === 'invalid' ? 'bad_response' : expect.any(String) } });
      expect(count(`SELECT count(*) FROM items WHERE account_id = 'acc-1' AND description LIKE '% v0'`)).toBe(120);
      expect(datasetByKey(db, 'items@account:acc-1')?.last_error_code).not.toBeNull();
    }
    await round().result;
    expect(count(`SELECT count(*) FROM items WHERE account_id = 'acc-1' AND description LIKE '% v1'`)).toBe(120);
    expect(datasetByKey(db, 'items@account:acc-1')?.last_error_code).toBeNull();
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('refreshes once on 401 and backs off on 429 and 5xx', async () => {
    server.fault(`${LISTS}/accounts/query`, 'unauthorized');
    server.tokens.add('t2');
    server.fault(`${LISTS}/facilities/query`, 'rate_limited');
    server.fault(`${LISTS}/users/query`, 'server_error');
    const { result, refreshes } = round();
    const r = await result;
    expect(refreshes()).toBe(1);
    expect(r.datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    expect(count(`SELECT count(*) FROM records WHERE list = 'users'`)).toBe(1);
  });

  it("copies each dataset's pages into the file once it is applied, so that the next writes the WAL from its start", async () => {
    db.close();
    db = openMirrorWriter(file); // as the sync worker opens it: no automatic checkpoints
    server.set(`${LISTS}/accounts/acc-1/items/query`, items('acc-1', 3000));
    server.set(`${LISTS}/accounts/acc-2/items/query`, items('acc-2', 3000));
    const inFile: number[] = [];
    const walAtCommit = new Map<string, number>();
    const { result } = round({
      concurrency: 1,
      onProgress: (p) => {
        if (p.list !== 'items') return;
        if (p.phase === 'done') walAtCommit.set(p.scopeId!, statSync(`${file}-wal`).size);
        if (p.key === 'items@account:acc-2' && p.phase === 'downloading' && inFile.length === 0) {
          // the database file alone, without its WAL, as a reader would find it after a crash that lost the WAL
          copyFileSync(file, `${file}.alone`);
          const alone = new Database(`${file}.alone`, { readonly: true });
          inFile.push(alone.prepare(`SELECT count(*) FROM items WHERE account_id = 'acc-1'`).pluck().get() as number);
          alone.close();
        }
      },
    });
    expect((await result).datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    expect(inFile).toEqual([3000]);
    // the WAL file is written over from its start, not grown by each dataset
    expect(walAtCommit.get('acc-2')!).toBeLessThan(walAtCommit.get('acc-1')! * 1.5);
  });

  it('a body that arrives while another dataset applies waits for its turn, and is not asked for twice', async () => {
    const { big, other, timesAsked } = twoItemLists(20_000, 3000);
    server.fault(big, 'slow');
    const r = await round().result;
    expect(r.datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    expect(count(`SELECT count(*) FROM items`)).toBe(23_000);
    // acc-2's answer came while acc-1's was still arriving, and was read when acc-1's was applied
    const asked = (key: string) => server.timeline.findIndex((e) => e.startsWith(`asked ${key} `));
    expect(asked(other)).toBeLessThan(server.timeline.findIndex((e) => e.startsWith(`sent ${big} `)));
    expect(timesAsked(other)).toBe(1);
  });

  it('a body that waited more than half its stall timeout is asked for again: the timeout is not met as soon as it is read', async () => {
    const { big, other, timesAsked } = twoItemLists(3000, 3000);
    server.fault(big, 'pause');
    // acc-2's answer waits ~PAUSE_MS for acc-1's: more than half of its timeout, less than all of it
    const r = await round({ timeoutMs: PAUSE_MS * 1.4 }).result;
    expect(r.datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    expect(count(`SELECT count(*) FROM items`)).toBe(6000);
    expect(timesAsked(other)).toBe(2);
  });

  it('a body that waited for another dataset long enough to near its stall timeout is asked for again, not left to time out', async () => {
    const { big, other, timesAsked } = twoItemLists(60_000, 3000);
    server.fault(big, 'slow');
    server.fault(other, 'slow');
    const r = await round({ timeoutMs: 250 }).result;
    expect(r.datasets.filter((d) => d.outcome === 'error')).toEqual([]);
    expect(count(`SELECT count(*) FROM items`)).toBe(63_000);
    // acc-1's answer took longer to arrive than half of acc-2's stall timeout
    expect(timesAsked(other)).toBe(2);
  });

  it('reports the server unreachable without touching the data', async () => {
    await round().result;
    await server.close();
    const r = await round().result;
    expect(r.datasets.length).toBeGreaterThan(0);
    expect(r.datasets.every((d) => d.outcome === 'error' && d.error?.code === 'offline')).toBe(true);
    expect(count('SELECT count(*) FROM items')).toBe(125);
    server = await startFixtureServer(); // for afterEach
  });

  it('a reader during a long apply sees the old dataset or the new one, never a mix', async () => {
    server.set(`${LISTS}/accounts/acc-1/items/query`, items('acc-1', 3000, 0));
    await round().result;
    server.set(`${LISTS}/accounts/acc-1/items/query`, items('acc-1', 3000, 1).slice(100));
    server.fault(`${LISTS}/accounts/acc-1/items/query`, 'slow');
    const reader = openMirror(path.join(dir.path, 'm.sqlite'), { readonly: true });
    const seen = new Set<string>();
    let reads = 0;
    const look = () => {
      const r = reader.prepare(`SELECT count(*) AS n, sum(description LIKE '% v0') AS old, sum(description LIKE '% v1') AS new FROM items WHERE account_id = 'acc-1'`).get() as { n: number; old: number; new: number };
      seen.add(`${r.n}/${r.old}/${r.new}`);
      reads++;
    };
    const timer = setInterval(look, 1);
    const r = await round().result;
    clearInterval(timer);
    look();
    reader.close();
    expect(r.datasets.find((d) => d.key === 'items@account:acc-1')?.outcome).toBe('applied');
    expect(reads).toBeGreaterThan(5);
    expect([...seen].sort()).toEqual(['2900/0/2900', '3000/3000/0'].filter((s) => seen.has(s)).sort());
    expect(seen.has('2900/0/2900')).toBe(true);
  });
});
