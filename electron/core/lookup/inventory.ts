// Stock answers from the mirror: by item (every location holding it), by location (what is in it),
// by lot or serial; on hand, allocated and available kept apart; expired and soon-expiring flagged;
// totals per facility; and the age of the inventory snapshots behind the answer.
import { AisleError } from '../../contract/errors.ts';
import type { InventoryAnswer, InventoryRow, InventoryTotals } from '../../contract/types.ts';
import type { MirrorDb } from '../mirror/open-mirror.ts';
import { naturalCompare } from './codes.ts';
import { combinedAge, datasetsOf, readDatasets } from './data-age.ts';
import { itemById } from './items.ts';
import type { QueryOptions } from './lists.ts';
import { scopeName } from './lists.ts';
import { locationById } from './locations.ts';
import { stmt } from './statements.ts';

/** Stock expiring within this many days is flagged `soon`. */
export const SOON_EXPIRY_DAYS = 30;

interface Filter {
  sql: string;
  params: unknown[];
}

const SELECT = `SELECT inv.id, inv.dataset_id AS datasetId, inv.facility_id AS facilityId, inv.location_id AS locationId,
  inv.location_code AS locationCode, inv.item_id AS itemId, inv.sku, i.description, inv.lot, inv.serial, inv.expiry, inv.uom,
  inv.qty_on_hand AS onHand, inv.qty_allocated AS allocated, inv.qty_available AS available, inv.status
  FROM inventory inv LEFT JOIN items i ON i.id = inv.item_id`;

interface Raw extends Omit<InventoryRow, 'expiryState' | 'onHand' | 'allocated' | 'available'> {
  datasetId: number;
  onHand: number | null;
  allocated: number | null;
  available: number | null;
}

export function inventoryByItem(
  db: MirrorDb,
  args: { itemId: string; facilityId?: string; lot?: string; serial?: string; includeZero?: boolean },
  options: QueryOptions,
): InventoryAnswer {
  const where: Filter[] = [{ sql: 'inv.item_id = ?', params: [args.itemId] }];
  if (args.facilityId) where.push({ sql: 'inv.facility_id = ?', params: [args.facilityId] });
  if (args.lot) where.push({ sql: 'inv.lot = ?', params: [args.lot] });
  if (args.serial) where.push({ sql: 'inv.serial = ?', params: [args.serial] });
  if (!args.includeZero) where.push({ sql: 'inv.qty_on_hand != 0', params: [] });
  const rows = select(db, where);
  if (rows.length === 0 && !itemById(db, args.itemId)) throw new AisleError('not_found', 'This item is not in the offline data.');
  return answer(db, rows, options, args.facilityId);
}

export function inventoryByLocation(db: MirrorDb, args: { locationId: string }, options: QueryOptions): InventoryAnswer {
  const rows = select(db, [{ sql: 'inv.location_id = ?', params: [args.locationId] }]);
  const location = locationById(db, args.locationId);
  if (rows.length === 0 && !location) throw new AisleError('not_found', 'This location is not in the offline data.');
  return answer(db, rows, options, location?.facilityId ?? undefined);
}

export function inventoryByLot(db: MirrorDb, args: { lot?: string; serial?: string }, options: QueryOptions): InventoryAnswer {
  if (!args.lot && !args.serial) throw new AisleError('invalid_argument', 'Give a lot or a serial number.');
  const where: Filter[] = [];
  if (args.lot) where.push({ sql: 'inv.lot = ?', params: [args.lot] });
  if (args.serial) where.push({ sql: 'inv.serial = ?', params: [args.serial] });
  return answer(db, select(db, where), options);
}

function select(db: MirrorDb, where: Filter[]): Raw[] {
  const sql = `${SELECT} WHERE ${where.map((w) => w.sql).join(' AND ')}`;
  return stmt(db, sql).all(...where.flatMap((w) => w.params)) as Raw[];
}

function answer(db: MirrorDb, raws: Raw[], options: QueryOptions, facilityId?: string): InventoryAnswer {
  const now = options.now ?? new Date();
  const rows = raws.map((raw) => toRow(raw, now));
  rows.sort(
    (a, b) =>
      a.facilityId.localeCompare(b.facilityId) ||
      naturalCompare(a.locationCode, b.locationCode) ||
      (a.expiry ?? '9999').localeCompare(b.expiry ?? '9999') ||
      a.id.localeCompare(b.id),
  );
  const datasets = readDatasets(db);
  const facilities = new Set(rows.map((row) => row.facilityId));
  if (facilityId) facilities.add(facilityId);
  const inventorySets = datasetsOf(datasets, 'inventory').filter((d) => facilities.size === 0 || (d.scopeId !== null && facilities.has(d.scopeId)));
  return { rows, totals: totals(db, rows), age: combinedAge(inventorySets, 'inventory', options.staleAfter, now) };
}

function toRow(raw: Raw, now: Date): InventoryRow {
  const onHand = Number(raw.onHand ?? 0);
  const allocated = Number(raw.allocated ?? 0);
  const { datasetId: _datasetId, ...rest } = raw;
  return {
    ...rest,
    facilityId: raw.facilityId ?? '',
    locationCode: raw.locationCode ?? '',
    sku: raw.sku ?? '',
    status: raw.status ?? 'AVAILABLE',
    onHand,
    allocated,
    available: raw.available === null ? onHand - allocated : Number(raw.available),
    expiryState: expiryState(raw.expiry, now),
  };
}

/** `expired` before today, `soon` within SOON_EXPIRY_DAYS, else `ok`; null without an expiry. */
export function expiryState(expiry: string | null, now: Date): InventoryRow['expiryState'] {
  if (!expiry) return null;
  const day = expiry.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const today = now.toISOString().slice(0, 10);
  if (day < today) return 'expired';
  const soon = new Date(now.getTime() + SOON_EXPIRY_DAYS * 86_400_000).toISOString().slice(0, 10);
  return day <= soon ? 'soon' : 'ok';
}

function totals(db: MirrorDb, rows: InventoryRow[]): InventoryTotals[] {
  const byFacility = new Map<string, InventoryTotals & { codes: Set<string> }>();
  for (const row of rows) {
    let total = byFacility.get(row.facilityId);
    if (!total) {
      total = { facilityId: row.facilityId, facilityName: scopeName(db, 'facility', row.facilityId), onHand: 0, allocated: 0, available: 0, locations: 0, codes: new Set() };
      byFacility.set(row.facilityId, total);
    }
    total.onHand += row.onHand;
    total.allocated += row.allocated;
    total.available += row.available;
    total.codes.add(row.locationId);
  }
  return [...byFacility.values()].map(({ codes, ...total }) => ({ ...total, locations: codes.size }));
}
