// Stock answers from the mirror: by item (every location holding it), by location (what is in it),
// by lot or serial; on hand, allocated and available kept apart; expired and soon-expiring flagged;
// totals per facility; and the age of the inventory snapshots behind the answer.
import { AisleError } from '../../contract/errors.ts';
import type { FacilityName, FacilityStock, InventoryAnswer, InventoryRow, InventoryTotals, ScannedTracking, StockState, StockSummary } from '../../contract/types.ts';
import { allDatasets, lastErrorNotice, type DatasetRow } from '../db/read/datasets.ts';
import { stockRows, type StockFilter, type StockRow } from '../db/read/inventory.ts';
import type { ReadDb } from '../db/handles.ts';
import { naturalComparer } from './codes.ts';
import { combinedAge, datasetsOf, readDatasets, readFacts, type MirrorFacts } from './data-age.ts';
import { itemById } from '../db/read/items.ts';
import type { QueryOptions } from './lists.ts';
import { locationById } from '../db/read/locations.ts';

/** Stock expiring within this many days is flagged `soon`. */
export const SOON_EXPIRY_DAYS = 30;

// The facility's name and the snapshot's sync time come from readFacts, read once per change of the
// file (per row, they were two more index probes).

/** The rows of an answer, and each of their facilities' name and stock snapshot's sync time. */
interface Selected {
  rows: InventoryRow[];
  facilities: Map<string, FacilityFacts>;
  /** The mirror's facts, when reading the rows needed them. */
  facts: MirrorFacts | null;
}

interface FacilityFacts {
  name: string | null;
  syncedAt: string | null;
}

export function inventoryByItem(
  db: ReadDb,
  args: { itemId: string; facilityId?: string; lot?: string; serial?: string; includeZero?: boolean; scanned?: { lot?: string; serial?: string } },
  options: QueryOptions,
): InventoryAnswer {
  const filter = { itemId: args.itemId, facilityId: args.facilityId, lot: args.lot, serial: args.serial, onHandOnly: !args.includeZero };
  const selected = select(db, filter, options.now ?? new Date());
  if (selected.rows.length === 0 && !itemById(db, args.itemId)) throw new AisleError('not_found', 'This item is not in the offline data.');
  const states = stockStates(db, selected.facts);
  const found = answer(db, selected, options, args.facilityId, args.facilityId ? [states.of(args.facilityId)] : states.all);
  if (!args.scanned || (!args.scanned.lot && !args.scanned.serial)) return found;
  // held or not is of the item's whole stock here, not of rows narrowed to one lot and serial together
  const rows = args.lot || args.serial ? select(db, { ...filter, lot: undefined, serial: undefined }, options.now ?? new Date()).rows : found.rows;
  return { ...found, scanned: scannedHeld(rows, found.summary.covers.length > 0, args.scanned) };
}

/**
 * Whether the item's stock on this workstation holds the lot and serial a scan named (case aside,
 * as labels print them). "Not held" is said only where some facility's stock is here whole to say
 * it (`held: null` otherwise: the stock's own line says why there is no figure).
 */
function scannedHeld(rows: readonly InventoryRow[], canSay: boolean, scanned: { lot?: string; serial?: string }): ScannedTracking[] {
  const same = (a: string | null, b: string) => a !== null && a.toUpperCase() === b.toUpperCase();
  const out: ScannedTracking[] = [];
  const say = (kind: ScannedTracking['kind'], value: string, held: boolean) => out.push({ kind, value, held: held ? true : canSay ? false : null });
  if (scanned.lot) say('lot', scanned.lot, rows.some((r) => same(r.lot, scanned.lot!)));
  if (scanned.serial) say('serial', scanned.serial, rows.some((r) => same(r.serial, scanned.serial!)));
  return out;
}

export function inventoryByLocation(db: ReadDb, args: { locationId: string }, options: QueryOptions): InventoryAnswer {
  const selected = select(db, { locationId: args.locationId }, options.now ?? new Date());
  if (selected.rows.length > 0) return withItemsOnHand(answer(db, selected, options, undefined, [stockStates(db, selected.facts).of(selected.rows[0].facilityId)]));
  // Nothing stored here: is the location known at all, and how old is its facility's stock?
  const location = locationById(db, args.locationId);
  if (!location) throw new AisleError('not_found', 'This location is not in the offline data.');
  const states = stockStates(db, null);
  return withItemsOnHand(answer(db, selected, options, location.facilityId ?? undefined, location.facilityId ? [states.of(location.facilityId)] : states.all));
}

/**
 * Each item's on hand in a location, for a scan list counting there: only when the location's stock
 * is here whole, so that an item not listed truly has none (a partial reading gives no figure).
 */
export function withItemsOnHand(found: InventoryAnswer): InventoryAnswer {
  if (found.summary.covers.length === 0) return found;
  const byItem = new Map<string, number>();
  for (const row of found.rows) byItem.set(row.itemId, (byItem.get(row.itemId) ?? 0) + row.onHand);
  return { ...found, onHandByItem: [...byItem].map(([itemId, onHand]) => ({ itemId, onHand })) };
}

export function inventoryByLot(db: ReadDb, args: { lot?: string; serial?: string }, options: QueryOptions): InventoryAnswer {
  if (!args.lot && !args.serial) throw new AisleError('invalid_argument', 'Give a lot or a serial number.');
  const selected = select(db, { lot: args.lot, serial: args.serial }, options.now ?? new Date());
  return answer(db, selected, options, undefined, stockStates(db, selected.facts).all);
}

function select(db: ReadDb, filter: StockFilter, now: Date): Selected {
  const raws = stockRows(db, filter);
  if (raws.length === 0) return { rows: [], facilities: new Map(), facts: null };
  const days = expiryDays(now);
  const facts = readFacts(db);
  const { datasets, facilityNames } = facts;
  const rows: InventoryRow[] = new Array(raws.length);
  // Each facility's stock is one snapshot: its rows carry its sync time. They come together, so the
  // facts are looked up once per run of one facility's rows, not once per row.
  const facilities = new Map<string, FacilityFacts>();
  let last: string | null = null;
  for (let i = 0; i < raws.length; i++) {
    const raw = raws[i];
    const row = (rows[i] = toRow(raw, days));
    if (row.facilityId !== last) {
      last = row.facilityId;
      facilities.set(last, { name: raw[1] === null ? null : (facilityNames.get(raw[1]) ?? null), syncedAt: datasets.get(raw[15])?.lastSuccessAt ?? null });
    }
  }
  return { rows, facilities, facts };
}

/**
 * Rows in order (facility, location code naturally, SKU naturally, expiry, id), totals per facility, and the age of
 * the stock snapshots of the facilities in the answer (and of `facilityId`, asked for).
 */
function answer(db: ReadDb, { rows, facilities }: Selected, options: QueryOptions, facilityId: string | undefined, stock: FacilityStock[]): InventoryAnswer {
  const now = options.now ?? new Date();
  const byPlace = placeOrder();
  // Rows often come in order (one location's, or one item's in a single location): no sort then.
  if (!inOrder(rows, byPlace)) rows.sort(byPlace);
  const age =
    rows.length > 0 && (!facilityId || facilities.has(facilityId))
      ? combinedAge([...facilities.values()].map((facts) => ({ list: 'inventory', lastSuccessAt: facts.syncedAt })), 'inventory', options.staleAfter, now)
      : snapshotsAge(db, new Set([...facilities.keys(), ...(facilityId ? [facilityId] : [])]), options, now);
  return { rows, totals: totals(rows, facilities), age, stock, summary: summary(rows, stock) };
}

/**
 * The figures a page shows first: summed over the facilities of the answer whose stock is here
 * whole, and only those. Rows of a facility still loading are left out of them, as it is not whole.
 */
function summary(rows: readonly InventoryRow[], stock: readonly FacilityStock[]): StockSummary {
  const named = (s: FacilityStock): FacilityName => ({ facilityId: s.facilityId, name: s.facilityName ?? s.facilityId });
  const whole = new Set(stock.filter((s) => s.state === 'complete').map((s) => s.facilityId));
  const out: StockSummary = { covers: stock.filter((s) => whole.has(s.facilityId)).map(named), notHere: stock.filter((s) => !whole.has(s.facilityId)).map(named), onHand: 0, allocated: 0, available: 0 };
  for (const row of rows) {
    if (!whole.has(row.facilityId)) continue;
    out.onHand += row.onHand;
    out.allocated += row.allocated;
    out.available += row.available;
  }
  return out;
}

interface StockStates {
  /** Every facility known: those whose stock is kept (in the datasets' order), then the others. */
  all: FacilityStock[];
  of(facilityId: string): FacilityStock;
}

// Derived from the datasets table once per change of the file (readFacts' facts change with it),
// not once per answer.
const stockCache = new WeakMap<MirrorFacts, StockStates>();

/** Whether the mirror holds each facility's stock (see StockState). */
function stockStates(db: ReadDb, known: MirrorFacts | null): StockStates {
  const facts = known ?? readFacts(db);
  const cachedStates = stockCache.get(facts);
  if (cachedStates) return cachedStates;
  const byId = new Map<string, FacilityStock>();
  for (const d of allDatasets(db)) {
    if (d.list !== 'inventory' || d.scope_kind !== 'facility' || d.scope_id === null) continue;
    const state = stockState(d);
    const error = state === 'complete' ? { error: null } : { error: d.last_error_message, ...lastErrorNotice(d) };
    byId.set(d.scope_id, { facilityId: d.scope_id, facilityName: facts.facilityNames.get(d.scope_id) ?? null, state, datasetKey: d.key, ...error });
  }
  const notKept = (id: string): FacilityStock => ({ facilityId: id, facilityName: facts.facilityNames.get(id) ?? null, state: 'not-kept', datasetKey: null, error: null });
  for (const id of facts.facilityNames.keys()) if (!byId.has(id)) byId.set(id, notKept(id));
  const states: StockStates = { all: [...byId.values()], of: (id) => byId.get(id) ?? notKept(id) };
  stockCache.set(facts, states);
  return states;
}

/** A server that refuses the stock call (no such endpoint, not allowed) does not offer stock. */
const REFUSED = new Set(['not_found', 'forbidden']);

function stockState(d: DatasetRow): StockState {
  if (d.last_success_at !== null) return 'complete';
  if (d.last_error_code === null) return 'loading';
  return REFUSED.has(d.last_error_code) ? 'not-offered' : 'failed';
}

/** The answer's order: facility, location code naturally, SKU naturally, expiry (none last), id. */
function placeOrder(): (a: InventoryRow, b: InventoryRow) => number {
  const codes = naturalComparer();
  return (a, b) =>
    compareText(a.facilityId, b.facilityId) ||
    codes(a.locationCode, b.locationCode) ||
    codes(a.sku, b.sku) ||
    compareText(a.expiry ?? '9999', b.expiry ?? '9999') ||
    compareText(a.id, b.id);
}

function inOrder<T>(list: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let i = 1; i < list.length; i++) if (compare(list[i - 1], list[i]) > 0) return false;
  return true;
}

/** The age of the stock snapshots of these facilities (all of them if none) from the datasets table. */
function snapshotsAge(db: ReadDb, facilities: Set<string>, options: QueryOptions, now: Date) {
  const inventorySets = datasetsOf(readDatasets(db), 'inventory').filter((d) => facilities.size === 0 || (d.scopeId !== null && facilities.has(d.scopeId)));
  return combinedAge(inventorySets, 'inventory', options.staleAfter, now);
}

/** localeCompare, skipped when equal (the usual case between rows of one answer). */
function compareText(a: string, b: string): number {
  return a === b ? 0 : a.localeCompare(b);
}

function toRow(raw: StockRow, days: ExpiryDays): InventoryRow {
  const [id, facilityId, locationId, locationCode, itemId, sku, description, lot, serial, expiry, uom, onHandValue, allocatedValue, available, status] = raw;
  const onHand = Number(onHandValue ?? 0);
  const allocated = Number(allocatedValue ?? 0);
  return {
    id,
    facilityId: facilityId ?? '',
    locationId,
    locationCode: locationCode ?? '',
    itemId,
    sku: sku ?? '',
    description,
    lot,
    serial,
    expiry,
    expiryState: expiryStateOn(expiry, days),
    uom,
    onHand,
    allocated,
    available: available === null ? onHand - allocated : Number(available),
    status: (status ?? 'AVAILABLE') as InventoryRow['status'],
  };
}

interface ExpiryDays {
  today: string;
  soon: string;
}

function expiryDays(now: Date): ExpiryDays {
  return { today: now.toISOString().slice(0, 10), soon: new Date(now.getTime() + SOON_EXPIRY_DAYS * 86_400_000).toISOString().slice(0, 10) };
}

/** `expired` before today, `soon` within SOON_EXPIRY_DAYS, else `ok`; null without an expiry. */
export function expiryState(expiry: string | null, now: Date): InventoryRow['expiryState'] {
  return expiryStateOn(expiry, expiryDays(now));
}

function expiryStateOn(expiry: string | null, days: ExpiryDays): InventoryRow['expiryState'] {
  if (!expiry) return null;
  const day = expiry.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  if (day < days.today) return 'expired';
  return day <= days.soon ? 'soon' : 'ok';
}

function totals(rows: InventoryRow[], facilities: Map<string, FacilityFacts>): InventoryTotals[] {
  const byFacility = new Map<string, InventoryTotals>();
  const places = new Map<string, Set<string>>();
  for (const row of rows) {
    let total = byFacility.get(row.facilityId);
    let locations = places.get(row.facilityId);
    if (!total || !locations) {
      total = { facilityId: row.facilityId, facilityName: facilities.get(row.facilityId)?.name ?? null, onHand: 0, allocated: 0, available: 0, locations: 0 };
      byFacility.set(row.facilityId, total);
      places.set(row.facilityId, (locations = new Set()));
    }
    total.onHand += row.onHand;
    total.allocated += row.allocated;
    total.available += row.available;
    if (!locations.has(row.locationId)) {
      locations.add(row.locationId);
      total.locations++;
    }
  }
  return [...byFacility.values()];
}
