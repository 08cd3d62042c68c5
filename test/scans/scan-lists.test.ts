// A user's scan list kept on this workstation (scans.get / scans.save): it survives a restart of
// the app and a sign-out, is one user's own, is refused while locked, and bad input writes nothing.
// A damaged file loses only what cannot be read; a list left alone for a month is dropped.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { SCAN_ROWS_KEPT, type SavedScanList, type ScanRow } from '../../electron/contract/types.ts';
import { createScanLists, SCAN_LIST_FORGOTTEN_AFTER_DAYS, SCAN_LISTS_FILE } from '../../electron/core/scans/scan-lists.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { demoCore } from '../support/demo-core.ts';
import { tempDir } from '../support/temp-dir.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const AT = '2026-11-22T10:00:00.000Z';
const row = (partial: Partial<ScanRow> = {}): ScanRow => ({
  key: 'loc-1\nitems:item-1',
  code: 'SKU-000001',
  kind: 'item',
  hit: { kind: 'item', list: 'items', id: 'item-1', code: 'SKU-000001', title: 'Blue widget' },
  location: { id: 'loc-1', code: 'A-03-02-B' },
  count: 3,
  onHandHere: 7,
  matches: 1,
  at: AT,
  ...partial,
});
const LIST = {
  rows: [row(), row({ key: '\ncode:NOPE', code: 'NOPE', kind: 'none', hit: null, location: null, count: 1, onHandHere: null, matches: 0 })],
  location: { id: 'loc-1', code: 'A-03-02-B', facility: 'Main' },
};
const SOLO = { server: 'demo', email: 'solo@example.com', password: 'demo1234' };
const ADMIN = { ...SOLO, email: 'admin@example.com' };

async function call<T>(handlers: Parameters<typeof dispatch>[0], method: Parameters<typeof dispatch>[1], args: unknown = {}): Promise<T> {
  const answer = await dispatch(handlers, method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

describe('the scan list kept on the workstation', () => {
  it('is read back after a restart and after a sign-out, by its user only; cleared, it is gone', async () => {
    const { core, dir, server } = await demoCore(cleanup);
    await call(core.handlers, 'session.signIn', SOLO);
    expect(await call(core.handlers, 'scans.get')).toEqual({ rows: [], location: null, savedAt: null });
    const saved = await call<SavedScanList>(core.handlers, 'scans.save', LIST);
    expect(saved).toMatchObject(LIST);
    expect(Date.parse(saved.savedAt!)).not.toBeNaN();
    expect(statSync(path.join(dir.path, SCAN_LISTS_FILE)).mode & 0o777).toBe(0o600);

    // the app is closed and started again on the same data folder
    await core.close();
    const again = createNodeCore({ host: 'browser', dataDir: dir.path, overrides: { startDemoServer: async () => ({ url: server.url }) } });
    cleanup.push(() => again.close());
    await call(again.handlers, 'session.signIn', SOLO);
    expect(await call(again.handlers, 'scans.get')).toEqual(saved);

    // another user on this workstation has a list of their own
    await call(again.handlers, 'session.signOut');
    await call(again.handlers, 'session.signIn', ADMIN);
    expect(await call(again.handlers, 'scans.get')).toEqual({ rows: [], location: null, savedAt: null });
    await call(again.handlers, 'scans.save', { rows: [row({ count: 1 })], location: null });
    await call(again.handlers, 'session.signOut');

    await call(again.handlers, 'session.signIn', SOLO);
    expect(await call(again.handlers, 'scans.get')).toEqual(saved);
    expect(await call(again.handlers, 'scans.save', { rows: [], location: null })).toEqual({ rows: [], location: null, savedAt: null });
    expect(await call(again.handlers, 'scans.get')).toEqual({ rows: [], location: null, savedAt: null });
    const users = Object.keys(JSON.parse(readFileSync(path.join(dir.path, SCAN_LISTS_FILE), 'utf8')).users);
    expect(users).toEqual([expect.stringContaining('admin@example.com')]);

    // locked: refused, nothing read or written
    await call(again.handlers, 'scans.save', LIST);
    await call(again.handlers, 'session.lock');
    expect(await dispatch(again.handlers, 'scans.get', {})).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(await dispatch(again.handlers, 'scans.save', { rows: [], location: null })).toMatchObject({ ok: false, error: { code: 'locked' } });
    await call(again.handlers, 'session.unlock', { password: 'demo1234' });
    expect(await call(again.handlers, 'scans.get')).toMatchObject(LIST);
  });

  it('refuses a bad list with invalid_argument and writes nothing', async () => {
    const { core, dir } = await demoCore(cleanup);
    await call(core.handlers, 'session.signIn', SOLO);
    await call(core.handlers, 'scans.save', LIST);
    const before = readFileSync(path.join(dir.path, SCAN_LISTS_FILE), 'utf8');
    const bad = [
      { rows: [row({ count: 0 })], location: null },
      { rows: [row({ kind: 'maybe' as never })], location: null },
      { rows: [row({ at: 'yesterday' })], location: null },
      { rows: [{ ...row(), extra: 1 }], location: null },
      { rows: [row({ hit: { kind: 'item', list: 'items', id: '', code: null, title: 'x' } })], location: null },
      { rows: Array.from({ length: SCAN_ROWS_KEPT + 1 }, (_, i) => row({ key: `k${i}` })), location: null },
      { rows: [], location: { id: 'loc-1', code: 'A' } },
      { rows: [] },
      null,
    ];
    for (const args of bad) expect(await dispatch(core.handlers, 'scans.save', args)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(readFileSync(path.join(dir.path, SCAN_LISTS_FILE), 'utf8')).toBe(before);
    // the longest list allowed is kept whole
    const longest = { rows: Array.from({ length: SCAN_ROWS_KEPT }, (_, i) => row({ key: `k${i}` })), location: null };
    expect((await call<SavedScanList>(core.handlers, 'scans.save', longest)).rows).toHaveLength(SCAN_ROWS_KEPT);
  });

  it('keeps what can be read of a damaged entry, and drops a list left alone for a month at the next write', () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const file = path.join(dir.path, SCAN_LISTS_FILE);
    const lists = createScanLists(dir.path);
    const PAT = { server: 'https://wms.example.com', email: 'pat@example.com', licenseId: 'l' };
    const SAM = { ...PAT, email: 'sam@example.com' };
    const start = new Date(AT);
    lists.save(PAT, LIST, start);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    const key = Object.keys(data.users)[0];
    data.users[key].rows.splice(1, 0, { key: 'x', count: 'many' }, 'not a row');
    data.users[key].location = { id: 42 };
    writeFileSync(file, JSON.stringify(data));
    expect(lists.get(PAT)).toEqual({ rows: LIST.rows, location: null, savedAt: AT });

    writeFileSync(file, '{ not json');
    expect(lists.get(PAT)).toEqual({ rows: [], location: null, savedAt: null });

    lists.save(PAT, LIST, start);
    const day = 86_400_000;
    lists.save(SAM, LIST, new Date(start.getTime() + (SCAN_LIST_FORGOTTEN_AFTER_DAYS - 1) * day));
    expect(lists.get(PAT).rows).toHaveLength(2);
    lists.save(SAM, LIST, new Date(start.getTime() + (SCAN_LIST_FORGOTTEN_AFTER_DAYS + 1) * day));
    expect(lists.get(PAT)).toEqual({ rows: [], location: null, savedAt: null });
    expect(lists.get(SAM).rows).toHaveLength(2);
  });
});
