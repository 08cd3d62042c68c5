// A user's scan list kept on this workstation (scans.get / scans.save): it survives a restart of
// the app and a sign-out, is one user's own, is refused while locked, and bad input writes nothing.
// Each user's list is a file of its own; a damaged file loses only what cannot be read; a list left
// alone for a month is dropped; an older Aisle's one file of every list is moved into files of their own.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { SCAN_ROWS_KEPT, type SavedScanList, type ScanListSaved } from '../../electron/contract/types.ts';
import { scanRow } from '../support/scan-rows.ts';
import { createScanLists, SCAN_LIST_FORGOTTEN_AFTER_DAYS, SCAN_LISTS_DIR, SCAN_LISTS_FILE } from '../../electron/core/scans/scan-lists.ts';
import { userKey } from '../../electron/core/shared/json-file.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { demoCore } from '../support/demo-core.ts';
import { tempDir } from '../support/temp-dir.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const row = scanRow;
/** When the rows were scanned. */
const AT = row().at;
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

/** The users' files in a data folder, by whose list each is. */
function keptFiles(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, SCAN_LISTS_DIR);
  if (!existsSync(dir)) return {};
  return Object.fromEntries(readdirSync(dir).map((name) => [JSON.parse(readFileSync(path.join(dir, name), 'utf8')).user as string, path.join(dir, name)]));
}

describe('the scan list kept on the workstation', () => {
  it('is read back after a restart and after a sign-out, by its user only; cleared, it is gone', async () => {
    const { core, dir, server } = await demoCore(cleanup);
    await call(core.handlers, 'session.signIn', SOLO);
    expect(await call(core.handlers, 'scans.get')).toEqual({ rows: [], location: null, savedAt: null });
    const receipt = await call<ScanListSaved>(core.handlers, 'scans.save', LIST);
    expect(receipt.rows).toBe(2);
    expect(Date.parse(receipt.savedAt!)).not.toBeNaN();
    const saved = { ...LIST, savedAt: receipt.savedAt };
    const files = Object.values(keptFiles(dir.path));
    expect(files).toHaveLength(1);
    expect(statSync(files[0]!).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir.path, SCAN_LISTS_DIR)).mode & 0o777).toBe(0o700);

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
    expect(await call(again.handlers, 'scans.save', { rows: [], location: null })).toEqual({ rows: 0, savedAt: null });
    expect(await call(again.handlers, 'scans.get')).toEqual({ rows: [], location: null, savedAt: null });
    expect(Object.keys(keptFiles(dir.path))).toEqual([expect.stringContaining('admin@example.com')]);

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
    const [file] = Object.values(keptFiles(dir.path));
    const before = readFileSync(file!, 'utf8');
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
    expect(readFileSync(file!, 'utf8')).toBe(before);
    expect(Object.values(keptFiles(dir.path))).toEqual([file]);
    // the longest list allowed is kept whole
    const longest = { rows: Array.from({ length: SCAN_ROWS_KEPT }, (_, i) => row({ key: `k${i}` })), location: null };
    expect((await call<ScanListSaved>(core.handlers, 'scans.save', longest)).rows).toBe(SCAN_ROWS_KEPT);
    expect((await call<SavedScanList>(core.handlers, 'scans.get')).rows).toEqual(longest.rows);
  });

  it('keeps what can be read of a damaged file; writes only its own user\'s; drops a list left alone for a month at the next write', () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const lists = createScanLists(dir.path);
    const PAT = { server: 'https://wms.example.com', email: 'pat@example.com', licenseId: 'l' };
    const SAM = { ...PAT, email: 'sam@example.com' };
    // months before this machine's clock: a list is dated by when it was saved, not by when the test runs
    const start = new Date('2026-01-05T10:00:00.000Z');
    lists.save(PAT, LIST, start);
    const file = keptFiles(dir.path)[userKey(PAT.server, PAT.email)]!;
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.rows.splice(1, 0, { key: 'x', count: 'many' }, 'not a row');
    data.location = { id: 42 };
    writeFileSync(file, JSON.stringify(data));
    expect(lists.get(PAT)).toEqual({ rows: LIST.rows, location: null, savedAt: start.toISOString() });
    // a file that says it is someone else's is not this user's list
    writeFileSync(file, JSON.stringify({ ...data, user: userKey(SAM.server, SAM.email) }));
    expect(lists.get(PAT)).toEqual({ rows: [], location: null, savedAt: null });
    writeFileSync(file, '{ not json');
    expect(lists.get(PAT)).toEqual({ rows: [], location: null, savedAt: null });

    lists.save(PAT, LIST, start);
    const day = 86_400_000;
    lists.save(SAM, LIST, new Date(start.getTime() + (SCAN_LIST_FORGOTTEN_AFTER_DAYS - 1) * day));
    const sams = readFileSync(keptFiles(dir.path)[userKey(SAM.server, SAM.email)]!, 'utf8');
    lists.save(PAT, { rows: [row({ count: 9 })], location: null }, new Date(start.getTime() + day));
    expect(readFileSync(keptFiles(dir.path)[userKey(SAM.server, SAM.email)]!, 'utf8')).toBe(sams);
    expect(lists.get(PAT).rows.map((r) => r.count)).toEqual([9]);
    lists.save(SAM, LIST, new Date(start.getTime() + (SCAN_LIST_FORGOTTEN_AFTER_DAYS + 2) * day));
    expect(lists.get(PAT)).toEqual({ rows: [], location: null, savedAt: null });
    expect(Object.keys(keptFiles(dir.path))).toEqual([userKey(SAM.server, SAM.email)]);
    expect(lists.get(SAM).rows).toHaveLength(2);
  });

  it("moves an older Aisle's one file of every user's list into a file per user, and removes it", () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const PAT = { server: 'https://wms.example.com', email: 'pat@example.com', licenseId: 'l' };
    const SAM = { ...PAT, email: 'sam@example.com' };
    const old = path.join(dir.path, SCAN_LISTS_FILE);
    writeFileSync(old, JSON.stringify({ version: 1, users: { [userKey(PAT.server, PAT.email)]: { ...LIST, savedAt: AT }, [userKey(SAM.server, SAM.email)]: { rows: [row()], location: null, savedAt: AT } } }));
    const lists = createScanLists(dir.path);
    expect(lists.get(PAT)).toEqual({ ...LIST, savedAt: AT });
    expect(existsSync(old)).toBe(false);
    // dated by when the list was saved, so that its 30 days count from then
    expect(Object.values(keptFiles(dir.path)).map((file) => statSync(file).mtime.toISOString())).toEqual([AT, AT]);
    expect(lists.get(SAM)).toEqual({ rows: [row()], location: null, savedAt: AT });
    expect(Object.keys(keptFiles(dir.path)).sort()).toEqual([userKey(PAT.server, PAT.email), userKey(SAM.server, SAM.email)]);
  });
  it("keeps each location's facility with its rows (the same code can be in each facility), and reads a list kept without one", () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const lists = createScanLists(dir.path);
    const PAT = { server: 'https://wms.example.com', email: 'pat@example.com', licenseId: 'l' };
    const named = {
      rows: [
        row({ key: 'loc-1\nitems:item-2', location: { id: 'loc-1', code: 'A-03-02-B', facility: 'Main' } }),
        row({ key: 'location:loc-1', code: 'A-03-02-B', kind: 'location', hit: { kind: 'location', list: 'locations', id: 'loc-1', code: 'A-03-02-B', title: 'A-03-02-B', facility: 'Main' }, location: null, count: 1, onHandHere: null }),
        row(), // as an earlier Aisle kept it: no facility
      ],
      location: { id: 'loc-1', code: 'A-03-02-B', facility: 'Main' },
    };
    lists.save(PAT, named, new Date(AT));
    expect(lists.get(PAT)).toEqual({ ...named, savedAt: AT });
  });
});
