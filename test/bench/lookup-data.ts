// Generates a large warehouse into a mirror file through the mirror's own apply, deterministically
// (same sizes, same file). Codes follow the demo's shapes: SKU-0000001, UPC-A with a real check
// digit, GTIN-14, locations `A-03-02-B`, lots and expiries.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gs1CheckDigit } from '../../electron/core/shared/gs1/gs1.ts';
import { openMirror, PAGE_SIZE } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { SCHEMA_VERSION } from '../../electron/core/db/migrations/index.ts';
import { SEARCH_INDEXES } from '../../electron/core/mirror/search-index.ts';
import { keepSearchWords } from '../../electron/core/db/search-words/keep.ts';
import { loadDataset } from '../lookup/mirror-fixture.ts';
import { random } from './support/stats.ts';

export interface BenchSizes {
  items: number;
  locations: number;
  inventory: number;
}

export const FULL: BenchSizes = { items: 1_000_000, locations: 200_000, inventory: 2_000_000 };
export const QUICK: BenchSizes = { items: 20_000, locations: 4_000, inventory: 40_000 };

/**
 * The cached bench mirror's file name (test/.artifacts/), shared by the lookup and renderer benches:
 * the page size is in it, so a mirror built when new files had other pages is built again, as the app's would be.
 */
export const benchMirrorName = (sizes: BenchSizes) => `lookup-bench-v${SCHEMA_VERSION}-p${PAGE_SIZE}-${sizes.items}-${sizes.locations}-${sizes.inventory}.sqlite`;

export const ACCOUNTS = 4;
export const FACILITIES = 4;

const COLOURS = ['blue', 'red', 'green', 'black', 'white', 'yellow', 'orange', 'grey', 'silver', 'brown', 'purple', 'pink'];
const MATERIALS = ['steel', 'plastic', 'oak', 'cotton', 'rubber', 'glass', 'ceramic', 'nylon', 'copper', 'paper'];
const NOUNS = [
  'widget', 'gadget', 'bracket', 'hinge', 'bolt', 'washer', 'valve', 'hose', 'filter', 'cable', 'socket', 'switch', 'panel', 'tray',
  'bottle', 'jar', 'box', 'crate', 'tape', 'glove', 'mask', 'brush', 'roller', 'clamp', 'spring', 'gasket', 'fuse', 'lamp', 'battery',
  'charger', 'adapter', 'sensor', 'motor', 'pump', 'fan', 'belt', 'chain', 'wheel', 'castor', 'shelf',
];
const SIZES = ['small', 'medium', 'large', 'xl', 'mini', 'jumbo'];

export const sku = (i: number) => `SKU-${String(i).padStart(7, '0')}`;
export const itemId = (i: number) => `item-${i}`;
export function upc(i: number): string {
  const body = `0${String(10_000_000_000 + i).slice(1)}`.slice(0, 11);
  return body + gs1CheckDigit(body);
}
export const gtin = (i: number) => `00${upc(i)}`;

/** The i-th location code: zone letter, aisle, bay, level (`A-03-02-B`), unique up to 249,600. */
export function locationCode(i: number): string {
  const level = 'ABCDE'[i % 5];
  const bay = Math.floor(i / 5) % 48;
  const aisle = Math.floor(i / 240) % 40;
  const zone = String.fromCharCode(65 + (Math.floor(i / 9600) % 26));
  return `${zone}-${String(aisle + 1).padStart(2, '0')}-${String(bay + 1).padStart(2, '0')}-${level}`;
}
export const locationId = (i: number) => `loc-${i}`;
export const facilityOfLocation = (i: number, sizes: BenchSizes) => Math.floor((i * FACILITIES) / sizes.locations);

function* items(sizes: BenchSizes, account: number) {
  const rnd = random(1000 + account);
  for (let i = account; i < sizes.items; i += ACCOUNTS) {
    const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
    yield {
      id: itemId(i),
      account_id: `acc-${account}`,
      sku: sku(i),
      upc: upc(i),
      gtin: gtin(i),
      description: `${pick(COLOURS)} ${pick(MATERIALS)} ${pick(NOUNS)} ${pick(SIZES)}`,
      uom: 'EA',
      pack_qty: 1 + Math.floor(rnd() * 24),
      weight: Math.round(rnd() * 5000) / 100,
      lot_tracked: rnd() < 0.3,
      serial_tracked: false,
      enabled: true,
      modifiedon: '2026-11-01T00:00:00Z',
    };
  }
}

function* locations(sizes: BenchSizes, facility: number) {
  for (let i = 0; i < sizes.locations; i++) {
    if (facilityOfLocation(i, sizes) !== facility) continue;
    const code = locationCode(i);
    yield { id: locationId(i), facility_id: `fac-${facility}`, code, zone: code[0], type: i % 7 === 0 ? 'BULK' : 'PICK', barcode: `L${code.replace(/-/g, '')}${i % 10}`, pickable: i % 7 !== 0, enabled: true };
  }
}

function* inventory(sizes: BenchSizes, facility: number) {
  const rnd = random(5000 + facility);
  const perFacility = Math.floor(sizes.inventory / FACILITIES);
  const firstLocation = Math.ceil((facility * sizes.locations) / FACILITIES);
  const locationsHere = Math.ceil(((facility + 1) * sizes.locations) / FACILITIES) - firstLocation;
  for (let n = 0; n < perFacility; n++) {
    const item = Math.floor(rnd() * sizes.items);
    const location = firstLocation + Math.floor(rnd() * locationsHere);
    const onHand = 1 + Math.floor(rnd() * 200);
    const allocated = Math.floor(rnd() * onHand * 0.3);
    yield {
      id: `inv-${facility}-${n}`,
      facility_id: `fac-${facility}`,
      location_id: locationId(location),
      location_code: locationCode(location),
      item_id: itemId(item),
      account_id: `acc-${item % ACCOUNTS}`,
      sku: sku(item),
      lot: `L${(item * 7 + n) % 100_000}`,
      serial: null,
      expiry: `2027-${String(1 + (n % 12)).padStart(2, '0')}-15`,
      uom: 'EA',
      qty_on_hand: onHand,
      qty_allocated: allocated,
      qty_available: onHand - allocated,
      status: rnd() < 0.95 ? 'AVAILABLE' : 'HOLD',
    };
  }
}

/** Fills `db` (a fresh mirror) with the given sizes; logs progress to `log`. */
export function buildBenchMirror(db: WriteDb, sizes: BenchSizes, log: (line: string) => void): void {
  const at = new Date().toISOString();
  loadDataset(db, { list: 'facilities', syncedAt: at }, Array.from({ length: FACILITIES }, (_, f) => ({ id: `fac-${f}`, code: `WH${f + 1}`, name: `Warehouse ${f + 1}` })));
  loadDataset(db, { list: 'accounts', syncedAt: at }, Array.from({ length: ACCOUNTS }, (_, a) => ({ id: `acc-${a}`, accountid: `ACC${a + 1}`, name: `Account ${a + 1}` })));
  for (let a = 0; a < ACCOUNTS; a++) {
    const started = Date.now();
    loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: `acc-${a}`, syncedAt: at }, items(sizes, a));
    log(`items of account ${a + 1}/${ACCOUNTS}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  for (let f = 0; f < FACILITIES; f++) {
    const started = Date.now();
    loadDataset(db, { list: 'locations', scopeKind: 'facility', scopeId: `fac-${f}`, syncedAt: at }, locations(sizes, f));
    loadDataset(db, { list: 'inventory', scopeKind: 'facility', scopeId: `fac-${f}`, syncedAt: at }, inventory(sizes, f));
    log(`locations and inventory of facility ${f + 1}/${FACILITIES}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  readWordsAfresh(db);
}

/**
 * The indexes' words read afresh, as a sync round that wrote most of a table does (sync/round/finish.ts):
 * loaded one dataset at a time, a large index's words would otherwise wait their hour, and the typo
 * search would find no item's word.
 */
function readWordsAfresh(db: WriteDb): void {
  keepSearchWords(db, Object.values(SEARCH_INDEXES).filter((index) => index !== undefined), { afresh: true });
}

/** Where the benches cache their mirrors (not in git). */
export const BENCH_ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));

/**
 * The bench mirror of these sizes, built once and cached under test/.artifacts/ (`rebuild`: built
 * again); a mirror cached by an older schema is brought up to date by the migrations, as the app would.
 */
export function cachedBenchMirror(sizes: BenchSizes, options: { rebuild?: boolean; log: (line: string) => void }): string {
  const { log } = options;
  const artifacts = BENCH_ARTIFACTS;
  const file = path.join(artifacts, benchMirrorName(sizes));
  if (options.rebuild) rmSync(file, { force: true });
  if (existsSync(file)) return file;
  mkdirSync(artifacts, { recursive: true });
  const older = readdirSync(artifacts).find((f) => f.endsWith(`-${sizes.items}-${sizes.locations}-${sizes.inventory}.sqlite`) && new RegExp(`^lookup-bench-v\\d+-p${PAGE_SIZE}-`).test(f));
  if (older) {
    log(`migrating ${older} to schema ${SCHEMA_VERSION}`);
    renameSync(path.join(artifacts, older), file);
    const db = openMirror(file);
    // Older caches were ANALYZEd; the app never is (see below).
    if (db.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat4'`).pluck().get()) db.exec('DELETE FROM sqlite_stat1; DELETE FROM sqlite_stat4;');
    // a migration may have added or reshaped the words' table: filled as the app's next round would
    readWordsAfresh(db);
    db.close();
    return file;
  }
  const building = `${file}.building`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(building + suffix, { force: true });
  log(`building ${path.basename(file)} (cached for the next runs)…`);
  const started = Date.now();
  const db = openMirror(building);
  buildBenchMirror(db, sizes, log);
  db.pragma('wal_checkpoint(TRUNCATE)');
  // No ANALYZE: the app never runs it, and with its STAT4 samples SQLite re-prepares every statement
  // whose plan a bound value could change, on every call, a cost each probe would pay (decision 0005).
  db.close();
  renameSync(building, file);
  log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return file;
}
