// The search box's probes in few statements: every exact probe of a query (barcodes, SKU, location
// barcode and code, other lists' codes) is ONE compound statement, every full-text probe of one mode
// another, the prefix probes a few (prefixRows). A statement costs SQLite a fixed microsecond or so
// however little it does, about what a whole index probe costs, so probes that find a row or two
// share one.
// Each row carries what its hit shows and its dataset's sync time, or on pages its dataset's id and
// facility's id, named from one read of the datasets and facilities (readFacts): building the
// answer reads nothing else. An item's row carries its stock summary too (item_stock, a narrow table
// by the item's id, or on a page its copy by the item's rid, in the same statement: a statement of
// its own for a page of hits cost more than its probes).
import type { ReadDb } from '../handles.ts';
import { cached, ftsQuery, type PrefixMode, sqlVariants, stmt } from '../statements.ts';

/** Where a hit came from: its table and the field that matched. A row names it by index (a number costs less to read than a string). */
export const SOURCES = [
  ['item', 'gtin'],
  ['item', 'upc'],
  ['item', 'sku'],
  ['item', 'description'],
  ['item', 'lot'],
  ['item', 'serial'],
  ['location', 'barcode'],
  ['location', 'code'],
  ['record', 'code'],
  ['record', 'email'],
  ['record', 'name'],
] as const;

type Table = (typeof SOURCES)[number][0];

function source(table: Table, field: string): number {
  const index = SOURCES.findIndex(([t, f]) => t === table && f === field);
  if (index < 0) throw new Error(`no hit source ${table}.${field}`);
  return index;
}

/** One hit as a raw row: where it came from (SOURCES), and what the hit shows. */
export type HitRow = [
  source: number,
  /** The record's list (records only; null for items and locations). */
  list: string | null,
  id: string,
  code: string | null,
  /** Item description, record name; null for locations. */
  title: string | null,
  /** Item UPC; location type. */
  a: string | null,
  /** Item GTIN; location zone. */
  b: string | null,
  /**
   * Location's facility: its name on rows dated by `syncedAt` (a lookup of a few rows: one probe
   * each, in the same statement); its id on rows of a page, dated by `datasetId` (named from
   * readFacts, which the page reads anyway: one map instead of a probe per row).
   */
  c: string | null,
  /** Exact matches: the last sync of the dataset that delivered the row (null if never, or that dataset is gone). */
  syncedAt: string | null,
  /** Prefix and word matches: that dataset's id, to be dated from the datasets table (readDatasets). */
  datasetId: number | null,
  /** A location's facility id (the home facility's locations rank first); null for other records. */
  facilityId: string | null,
  /** An item's stock on hand (item_stock); null for an item without any and for other records. */
  onHand: number | null,
  /** Where most of that item's stock is (a row without a facility first): its location code and facility id. */
  stockCode: string | null,
  stockFacility: string | null,
];

// A lookup of a few rows dates each row with a correlated subquery (not a join: a join costs every
// probe a cursor, hit or not); a page of 50 rows names its dataset, dated once for the page.
const AGE = `(SELECT d.last_success_at FROM datasets d WHERE d.dataset_id = x.dataset_id), NULL`;
const DATASET = `NULL, x.dataset_id`;
type Dating = typeof AGE | typeof DATASET;
// An item's stock summary (item_stock), the same way: on a lookup of a few rows, three probes of its
// one narrow row as subqueries; on a page, a join (its cursor costs the statement a fixed amount,
// which a page's many items repay: docs/decisions/0015-hit-stock.md), with the copy of the summary
// by the item's row (item_stock_by_rid, migration 21): an integer probe by the rid the page's index
// carries, half as dear as one by the item's id. A copy counts only where it names the item's own
// id, which the join checks once per hit (not once per column); for an item without such a copy,
// the summary is probed by id (decision 0031).
const STOCK_PROBES = ['on_hand', 'location_code', 'facility_id'].map((column) => `(SELECT st.${column} FROM item_stock st WHERE st.item_id = x.id)`).join(', ');
const STOCK_JOINED = ['on_hand', 'location_code', 'facility_id']
  .map((column) => `CASE WHEN st.rid IS NOT NULL THEN st.${column} ELSE (SELECT s.${column} FROM item_stock s WHERE s.item_id = x.id) END`)
  .join(', ');
const STOCK_JOIN = `LEFT JOIN item_stock_by_rid st ON st.rid = x.rid AND st.item_id = x.id`;
const NO_STOCK = `NULL, NULL, NULL`;
// A lookup whose hits show no stock (a scan's exact lookup) probes none: `stock` false.
const item = (field: string, where: string, dating: Dating = AGE, stock = true) =>
  dating === AGE
    ? `SELECT ${source('item', field)}, NULL, x.id, x.sku, x.description, x.upc, x.gtin, NULL, ${dating}, NULL, ${stock ? STOCK_PROBES : NO_STOCK} FROM items x WHERE ${where}`
    : `SELECT ${source('item', field)}, NULL, x.id, x.sku, x.description, x.upc, x.gtin, NULL, ${dating}, NULL, ${STOCK_JOINED} FROM items x ${STOCK_JOIN} WHERE ${where}`;
const FACILITY_NAME = `(SELECT COALESCE(f.name, f.code) FROM records f WHERE f.list = 'facilities' AND f.id = x.facility_id LIMIT 1)`;
const location = (field: string, where: string, dating: Dating = AGE) =>
  `SELECT ${source('location', field)}, NULL, x.id, x.code, NULL, x.type, x.zone, ${dating === AGE ? FACILITY_NAME : 'x.facility_id'}, ${dating}, x.facility_id, ${NO_STOCK}
   FROM locations x WHERE ${where}`;
// Carriers have neither code nor name in the spec: their alias stands in for both.
const record = (field: string, where: string, dating: Dating = AGE) =>
  `SELECT ${source('record', field)}, x.list, x.id, COALESCE(x.code, json_extract(x.raw, '$.alias')), COALESCE(x.name, json_extract(x.raw, '$.alias')),
     NULL, NULL, NULL, ${dating}, NULL, ${NO_STOCK} FROM records x WHERE ${where}`;
const union = (members: string[]) => members.join('\nUNION ALL ');

/** At most this many exact matches in all (a code shared by many records is not a scan's answer). */
const EXACT_LIMIT = 100;

export interface ExactProbe {
  /** The code as typed (SKU, barcodes, other lists' codes). */
  text: string;
  /** Barcode spellings to match against UPC and GTIN; empty for none. */
  barcodes: readonly string[];
  /** codeKey of the text, for location codes however typed; '' for none. */
  key: string;
}

/** Every exact match of a code, in one statement; `stock`: an item's row carries its stock summary. */
export function exactRows(db: ReadDb, probe: ExactProbe, stock = true): HitRow[] {
  const barcodes = probe.barcodes.length > 0;
  const text = probe.text !== '';
  const key = probe.key !== '';
  const email = probe.text.includes('@');
  if (!barcodes && !text && !key) return [];
  const params: unknown[] = [];
  if (barcodes) {
    // The spellings as one JSON parameter: cheaper to bind than a list of parameters.
    const list = JSON.stringify(probe.barcodes);
    params.push(list, list);
  }
  if (text) params.push(probe.text, probe.text, probe.text);
  if (email) params.push(probe.text);
  if (key) params.push(probe.key);
  const variant = (+stock << 4) | (+barcodes << 3) | (+text << 2) | (+email << 1) | +key;
  return stmt(db, exactSql(variant)).raw().all(...params) as HitRow[];
}

/** exactRows' SQL by which probes it makes (barcodes, text, email, key) and whether items carry stock, one bit each. */
const exactSql = sqlVariants((variant) => {
  const [stock, barcodes, text, email, key] = [variant & 16, variant & 8, variant & 4, variant & 2, variant & 1].map(Boolean);
  const members: string[] = [];
  if (barcodes) members.push(item('gtin', `x.gtin IN (SELECT value FROM json_each(?))`, AGE, stock), item('upc', `x.upc IN (SELECT value FROM json_each(?))`, AGE, stock));
  if (text) members.push(item('sku', 'x.sku = ?', AGE, stock), location('barcode', 'x.barcode = ?'), record('code', 'x.code = ?'));
  // Users by e-mail (case-insensitive): the users list is small; its `code` is not always the e-mail.
  if (email) members.push(record('email', `x.list = 'users' AND lower(json_extract(x.raw, '$.email')) = lower(?)`));
  if (key) members.push(location('code', 'x.code_norm = ?'));
  return `${union(members)}\nLIMIT ${EXACT_LIMIT}`;
});

/**
 * Items whose GTIN or UPC is one of these spellings: a scanned barcode's whole answer when it names
 * an item. One equality probe per spelling and column (an IN list costs SQLite a temporary table
 * per call, more than the probes themselves).
 */
export function barcodeRows(db: ReadDb, barcodes: readonly string[], stock = true): HitRow[] {
  if (barcodes.length === 0) return [];
  return stmt(db, barcodeSql((barcodes.length << 1) | +stock)).raw().all(...barcodes, ...barcodes) as HitRow[];
}

/** barcodeRows' SQL by number of spellings (a GTIN has at most four, and the digits as typed), and whether items carry stock (the low bit). */
const barcodeSql = sqlVariants((variant) => {
  const count = variant >> 1;
  const each = (field: string) => Array.from({ length: count }, () => item(field, `x.${field} = ?`, AGE, (variant & 1) === 1));
  return `${union([...each('gtin'), ...each('upc')])}\nLIMIT ${EXACT_LIMIT}`;
});

/** Items held in stock under this lot or serial number (field `lot` or `serial`). */
export function trackingRows(db: ReadDb, value: string): HitRow[] {
  return stmt(db, TRACKING_SQL).raw().all(value, value) as HitRow[];
}

const TRACKING_SQL = `SELECT s.source, NULL, x.id, x.sku, x.description, x.upc, x.gtin, NULL, ${AGE}, NULL, ${STOCK_PROBES} FROM items x JOIN (
    SELECT item_id, ${source('item', 'lot')} AS source FROM inventory WHERE lot = ?
    UNION ALL SELECT item_id, ${source('item', 'serial')} AS source FROM inventory WHERE serial = ? LIMIT 200
  ) s ON x.id = s.item_id LIMIT 20`;

/** Items held in stock under a lot or serial number starting with `prefix`, each item once, `limit` at most. */
export function trackingPrefixRows(db: ReadDb, prefix: string, limit: number): HitRow[] {
  const n = sqlLimit(limit);
  return stmt(db, cached(`tracking prefix ${n}`, () => trackingPrefixSql(n))).raw().all(prefix, prefix + '\uffff', prefix, prefix + '\uffff') as HitRow[];
}

// Each range through its partial index (a comparison with the column says it is not null); a lot
// shared by many stock rows gives its items once.
const trackingPrefixSql = (limit: number) => `SELECT s.source, NULL, x.id, x.sku, x.description, x.upc, x.gtin, NULL, ${AGE}, NULL, ${STOCK_PROBES} FROM items x JOIN (
    SELECT item_id, min(source) AS source FROM (
      SELECT * FROM (SELECT item_id, ${source('item', 'lot')} AS source FROM inventory WHERE lot >= ? AND lot < ? ORDER BY lot LIMIT 200)
      UNION ALL SELECT * FROM (SELECT item_id, ${source('item', 'serial')} AS source FROM inventory WHERE serial >= ? AND serial < ? ORDER BY serial LIMIT 200)
    ) GROUP BY item_id LIMIT ${limit}
  ) s ON x.id = s.item_id`;

/**
 * Items held in stock under a lot or serial number that holds `part` anywhere, compared as codes
 * are (upper case, letters and digits only: `q8` and `261017Q8` find `LOT-261017-Q8`), each item
 * once, `limit` at most. The codes are found among the distinct lots and serials held
 * (stock_codes): a part of three characters or more through their trigram index, a shorter one by
 * reading their keys (far fewer than the stock rows); the stock rows then by those codes, through
 * their lot and serial indexes. A miss reads no stock row (stockCodesHold tells it first).
 */
export function trackingPartRows(db: ReadDb, part: string, limit: number): HitRow[] {
  const n = sqlLimit(limit);
  const indexed = part.length >= TRIGRAM;
  const sql = cached(`tracking part ${n} ${indexed ? 'indexed' : 'read'}`, () => trackingPartSql(n, indexed));
  return stmt(db, sql).raw().all(indexed ? trigramPhrase(part) : part) as HitRow[];
}

/** The trigram index finds a part of at least this many characters. */
export const TRIGRAM = 3;

const trigramPhrase = (part: string) => `"${part.replaceAll('"', '""')}"`;

/**
 * True when a lot or serial held holds this key (at least TRIGRAM characters) anywhere: the trigram
 * index alone, without the statement that goes on to the stock rows (as dear again, even when it
 * finds no code). A miss is the usual case: a typo, a code this workstation does not hold.
 */
export function stockCodesHold(db: ReadDb, key: string): boolean {
  return stmt(db, PART_HELD_SQL).pluck().get(trigramPhrase(key)) !== undefined;
}

const PART_HELD_SQL = 'SELECT 1 FROM stock_codes_fts WHERE stock_codes_fts MATCH ? LIMIT 1';

/**
 * True when a lot or serial held is this code (case aside), from the codes held (stock_codes, which
 * holds every code that has a key: stockCodeKey). One probe of their unique index: far less than
 * the two probes of the stock rows and the joins an exact statement's lots and serials cost, which a
 * search then makes only for a code that is held (nearly always, a scanned or typed code is not).
 */
export function stockCodeHeld(db: ReadDb, code: string): boolean {
  return stmt(db, CODE_HELD_SQL).pluck().get(code) !== undefined;
}

const CODE_HELD_SQL = 'SELECT 1 FROM stock_codes WHERE code = ?';

const trackingPartSql = (limit: number, indexed: boolean) => `WITH codes AS MATERIALIZED (
    ${indexed ? 'SELECT code FROM stock_codes WHERE rid IN (SELECT rowid FROM stock_codes_fts WHERE stock_codes_fts MATCH ?)' : 'SELECT code FROM stock_codes WHERE instr(key, ?) > 0'}
  )
  SELECT s.source, NULL, x.id, x.sku, x.description, x.upc, x.gtin, NULL, ${AGE}, NULL, ${STOCK_PROBES} FROM items x JOIN (
    SELECT item_id, min(source) AS source FROM (
      SELECT item_id, ${source('item', 'lot')} AS source FROM inventory WHERE lot IN (SELECT code FROM codes)
      UNION ALL SELECT item_id, ${source('item', 'serial')} AS source FROM inventory WHERE serial IN (SELECT code FROM codes)
    ) GROUP BY item_id LIMIT ${limit}
  ) s ON x.id = s.item_id`;

/** Locations whose code's key (code_norm) is one of these keys: a code typed without its leading zeros, spelled each way it may be stored. */
export function locationKeyRows(db: ReadDb, keys: readonly string[]): HitRow[] {
  if (keys.length === 0) return [];
  return stmt(db, LOCATION_KEYS_SQL).raw().all(JSON.stringify(keys)) as HitRow[];
}

const LOCATION_KEYS_SQL = `${location('code', 'x.code_norm IN (SELECT value FROM json_each(?))')}\nLIMIT ${EXACT_LIMIT}`;

/** One record by its list and server id, as a hit row (a recently opened record); undefined when it is gone. */
export function recordRow(db: ReadDb, table: 'items' | 'locations' | 'records', list: string, id: string): HitRow | undefined {
  const row =
    table === 'records'
      ? stmt(db, BY_ID.records).raw().get(list, id)
      : stmt(db, BY_ID[table]).raw().get(id);
  return row as HitRow | undefined;
}

const BY_ID = {
  items: item('sku', 'x.id = ?'),
  locations: location('code', 'x.id = ?'),
  records: `${record('code', 'x.list = ? AND x.id = ?')} LIMIT 1`,
};

export interface PrefixProbe {
  text: string;
  /** Digits typed by hand: also UPC and GTIN prefixes. */
  digits: boolean;
  key: string;
}

/**
 * An item of a page of hits by prefix, as its statement gives it: the item's own values and its
 * stock summary. The values every row of the page shares (where the hit came from, the empty list,
 * facility and sync time of an item) are not read: better-sqlite3 sets every value of a row into
 * its array with a call of its own, constants too, which on a page of 50 items cost a quarter of the
 * statement; and the hit is made from this row itself, with no second array a hit (decision 0032).
 */
export type ItemPageRow = [id: string, code: string | null, title: string | null, upc: string | null, gtin: string | null, datasetId: number, onHand: number | null, stockCode: string | null, stockFacility: string | null];

/** A page of items by one column's prefix, and where its hits came from (SOURCES). */
export interface ItemPage {
  source: number;
  rows: ItemPageRow[];
}

/** The rows of the prefix probes: the items' pages (SKU first), then the other records'. */
export interface PrefixRows {
  items: ItemPage[];
  others: HitRow[];
}

/**
 * Codes starting with the text: SKUs, barcodes (digits), location codes (by key), other lists'
 * codes; `limit` of each. Items, whose codes fill a page, each column in a statement of its own: in
 * a compound, each row of a member with its own ORDER BY and LIMIT is passed through a subquery,
 * which for a page of hits costs more than a statement of its own. The
 * probes that seldom find anything, location codes and other lists' codes, share one compound.
 */
export function prefixRows(db: ReadDb, probe: PrefixProbe, limit: number): PrefixRows {
  const text = [probe.text, probe.text + '\uffff'];
  const n = sqlLimit(limit);
  const items = [itemsByPrefix(db, 'sku', n, text)];
  if (probe.digits) items.push(itemsByPrefix(db, 'upc', n, text), itemsByPrefix(db, 'gtin', n, text));
  const key = probe.key !== '';
  const others = stmt(db, cached(`prefix others ${+key} ${n}`, () => othersByPrefixSql(key, n)))
    .raw()
    .all(...(key ? [probe.key, probe.key + '\uffff'] : []), ...text) as HitRow[];
  return { items, others };
}

function itemsByPrefix(db: ReadDb, column: 'sku' | 'upc' | 'gtin', limit: number, range: string[]): ItemPage {
  const sql = cached(`prefix ${column} ${limit}`, () => `SELECT x.id, x.sku, x.description, x.upc, x.gtin, x.dataset_id, ${STOCK_JOINED} FROM items x ${STOCK_JOIN} WHERE ${prefixRange(`x.${column}`, limit)}`);
  return { source: source('item', column), rows: stmt(db, sql).raw().all(...range) as ItemPageRow[] };
}

function othersByPrefixSql(key: boolean, limit: number): string {
  /** A member of a compound with its own ORDER BY / LIMIT. */
  const own = (select: string) => `SELECT * FROM (${select})`;
  const members = key ? [own(location('code', prefixRange('x.code_norm', limit), DATASET))] : [];
  members.push(own(record('code', prefixRange('x.code', limit), DATASET)));
  return union(members);
}

const prefixRange = (column: string, limit: number) => `${column} >= ? AND ${column} < ? ORDER BY ${column} LIMIT ${limit}`;

/**
 * Records holding every word, `limit` per table: locations (code, barcode, zone), items (SKU,
 * barcodes, description) and other lists (code, name, text). `codeWords` (a code typed without its
 * separators, as whole words) looks at items and other lists only, as matches of their code.
 */
export function wordRows(db: ReadDb, words: readonly string[], limit: number, mode: PrefixMode, codeWords = false): HitRow[] {
  if (words.length === 0) return [];
  return matchRows(db, ftsQuery(words, mode), limit, codeWords);
}

/** Records matching an FTS5 query (ftsQuery, ftsAnyOf), as wordRows. */
export function matchRows(db: ReadDb, match: string, limit: number, codeWords = false): HitRow[] {
  const sql = cached(`words ${+codeWords} ${limit}`, () => {
    const fts = (table: string) => `x.rid IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ${sqlLimit(limit)})`;
    return codeWords
      ? union([item('sku', fts('items_fts'), DATASET), record('code', fts('records_fts'), DATASET)])
      : union([location('code', fts('locations_fts'), DATASET), item('description', fts('items_fts'), DATASET), record('name', fts('records_fts'), DATASET)]);
  });
  return stmt(db, sql).raw().all(...(codeWords ? [match, match] : [match, match, match])) as HitRow[];
}

// Limits are written into the SQL, not bound: SQLite plans with a bound LIMIT's value, so a
// statement with `LIMIT ?` is prepared again on every call (as with any value the planner reads).
function sqlLimit(limit: number): number {
  return Math.max(1, Math.min(1000, Math.trunc(limit) || 1));
}
