// Recently opened records: per user, newest first, read back from the mirror (fresh, and gone when
// the server deleted the record), kept to RECENT_KEPT; bad input refused with nothing written; a
// damaged file loses only what cannot be read.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { AisleError } from '../../electron/contract/errors.ts';
import type { SearchResult } from '../../electron/contract/types.ts';
import { createRecentRecords, RECENT_FILE, RECENT_FORGOTTEN_AFTER_DAYS, RECENT_KEPT } from '../../electron/core/lookup/recent-records.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { demoCore } from '../support/demo-core.ts';
import { tempDir } from '../support/temp-dir.ts';
import { ACME, buildFloorMirror, ITEMS, NOW } from './floor-data.ts';
import { loadDataset } from './mirror-fixture.ts';

const PAT = { server: 'https://wms.example.com', email: 'pat@example.com', licenseId: 'lic-1' };
const SAM = { ...PAT, email: 'sam@example.com' };
const at = (minutes: number) => ({ staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: new Date(NOW.getTime() + minutes * 60_000) });

let dir: ReturnType<typeof tempDir>;
let db: WriteDb;
beforeEach(() => {
  dir = tempDir();
  db = buildFloorMirror(dir.path);
});
afterEach(() => {
  db.close();
  dir.remove();
});

const file = () => path.join(dir.path, RECENT_FILE);
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return e instanceof AisleError ? e.code : String(e);
  }
};

describe('recently opened records', () => {
  it('lists what the user opened, newest first, as search shows it, with when', () => {
    const recent = createRecentRecords(dir.path);
    expect(recent.list(db, PAT, at(0))).toEqual([]);
    recent.add(db, PAT, { list: 'items', id: 'item-1' }, at(1));
    recent.add(db, PAT, { list: 'locations', id: 'loc-1' }, at(2));
    const shown = recent.add(db, PAT, { list: 'customers', id: 'cust-1' }, at(3));
    expect(shown).toEqual(recent.list(db, PAT, at(3)));
    expect(shown.map((r) => [r.kind, r.code, r.title, r.openedAt])).toEqual([
      ['customer', 'CUST-1', 'Corner Shop', at(3).now.toISOString()],
      ['location', 'A-03-02-B', 'A-03-02-B', at(2).now.toISOString()],
      ['item', 'SKU-0001', 'Blue widget large', at(1).now.toISOString()],
    ]);
    expect(shown[1]).toMatchObject({ list: 'locations', id: 'loc-1', place: { type: 'PICK', zone: 'A', facility: 'Main warehouse' } });
    expect(shown[2]).toMatchObject({ list: 'items', barcodes: { upc: '036000291452', gtin: '00036000291452' }, age: { stale: false } });
    expect(shown[2]!.age.syncedAt).not.toBeNull();
    expect(shown[0]).not.toHaveProperty('match');
  });

  it('opening one again moves it first without a second entry; keeps the newest RECENT_KEPT', () => {
    const recent = createRecentRecords(dir.path);
    for (const [i, item] of ITEMS.entries()) recent.add(db, PAT, { list: 'items', id: item.id }, at(i));
    expect(recent.add(db, PAT, { list: 'items', id: 'item-2' }, at(10)).map((r) => r.id)).toEqual(['item-2', 'item-5', 'item-4', 'item-3', 'item-1']);
    const many = Array.from({ length: RECENT_KEPT + 3 }, (_, i) => ({ id: `extra-${i}`, account_id: ACME, sku: `EXTRA-${i}`, description: 'Extra' }));
    loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: ACME, syncedAt: NOW.toISOString() }, [...ITEMS, ...many]);
    for (const [i, item] of many.entries()) recent.add(db, PAT, { list: 'items', id: item.id }, at(20 + i));
    const shown = recent.list(db, PAT, at(60));
    expect(shown).toHaveLength(RECENT_KEPT);
    expect(shown[0]!.id).toBe(`extra-${many.length - 1}`);
    expect(shown.at(-1)!.id).toBe(`extra-${many.length - RECENT_KEPT}`);
  });

  it('is per user and server: one user never sees another\'s, and clearing is one user\'s own', () => {
    const recent = createRecentRecords(dir.path);
    recent.add(db, PAT, { list: 'items', id: 'item-1' }, at(1));
    recent.add(db, SAM, { list: 'items', id: 'item-2' }, at(2));
    expect(recent.list(db, { ...PAT, server: 'https://other.example.com' }, at(3))).toEqual([]);
    expect(recent.list(db, { ...PAT, email: ' PAT@example.com ' }, at(3)).map((r) => r.id)).toEqual(['item-1']);
    expect(recent.clear(PAT)).toEqual([]);
    expect(recent.list(db, PAT, at(3))).toEqual([]);
    expect(recent.list(db, SAM, at(3)).map((r) => r.id)).toEqual(['item-2']);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(readFileSync(file(), 'utf8')).not.toContain('pat@example.com');
  });

  it('shows what the mirror holds now: a record the server deleted drops out, and comes back if it returns', () => {
    const recent = createRecentRecords(dir.path);
    recent.add(db, PAT, { list: 'items', id: 'item-1' }, at(1));
    recent.add(db, PAT, { list: 'items', id: 'item-3' }, at(2));
    const renamed = ITEMS.map((item) => (item.id === 'item-1' ? { ...item, description: 'Blue widget, larger' } : item));
    loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: ACME, syncedAt: NOW.toISOString() }, renamed.filter((item) => item.id !== 'item-3'));
    expect(recent.list(db, PAT, at(3)).map((r) => [r.id, r.title])).toEqual([['item-1', 'Blue widget, larger']]);
    loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: ACME, syncedAt: NOW.toISOString() }, ITEMS);
    expect(recent.list(db, PAT, at(4)).map((r) => r.id)).toEqual(['item-3', 'item-1']);
  });

  it('refuses a record that is not in the mirror, or stock and history rows, and writes nothing', () => {
    const recent = createRecentRecords(dir.path);
    recent.add(db, PAT, { list: 'items', id: 'item-1' }, at(1));
    const before = readFileSync(file(), 'utf8');
    expect(codeOf(() => recent.add(db, PAT, { list: 'items', id: 'no-such-item' }, at(2)))).toBe('not_found');
    expect(codeOf(() => recent.add(db, PAT, { list: 'items', id: 'loc-1' }, at(2)))).toBe('not_found');
    expect(codeOf(() => recent.add(db, PAT, { list: 'customers', id: 'item-1' }, at(2)))).toBe('not_found');
    expect(codeOf(() => recent.add(db, PAT, { list: 'inventory', id: 'inv-1' }, at(2)))).toBe('invalid_argument');
    expect(codeOf(() => recent.add(db, PAT, { list: 'history', id: 'h-1' }, at(2)))).toBe('invalid_argument');
    expect(readFileSync(file(), 'utf8')).toBe(before);
  });

  it('a damaged file loses only what cannot be read, and is written whole again on the next open', () => {
    const recent = createRecentRecords(dir.path);
    writeFileSync(file(), '{ not json');
    expect(recent.list(db, PAT, at(0))).toEqual([]);
    recent.add(db, PAT, { list: 'items', id: 'item-1' }, at(1));
    expect(recent.list(db, PAT, at(1)).map((r) => r.id)).toEqual(['item-1']);

    const stored = JSON.parse(readFileSync(file(), 'utf8'));
    const key = Object.keys(stored.users)[0]!;
    stored.users[key].push({ list: 'items', id: 'item-2', at: 'yesterday' }, 'item-3', { list: 'items', id: 'item-4', at: at(0).now.toISOString() });
    stored.users['someone else'] = 5;
    writeFileSync(file(), JSON.stringify(stored));
    expect(recent.list(db, PAT, at(2)).map((r) => r.id)).toEqual(['item-1', 'item-4']);
    recent.add(db, PAT, { list: 'items', id: 'item-5' }, at(3));
    const written = JSON.parse(readFileSync(file(), 'utf8'));
    expect(written.users[key]).toHaveLength(3);
    expect(written.users['someone else']).toBe(undefined); // nothing of it could be read
  });

  it(`forgets whoever opened nothing here for ${RECENT_FORGOTTEN_AFTER_DAYS} days, at the next write`, () => {
    const recent = createRecentRecords(dir.path);
    const day = 24 * 60;
    recent.add(db, SAM, { list: 'items', id: 'item-1' }, at(0));
    const LEE = { ...PAT, email: 'lee@example.com' };
    recent.add(db, LEE, { list: 'items', id: 'item-1' }, at(50 * day));
    // 91 days on: Sam's newest is older than the limit, Lee's is not
    recent.add(db, PAT, { list: 'items', id: 'item-1' }, at((RECENT_FORGOTTEN_AFTER_DAYS + 1) * day));
    const users = Object.keys(JSON.parse(readFileSync(file(), 'utf8')).users);
    expect(users).toHaveLength(2);
    expect(recent.list(db, SAM, at((RECENT_FORGOTTEN_AFTER_DAYS + 1) * day))).toEqual([]);
    expect(recent.list(db, LEE, at((RECENT_FORGOTTEN_AFTER_DAYS + 1) * day)).map((r) => r.id)).toEqual(['item-1']);
  });
});

describe('recently opened records through the contract', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  it('need an open session: refused before sign-in and while locked; wrong arguments refused', async () => {
    const { core, firstRound } = await demoCore(cleanup);
    expect(await dispatch(core.handlers, 'recent.list', {})).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    const synced = firstRound();
    await dispatch(core.handlers, 'session.signIn', { server: 'demo', email: 'solo@example.com', password: 'demo1234' });
    await synced;
    const found = await dispatch(core.handlers, 'search.query', { q: 'SKU-000042' });
    const item = found.ok ? (found.value as SearchResult).hits[0] : undefined;
    expect(item).toMatchObject({ kind: 'item', code: 'SKU-000042' });
    for (const bad of [{ list: 'items' }, { list: 'items', id: '' }, { list: 'Items; DROP', id: 'x' }, { list: 'items', id: item!.id, extra: 1 }]) {
      expect(await dispatch(core.handlers, 'recent.add', bad), JSON.stringify(bad)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    }
    expect(await dispatch(core.handlers, 'recent.add', { list: 'items', id: item!.id })).toMatchObject({ ok: true, value: [{ id: item!.id, code: 'SKU-000042' }] });
    await dispatch(core.handlers, 'session.lock', {});
    for (const name of ['recent.list', 'recent.clear'] as const) {
      expect(await dispatch(core.handlers, name, {}), name).toMatchObject({ ok: false, error: { code: 'locked' } });
    }
    expect(await dispatch(core.handlers, 'recent.add', { list: 'items', id: item!.id })).toMatchObject({ ok: false, error: { code: 'locked' } });
    await dispatch(core.handlers, 'session.unlock', { password: 'demo1234' });
    expect(await dispatch(core.handlers, 'recent.list', {})).toMatchObject({ ok: true, value: [{ id: item!.id }] });
  });
});
