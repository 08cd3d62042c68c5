import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { historyQuery } from '../../electron/core/lookup/history.ts';
import { expiryState, inventoryByItem, inventoryByLocation, inventoryByLot } from '../../electron/core/lookup/inventory.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { F1, F2, NOW } from './floor-data.ts';
import { floorMirrorForFile } from './floor-mirror.ts';
import { loadDataset } from './mirror-fixture.ts';

let db: WriteDb;
const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW };

floorMirrorForFile((opened) => (db = opened));

describe('inventory by item', () => {
  it('lists every location holding it, quantities apart, expiry flagged, natural order', () => {
    const answer = inventoryByItem(db, { itemId: 'item-1' }, options);
    expect(answer.rows.map((r) => [r.facilityId, r.locationCode])).toEqual([
      [F1, 'A-03-02-B'],
      [F1, 'A-03-9-A'],
      [F1, 'A-03-10-A'],
      [F2, 'B-01-01-A'],
    ]);
    expect(answer.rows[0]).toMatchObject({ onHand: 10, allocated: 3, available: 7, lot: 'L100', expiryState: 'expired', description: 'Blue widget large', status: 'AVAILABLE' });
    expect(answer.rows[2]).toMatchObject({ lot: 'L200', expiryState: 'soon', status: 'HOLD' });
    expect(answer.rows[3]).toMatchObject({ lot: 'L300', expiryState: 'ok' });
  });

  it('totals per facility with the facility name', () => {
    const { totals } = inventoryByItem(db, { itemId: 'item-1' }, options);
    expect(totals).toEqual([
      { facilityId: F1, facilityName: 'Main warehouse', onHand: 17, allocated: 3, available: 14, locations: 3 },
      { facilityId: F2, facilityName: 'Overflow', onHand: 7, allocated: 1, available: 6, locations: 1 },
    ]);
  });

  it('narrows to a facility, a lot or a serial; zero stock only on request', () => {
    expect(inventoryByItem(db, { itemId: 'item-1', facilityId: F2 }, options).rows.map((r) => r.id)).toEqual(['inv-6']);
    expect(inventoryByItem(db, { itemId: 'item-1', lot: 'l100' }, options).rows.map((r) => r.id)).toEqual(['inv-1', 'inv-5']);
    expect(inventoryByItem(db, { itemId: 'item-2', serial: 'SN-1' }, options).rows.map((r) => r.id)).toEqual(['inv-3']);
    expect(inventoryByItem(db, { itemId: 'item-3' }, options).rows).toEqual([]);
    expect(inventoryByItem(db, { itemId: 'item-3', includeZero: true }, options).rows.map((r) => r.id)).toEqual(['inv-4']);
  });

  it('says how old the stock is: stale when a facility snapshot is past its threshold', () => {
    expect(inventoryByItem(db, { itemId: 'item-1' }, options).age).toEqual({ syncedAt: '2026-11-21T04:00:00.000Z', stale: true, staleAfterMinutes: 30 });
    expect(inventoryByItem(db, { itemId: 'item-1', facilityId: F2 }, options).age).toEqual({ syncedAt: '2026-11-21T05:55:00.000Z', stale: false, staleAfterMinutes: 30 });
  });

  it('refuses an item that is not in the mirror', () => {
    expect(() => inventoryByItem(db, { itemId: 'nope' }, options)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('inventory by location and by lot', () => {
  it('lists what is in a location by SKU, naturally, then expiry: as it reads on the shelf', () => {
    const own = tempDir();
    const floor = openMirror(path.join(own.path, 'shelf.sqlite'));
    try {
      const skus = ['SKU-10', 'SKU-9', 'SKU-2', 'SKU-9'];
      loadDataset(floor, { list: 'items', scopeKind: 'account', scopeId: 'acc', syncedAt: NOW.toISOString() }, skus.slice(0, 3).map((sku, i) => ({ id: `item-${i}`, sku, description: sku })));
      // ids in an order of their own: neither the SKUs' nor the expiries'
      const stock = [
        { id: 'a', item: 0, expiry: null },
        { id: 'b', item: 1, expiry: '2027-03-01' },
        { id: 'c', item: 2, expiry: null },
        { id: 'd', item: 1, expiry: '2027-01-01' },
      ].map(({ id, item, expiry }) => ({ id, facility_id: F1, location_id: 'loc-x', location_code: 'B-1', item_id: `item-${item}`, sku: skus[item], expiry, qty_on_hand: 1 }));
      loadDataset(floor, { list: 'locations', scopeKind: 'facility', scopeId: F1, syncedAt: NOW.toISOString() }, [{ id: 'loc-x', facility_id: F1, code: 'B-1' }]);
      loadDataset(floor, { list: 'inventory', scopeKind: 'facility', scopeId: F1, syncedAt: NOW.toISOString() }, stock);
      const rows = inventoryByLocation(floor, { locationId: 'loc-x' }, options).rows;
      expect(rows.map((r) => [r.sku, r.expiry])).toEqual([
        ['SKU-2', null],
        ['SKU-9', '2027-01-01'],
        ['SKU-9', '2027-03-01'],
        ['SKU-10', null],
      ]);
    } finally {
      floor.close();
      own.remove();
    }
  });

  it('lists what is in a location', () => {
    const answer = inventoryByLocation(db, { locationId: 'loc-1' }, options);
    expect(answer.rows.map((r) => r.sku).sort()).toEqual(['SKU-0001', 'SKU-0002']);
    expect(answer.age.stale).toBe(true);
    expect(inventoryByLocation(db, { locationId: 'loc-2' }, options).rows.map((r) => r.onHand)).toEqual([0]);
    expect(() => inventoryByLocation(db, { locationId: 'nope' }, options)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('finds stock by lot or serial', () => {
    expect(inventoryByLot(db, { lot: 'L100' }, options).rows.map((r) => r.locationCode)).toEqual(['A-03-02-B', 'A-03-9-A']);
    expect(inventoryByLot(db, { serial: 'sn-1' }, options).rows.map((r) => r.itemId)).toEqual(['item-2']);
    expect(() => inventoryByLot(db, {}, options)).toThrow(expect.objectContaining({ code: 'invalid_argument' }));
  });

  it('flags expiry relative to today', () => {
    expect(expiryState('2026-11-20', NOW)).toBe('expired');
    expect(expiryState('2026-11-21', NOW)).toBe('soon');
    expect(expiryState('2026-12-21', NOW)).toBe('soon');
    expect(expiryState('2026-12-22', NOW)).toBe('ok');
    expect(expiryState(null, NOW)).toBeNull();
  });
});

describe('history', () => {
  it('gives an item its events newest first, with who, quantities and from/to', () => {
    const answer = historyQuery(db, { itemId: 'item-1' }, options);
    expect(answer.events.map((e) => e.id)).toEqual(['h-3', 'h-2', 'h-1']);
    expect(answer.events[1]).toMatchObject({ type: 'MOVE', userEmail: 'sam@example.com', qtyBefore: 12, qtyAfter: 10, fromLocationCode: 'A-03-02-B', toLocationCode: 'A-03-9-A', facility: 'Main warehouse' });
    expect(answer.age).toEqual({ syncedAt: '2026-11-21T05:40:00.000Z', stale: false, staleAfterMinutes: 60 });
    // how far back the facility's history goes: its oldest event kept, whatever the item (times are
    // kept in UTC in toISOString's form: instant.ts)
    expect(answer.since).toBe('2026-11-18T08:00:00.000Z');
    expect(historyQuery(db, { itemId: 'item-2' }, options).since).toBe('2026-11-18T08:00:00.000Z');
  });

  it('filters a location by type and time', () => {
    expect(historyQuery(db, { locationId: 'loc-1', types: ['RECEIVE'] }, options).events.map((e) => e.id)).toEqual(['h-4', 'h-1']);
    expect(historyQuery(db, { locationId: 'loc-1', from: '2026-11-19', to: '2026-11-20T14:00:00Z' }, options).events.map((e) => e.id)).toEqual(['h-3', 'h-2']);
    // the same hour asked for in another zone
    expect(historyQuery(db, { locationId: 'loc-1', from: '2026-11-19', to: '2026-11-20T16:00:00+02:00' }, options).events.map((e) => e.id)).toEqual(['h-3', 'h-2']);
    expect(historyQuery(db, { locationId: 'loc-1', to: '2026-11-19' }, options).events.map((e) => e.id)).toEqual(['h-2', 'h-1']);
    expect(historyQuery(db, { itemId: 'item-1', limit: 1 }, options).events.map((e) => e.id)).toEqual(['h-3']);
  });
});

describe('a move in the history of each of its ends', () => {
  it('shows at the end it is not filed under, by its size, without the other end quantities', () => {
    // h-2 is filed under its source A-03-02-B (loc-1): it is loc-2's too once loc-2 is its destination
    const toLoc2 = historyQuery(db, { locationId: 'loc-1' }, options).events.find((e) => e.id === 'h-2')!;
    expect(toLoc2).toMatchObject({ locationCode: 'A-03-02-B', qtyBefore: 12, qtyAfter: 10 });
    expect(historyQuery(db, { locationId: 'loc-2' }, options).events.map((e) => e.id)).not.toContain('h-2');
    // its destination A-03-9-A (loc-4) has it as stock in from its source
    expect(historyQuery(db, { locationId: 'loc-4' }, options).events.filter((e) => e.id === 'h-2')).toEqual([
      expect.objectContaining({ locationCode: 'A-03-9-A', fromLocationCode: 'A-03-02-B', qty: 2, qtyBefore: null, qtyAfter: null }),
    ]);
    db.prepare("UPDATE history SET to_location_code = 'A-03-02-C' WHERE id = 'h-2'").run();
    try {
      const atDestination = historyQuery(db, { locationId: 'loc-2' }, options).events.filter((e) => e.id === 'h-2');
      expect(atDestination).toEqual([expect.objectContaining({ type: 'MOVE', locationCode: 'A-03-02-C', fromLocationCode: 'A-03-02-B', qty: 2, qtyBefore: null, qtyAfter: null })]);
      // once at its filed end, not again as its other end
      expect(historyQuery(db, { locationId: 'loc-1' }, options).events.filter((e) => e.id === 'h-2')).toHaveLength(1);
      // filed under its destination, it shows at its source as stock out
      db.prepare("UPDATE history SET location_id = 'loc-2', location_code = 'A-03-02-C' WHERE id = 'h-2'").run();
      const atSource = historyQuery(db, { locationId: 'loc-1' }, options).events.filter((e) => e.id === 'h-2');
      expect(atSource).toEqual([expect.objectContaining({ locationCode: 'A-03-02-B', toLocationCode: 'A-03-02-C', qty: 2, qtyBefore: null, qtyAfter: null })]);
      // a code of this facility's move named by a location of another facility is not that location's
      db.prepare("UPDATE history SET from_location_code = 'B-01-01-A' WHERE id = 'h-2'").run();
      expect(historyQuery(db, { locationId: 'loc-5' }, options).events.map((e) => e.id)).not.toContain('h-2');
    } finally {
      db.prepare("UPDATE history SET location_id = 'loc-1', location_code = 'A-03-02-B', from_location_code = 'A-03-02-B', to_location_code = 'A-03-9-A' WHERE id = 'h-2'").run();
    }
  });
});
