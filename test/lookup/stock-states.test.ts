// Stock answers say whether the workstation holds each facility's stock, so that a screen shows a
// zero only for stock it has read whole: complete, loading (first reading not done), failed, not
// offered by the server, or not kept here.
import { beforeAll, describe, expect, it } from 'vitest';
import { noticeInEnglish, type Notice } from '../../electron/contract/notices.ts';
import { inventoryByItem, inventoryByLocation, inventoryByLot } from '../../electron/core/lookup/inventory.ts';
import { ensureDataset, markError } from '../../electron/core/db/write/datasets.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { F1, F2, NOW } from './floor-data.ts';
import { floorMirrorForFile } from './floor-mirror.ts';
import { loadDataset } from './mirror-fixture.ts';

let db: WriteDb;
const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW };
const F3 = 'fac-3';
const F4 = 'fac-4';
const F5 = 'fac-5';

function inventoryDataset(facilityId: string): number {
  const key = `inventory@facility:${facilityId}`;
  return ensureDataset(db, { key, list: 'inventory', scopeKind: 'facility', scopeId: facilityId, path: '/v1/api/pub/inv/query' });
}

floorMirrorForFile((opened) => (db = opened));
beforeAll(() => {
  // five facilities: two read whole (the floor mirror's), one loading, one refused by the server, one not kept
  loadDataset(db, { list: 'facilities', syncedAt: NOW.toISOString() }, [
    { id: F1, code: 'WH1', name: 'Main warehouse' },
    { id: F2, code: 'WH2', name: 'Overflow' },
    { id: F3, code: 'WH3', name: 'Reno' },
    { id: F4, code: 'WH4', name: 'Leeds' },
    { id: F5, code: 'MEM', name: 'Memphis Hub' },
  ]);
  loadDataset(db, { list: 'locations', scopeKind: 'facility', scopeId: F5, syncedAt: NOW.toISOString() }, [{ id: 'loc-m1', facility_id: F5, code: 'M-01-01-A' }]);
  inventoryDataset(F3);
  markError(db, inventoryDataset(F4), { code: 'not_found', message: 'Not found on the server: No such endpoint' });
});

const states = (stock: { facilityId: string; state: string }[]) => Object.fromEntries(stock.map((s) => [s.facilityId, s.state]));

describe('whether the stock is on this workstation', () => {
  it('an item answer names every facility and the state of its stock', () => {
    const answer = inventoryByItem(db, { itemId: 'item-1' }, options);
    expect(states(answer.stock)).toEqual({ [F1]: 'complete', [F2]: 'complete', [F3]: 'loading', [F4]: 'not-offered', [F5]: 'not-kept' });
    expect(answer.stock.find((s) => s.facilityId === F5)).toEqual({ facilityId: F5, facilityName: 'Memphis Hub', state: 'not-kept', datasetKey: null, error: null });
    expect(answer.stock.find((s) => s.facilityId === F4)?.error).toContain('Not found on the server');
    expect(answer.stock.find((s) => s.facilityId === F3)?.datasetKey).toBe(`inventory@facility:${F3}`);
  });

  it("an item answer's figures sum only the facilities read whole, and name them and the others", () => {
    const answer = inventoryByItem(db, { itemId: 'item-1' }, options);
    const whole = answer.rows.filter((r) => r.facilityId === F1 || r.facilityId === F2);
    expect(answer.summary.covers.map((f) => f.name)).toEqual(['Main warehouse', 'Overflow']);
    expect(answer.summary.notHere.map((f) => f.name)).toEqual(['Reno', 'Leeds', 'Memphis Hub']);
    expect(answer.summary.onHand).toBe(whole.reduce((n, r) => n + r.onHand, 0));
    expect(answer.summary.onHand).toBeGreaterThan(0);
    // a facility not kept: no figure covers anything
    const memphis = inventoryByItem(db, { itemId: 'item-1', facilityId: F5 }, options).summary;
    expect(memphis).toEqual({ covers: [], notHere: [{ facilityId: F5, name: 'Memphis Hub' }], onHand: 0, allocated: 0, available: 0 });
  });

  it('an item with no stock row at all still says which facilities are complete', () => {
    expect(states(inventoryByItem(db, { itemId: 'item-4' }, options).stock)[F1]).toBe('complete');
    expect(inventoryByItem(db, { itemId: 'item-4', facilityId: F5 }, options).stock.map((s) => s.state)).toEqual(['not-kept']);
  });

  it("a location answer is about the location's facility, with or without rows", () => {
    expect(inventoryByLocation(db, { locationId: 'loc-1' }, options).stock.map((s) => [s.facilityId, s.state])).toEqual([[F1, 'complete']]);
    const memphis = inventoryByLocation(db, { locationId: 'loc-m1' }, options);
    expect(memphis.rows).toEqual([]);
    expect(memphis.stock.map((s) => [s.facilityName, s.state])).toEqual([['Memphis Hub', 'not-kept']]);
  });

  it("a location answer gives each item's on hand in it only where its stock is here whole", () => {
    expect(inventoryByLocation(db, { locationId: 'loc-1' }, options).onHandByItem).toEqual([{ itemId: 'item-1', onHand: 10 }, { itemId: 'item-2', onHand: 1 }]);
    expect(inventoryByLocation(db, { locationId: 'loc-2' }, options).onHandByItem).toEqual([{ itemId: 'item-3', onHand: 0 }]);
    // a facility not kept: no figure for any item, not a 0
    expect(inventoryByLocation(db, { locationId: 'loc-m1' }, options)).not.toHaveProperty('onHandByItem');
  });

  it('a lot answer names every facility', () => {
    expect(inventoryByLot(db, { lot: 'L100' }, options).stock).toHaveLength(5);
  });

  it('a first reading that failed says why, with its fact when it is one the window words', () => {
    const notice: Notice = { code: 'disk_space_short', list: { list: 'inventory', label: 'Inventory' }, scopeName: 'Reno', folder: '/data', free: 1024, needed: 64 * 1024 * 1024, datasetBytes: 0, spare: 64 * 1024 * 1024 };
    markError(db, inventoryDataset(F3), { code: 'mirror_error', message: noticeInEnglish(notice), notice });
    const reno = inventoryByItem(db, { itemId: 'item-1' }, options).stock.find((s) => s.facilityId === F3);
    expect(reno).toMatchObject({ state: 'failed', error: noticeInEnglish(notice), notice });
    expect(inventoryByItem(db, { itemId: 'item-1' }, options).stock.find((s) => s.facilityId === F4)).not.toHaveProperty('notice');
  });

  it('follows the datasets as they change', () => {
    const f3 = loadDataset(db, { list: 'inventory', scopeKind: 'facility', scopeId: F3, syncedAt: NOW.toISOString() }, []);
    expect(f3).toBeGreaterThan(0);
    expect(states(inventoryByItem(db, { itemId: 'item-1' }, options).stock)[F3]).toBe('complete');
  });
});

describe('a lot or serial a scan named', () => {
  it("says whether the item's stock here holds it, case aside, and keeps the item's whole stock", () => {
    const answer = inventoryByItem(db, { itemId: 'item-1', scanned: { lot: 'l300', serial: 'SN-NOT-HERE' } }, options);
    expect(answer.scanned).toEqual([
      { kind: 'lot', value: 'l300', held: true },
      { kind: 'serial', value: 'SN-NOT-HERE', held: false },
    ]);
    expect(answer.rows.map((r) => r.lot)).toEqual(inventoryByItem(db, { itemId: 'item-1' }, options).rows.map((r) => r.lot));
    expect(inventoryByItem(db, { itemId: 'item-2', scanned: { serial: 'sn-1' } }, options).scanned).toEqual([{ kind: 'serial', value: 'sn-1', held: true }]);
    // narrowed to the label's lot and serial together (as `aisle find` asks), a held lot is still held
    const narrowed = inventoryByItem(db, { itemId: 'item-1', lot: 'L100', serial: 'SN-X', scanned: { lot: 'L100', serial: 'SN-X' } }, options);
    expect(narrowed.rows).toEqual([]);
    expect(narrowed.scanned).toEqual([{ kind: 'lot', value: 'L100', held: true }, { kind: 'serial', value: 'SN-X', held: false }]);
  });

  it('says nothing either way where no facility\'s stock is here whole, and nothing when no scan asked', () => {
    expect(inventoryByItem(db, { itemId: 'item-1', facilityId: F5, scanned: { lot: 'NOSUCHLOT' } }, options).scanned).toEqual([{ kind: 'lot', value: 'NOSUCHLOT', held: null }]);
    expect(inventoryByItem(db, { itemId: 'item-1' }, options)).not.toHaveProperty('scanned');
  });
});
