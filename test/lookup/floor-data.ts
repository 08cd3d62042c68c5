// A small warehouse in a real mirror file: two facilities, items with real GTINs, locations coded
// `A-03-02-B`, stock with lots, serials and expiries (one expired, one soon), history, and the
// other lists. Dataset sync times are chosen so that some answers are stale.
import path from 'node:path';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { loadDataset } from './mirror-fixture.ts';

export const NOW = new Date('2026-11-21T06:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
const daysFromNow = (d: number) => new Date(NOW.getTime() + d * 86_400_000).toISOString().slice(0, 10);

export const F1 = 'fac-1';
export const F2 = 'fac-2';
export const ACME = 'acc-acme';

export const ITEMS = [
  { id: 'item-1', account_id: ACME, sku: 'SKU-0001', upc: '036000291452', gtin: '00036000291452', description: 'Blue widget large', uom: 'EA', lot_tracked: true, colour_code: 'BL-7' },
  { id: 'item-2', account_id: ACME, sku: 'SKU-0002', upc: null, gtin: '09506000134352', description: 'Red widget', uom: 'EA', serial_tracked: true },
  { id: 'item-3', account_id: ACME, sku: 'SKU-0010', upc: '4006381333931', gtin: '04006381333931', description: 'Green gadget, "deluxe"', uom: 'CS' },
  { id: 'item-4', account_id: ACME, sku: 'MT-1023', upc: null, gtin: null, description: 'Mounting tape', uom: 'RL' },
  { id: 'item-5', account_id: ACME, sku: 'A-03', upc: null, gtin: null, description: 'Part numbered like a location', uom: 'EA' },
];

export const LOCATIONS = [
  { id: 'loc-1', facility_id: F1, code: 'A-03-02-B', zone: 'A', type: 'PICK', barcode: 'L0302B9', pickable: true },
  { id: 'loc-2', facility_id: F1, code: 'A-03-02-C', zone: 'A', type: 'PICK', barcode: 'L0302C4', pickable: true },
  { id: 'loc-3', facility_id: F1, code: 'A-03-10-A', zone: 'A', type: 'BULK', barcode: 'L0310A1', pickable: false },
  { id: 'loc-4', facility_id: F1, code: 'A-03-9-A', zone: 'A', type: 'BULK', barcode: 'L0309A1', pickable: false },
  { id: 'loc-5', facility_id: F2, code: 'B-01-01-A', zone: 'B', type: 'PICK', barcode: 'L0101A2', pickable: true },
];

export const inv = (id: string, item: (typeof ITEMS)[number], location: (typeof LOCATIONS)[number], fields: Record<string, unknown>) => ({
  id,
  facility_id: location.facility_id,
  location_id: location.id,
  location_code: location.code,
  item_id: item.id,
  account_id: ACME,
  sku: item.sku,
  uom: item.uom,
  status: 'AVAILABLE',
  ...fields,
});

export const INVENTORY_F1 = [
  inv('inv-1', ITEMS[0], LOCATIONS[0], { lot: 'L100', expiry: daysFromNow(-3), qty_on_hand: 10, qty_allocated: 3, qty_available: 7 }),
  inv('inv-2', ITEMS[0], LOCATIONS[2], { lot: 'L200', expiry: daysFromNow(10), qty_on_hand: 5, qty_allocated: 0, qty_available: 5, status: 'HOLD' }),
  inv('inv-3', ITEMS[1], LOCATIONS[0], { serial: 'SN-1', qty_on_hand: 1, qty_allocated: 0, qty_available: 1 }),
  inv('inv-4', ITEMS[2], LOCATIONS[1], { qty_on_hand: 0, qty_allocated: 0, qty_available: 0 }),
  inv('inv-5', ITEMS[0], LOCATIONS[3], { lot: 'L100', expiry: daysFromNow(-3), qty_on_hand: 2, qty_allocated: 0, qty_available: 2 }),
];
export const INVENTORY_F2 = [inv('inv-6', ITEMS[0], LOCATIONS[4], { lot: 'L300', expiry: daysFromNow(200), qty_on_hand: 7, qty_allocated: 1, qty_available: 6 })];

export const HISTORY = [
  { id: 'h-1', facility_id: F1, item_id: 'item-1', sku: 'SKU-0001', location_id: 'loc-1', location_code: 'A-03-02-B', type: 'RECEIVE', qty: 12, qty_before: 0, qty_after: 12, lot: 'L100', user_email: 'pat@example.com', reference: 'PO-1', createdon: '2026-11-18T08:00:00Z' },
  { id: 'h-2', facility_id: F1, item_id: 'item-1', sku: 'SKU-0001', location_id: 'loc-1', location_code: 'A-03-02-B', from_location_code: 'A-03-02-B', to_location_code: 'A-03-9-A', type: 'MOVE', qty: 2, qty_before: 12, qty_after: 10, lot: 'L100', user_email: 'sam@example.com', reference: null, createdon: '2026-11-19T09:30:00Z' },
  { id: 'h-3', facility_id: F1, item_id: 'item-1', sku: 'SKU-0001', location_id: 'loc-1', location_code: 'A-03-02-B', type: 'PICK', qty: -3, qty_before: 10, qty_after: 7, lot: 'L100', user_email: 'pat@example.com', reference: 'SO-9', createdon: '2026-11-20T14:00:00Z' },
  { id: 'h-4', facility_id: F1, item_id: 'item-2', sku: 'SKU-0002', location_id: 'loc-1', location_code: 'A-03-02-B', type: 'RECEIVE', qty: 1, qty_before: 0, qty_after: 1, lot: null, user_email: 'pat@example.com', reference: 'PO-2', createdon: '2026-11-20T15:00:00Z' },
];

/** Builds the floor mirror in `dir` (or at `file`); returns the open (writable) connection. */
export function buildFloorMirror(dir: string, file = path.join(dir, 'floor.sqlite')): WriteDb {
  const db = openMirror(file);
  loadDataset(db, { list: 'facilities', syncedAt: minutesAgo(60) }, [
    { id: F1, code: 'WH1', name: 'Main warehouse', ncode: 1 },
    { id: F2, code: 'WH2', name: 'Overflow', ncode: 2 },
  ]);
  loadDataset(db, { list: 'accounts', syncedAt: minutesAgo(60) }, [
    { id: ACME, accountid: 'ACME', name: 'Acme Foods', type: 'ACCOUNT', scity: 'Leeds' },
    { id: 'acc-beta', accountid: 'BETA', name: 'Beta Tools', type: 'ACCOUNT' },
  ]);
  loadDataset(db, { list: 'customers', scopeKind: 'account', scopeId: ACME, syncedAt: minutesAgo(60) }, [{ id: 'cust-1', code: 'CUST-1', name: 'Corner Shop', account_id: ACME }]);
  loadDataset(db, { list: 'carriers', scopeKind: 'account', scopeId: ACME, syncedAt: minutesAgo(60) }, [
    { id: 'car-1', account_id: ACME, alias: 'UPS-GROUND', type: 'SMALLPARCEL', enabled: true },
  ]);
  loadDataset(db, { list: 'users', syncedAt: null }, [{ id: 'user-1', email: 'pat@example.com', name: 'Pat Picker' }]);
  loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: ACME, syncedAt: minutesAgo(5) }, ITEMS);
  loadDataset(db, { list: 'locations', scopeKind: 'facility', scopeId: F1, syncedAt: minutesAgo(10) }, LOCATIONS.slice(0, 4));
  loadDataset(db, { list: 'locations', scopeKind: 'facility', scopeId: F2, syncedAt: minutesAgo(10) }, LOCATIONS.slice(4));
  // inventory is stale after 30 minutes (default settings): F1 synced 2 hours ago, F2 5 minutes ago
  loadDataset(db, { list: 'inventory', scopeKind: 'facility', scopeId: F1, syncedAt: minutesAgo(120) }, INVENTORY_F1);
  loadDataset(db, { list: 'inventory', scopeKind: 'facility', scopeId: F2, syncedAt: minutesAgo(5) }, INVENTORY_F2);
  loadDataset(db, { list: 'history', scopeKind: 'facility', scopeId: F1, syncedAt: minutesAgo(20) }, HISTORY);
  return db;
}
