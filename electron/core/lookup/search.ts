// One search box for everything: a query (typed, pasted or scanned) is matched against items,
// locations and every other list, ranked exact code/barcode first, then code prefixes, then words.
import type { Statement } from 'better-sqlite3';
import type { MatchKind, RecordKind, ScanParse, SearchHit, SearchResult } from '../../contract/types.ts';
import type { MirrorDb } from '../mirror/open-mirror.ts';
import { codeKey, naturalCompare } from './codes.ts';
import { datasetAge, readDatasets, type DatasetInfo, type StaleThresholds } from './data-age.ts';
import * as items from './items.ts';
import { listDef } from './list-registry.ts';
import { scopeName } from './lists.ts';
import * as locations from './locations.ts';
import { classifyQuery, queryLines, type ClassifiedQuery } from './query-classify.ts';
import * as records from './records.ts';
import { MIN_PREFIX_LENGTH, type PrefixMode } from './statements.ts';

export interface SearchOptions {
  limit?: number;
  staleAfter: StaleThresholds;
  now?: Date;
}

const KIND_ORDER: RecordKind[] = ['location', 'item', 'account', 'customer', 'carrier', 'facility', 'user', 'channel', 'hazmat', 'other'];
const MATCH_ORDER: MatchKind[] = ['exact', 'prefix', 'word'];
/** Hits per line when several codes are pasted at once. */
const PER_LINE = 5;

interface Context {
  db: MirrorDb;
  datasets: Map<number, DatasetInfo>;
  recordLists: string[];
  staleAfter: StaleThresholds;
  now: Date;
  facilityNames: Map<string, string | null>;
}

/** Searches one query; several non-empty lines are looked up together, each on its own. */
export function searchAll(db: MirrorDb, query: string, options: SearchOptions): SearchResult {
  return inOneRead(db, () => searchAllNow(db, query, options));
}

function searchAllNow(db: MirrorDb, query: string, options: SearchOptions): SearchResult {
  const started = performance.now();
  const limit = options.limit ?? 50;
  const ctx = context(db, options);
  const lines = queryLines(query);
  if (lines.length > 1) {
    const perLine = lines.map((line) => ({ query: line, ...searchLine(ctx, line, Math.min(limit, PER_LINE), true) }));
    const seen = new Set<string>();
    const hits: SearchHit[] = [];
    for (const line of perLine) {
      for (const hit of line.hits) {
        const key = `${hit.list}\n${hit.id}`;
        if (!seen.has(key) && hits.length < limit) hits.push(hit);
        seen.add(key);
      }
    }
    return {
      query,
      scan: { kind: 'plain', text: query.trim() },
      hits,
      lines: perLine,
      tookMs: performance.now() - started,
    };
  }
  const { scan, hits } = searchLine(ctx, lines[0] ?? '', limit);
  return { query, scan, hits, tookMs: performance.now() - started };
}

/** Exact code and barcode matches only: what a scan needs, in a fraction of a millisecond. */
export function lookupExact(db: MirrorDb, code: string, options: SearchOptions): SearchHit[] {
  return inOneRead(db, () => {
    const ctx = context(db, options);
    const q = classifyQuery(code, ctx.now);
    return rank(exactHits(ctx, q), q.key).slice(0, options.limit ?? 50);
  });
}

/**
 * All probes of one query in one read transaction: one snapshot, and one WAL read lock instead of
 * one per statement (a probe costs about half as much inside it).
 */
function inOneRead<T>(db: MirrorDb, read: () => T): T {
  if (db.inTransaction) return read();
  statements(db).begin.run();
  try {
    return read();
  } finally {
    if (db.inTransaction) statements(db).commit.run();
  }
}

const transactionStatements = new WeakMap<MirrorDb, { begin: Statement; commit: Statement }>();

function statements(db: MirrorDb): { begin: Statement; commit: Statement } {
  let found = transactionStatements.get(db);
  if (!found) {
    found = { begin: db.prepare('BEGIN'), commit: db.prepare('COMMIT') };
    transactionStatements.set(db, found);
  }
  return found;
}

/** The lists kept in `records`, per datasets map (readDatasets returns the same map until a sync writes). */
const recordListsCache = new WeakMap<Map<number, DatasetInfo>, string[]>();

function context(db: MirrorDb, options: SearchOptions): Context {
  const datasets = readDatasets(db);
  let recordLists = recordListsCache.get(datasets);
  if (!recordLists) {
    recordLists = [...new Set([...datasets.values()].map((d) => d.list))].filter((list) => listDef(list).table === 'records');
    recordListsCache.set(datasets, recordLists);
  }
  return { db, datasets, recordLists, staleAfter: options.staleAfter, now: options.now ?? new Date(), facilityNames: new Map() };
}

/** One line. `codesOnly` (pasted lists of codes): exact matches, else prefixes, never words. */
function searchLine(ctx: Context, line: string, limit: number, codesOnly = false): { scan: ScanParse; hits: SearchHit[] } {
  if (line === '') return { scan: { kind: 'plain', text: '' }, hits: [] };
  const q = classifyQuery(line, ctx.now);
  if (q.scan.kind === 'misread') return { scan: q.scan, hits: [] };
  const found = exactHits(ctx, q);
  if (q.checkDigitProblem && found.length === 0) {
    // Digits shaped like a GTIN with a wrong check digit, matching nothing as typed: a misread.
    return { scan: { kind: 'misread', reason: q.checkDigitProblem, raw: line }, hits: [] };
  }
  // A scan names one thing: its exact matches are the whole answer.
  const isScan = q.scan.kind === 'gs1' || (q.gtins.length > 0 && found.length > 0);
  if (!isScan && !q.checkDigitProblem && !(codesOnly && found.length > 0)) {
    if (found.length < limit) found.push(...prefixHits(ctx, q, limit));
    // A code (digits in it, a few parts at most: `SKU-0001234`, `A03 02B`) that matched exactly is
    // answered; its pieces as words (`sku`, `0001234`) would only add noise and cost.
    const answered = codesOnly || (isCodeLike(q.text) && found.length > 0);
    if (!answered && uniqueCount(found) < limit) found.push(...wordHits(ctx, q, limit, found));
  }
  return { scan: q.scan, hits: rank(found, q.key).slice(0, limit) };
}

function isCodeLike(text: string): boolean {
  return /\d/.test(text) && text.split(/\s+/).length <= 3;
}

function uniqueCount(hits: SearchHit[]): number {
  return new Set(hits.map((hit) => `${hit.list}\n${hit.id}`)).size;
}

function exactHits(ctx: Context, q: ClassifiedQuery): SearchHit[] {
  const { db } = ctx;
  const hits: SearchHit[] = [];
  const barcodes = [...new Set([...q.gtins, ...(q.scan.kind !== 'gs1' && /^\d+$/.test(q.text) ? [q.text] : [])])];
  for (const { row, field } of items.itemsByBarcode(db, barcodes)) hits.push(itemHit(ctx, row, 'exact', field));
  // A valid GTIN that names an item is answered: no other list holds GTINs.
  if (q.gtins.length > 0 && hits.length > 0) return hits;
  if (q.scan.kind === 'gs1') {
    if (q.scan.sscc) hits.push(...codeHits(ctx, q.scan.sscc));
    if (q.scan.sscc && hits.length === 0) hits.push(...trackingHits(ctx, q.scan.sscc));
    // A label with only a lot or serial: the items stocked under it.
    const tracking = q.scan.gtin === null ? (q.scan.serial ?? q.scan.lot) : null;
    if (tracking) hits.push(...trackingHits(ctx, tracking));
    return hits;
  }
  hits.push(...codeHits(ctx, q.text));
  if (q.key !== '') for (const row of locations.locationsByCodeKey(db, q.key)) hits.push(locationHit(ctx, row, 'exact', 'code'));
  // Lots and serials are the weakest exact match and the dearest probe: only for codes nothing else has.
  if (hits.length === 0) hits.push(...trackingHits(ctx, q.text));
  return hits;
}

/** Items held in stock under this lot or serial number. */
function trackingHits(ctx: Context, value: string): SearchHit[] {
  return items.itemsByLotOrSerial(ctx.db, value).map(({ row, field }) => itemHit(ctx, row, 'exact', field));
}

/** Exact matches of a code as typed: SKU, location barcode, other lists' codes. */
function codeHits(ctx: Context, code: string): SearchHit[] {
  const { db } = ctx;
  const hits: SearchHit[] = [];
  for (const row of items.itemsBySku(db, code)) hits.push(itemHit(ctx, row, 'exact', 'sku'));
  for (const row of locations.locationsByBarcode(db, code)) hits.push(locationHit(ctx, row, 'exact', 'barcode'));
  for (const row of records.recordsByCode(db, ctx.recordLists, code)) hits.push(recordHit(ctx, row, 'exact', 'code'));
  if (code.includes('@') && ctx.recordLists.includes('users')) for (const row of records.usersByEmail(db, code)) hits.push(recordHit(ctx, row, 'exact', 'email'));
  return hits;
}

function prefixHits(ctx: Context, q: ClassifiedQuery, limit: number): SearchHit[] {
  const { db } = ctx;
  const hits: SearchHit[] = [];
  if (q.text === '') return hits;
  for (const row of items.itemsBySkuPrefix(db, q.text, limit)) hits.push(itemHit(ctx, row, 'prefix', 'sku'));
  if (/^\d{3,}$/.test(q.text)) for (const { row, field } of items.itemsByBarcodePrefix(db, q.text, limit)) hits.push(itemHit(ctx, row, 'prefix', field));
  if (q.key !== '') for (const row of locations.locationsByCodePrefix(db, q.key, limit)) hits.push(locationHit(ctx, row, 'prefix', 'code'));
  for (const row of records.recordsByCodePrefix(db, ctx.recordLists, q.text, limit)) hits.push(recordHit(ctx, row, 'prefix', 'code'));
  return hits;
}

function wordHits(ctx: Context, q: ClassifiedQuery, limit: number, already: SearchHit[]): SearchHit[] {
  const { db } = ctx;
  const hits: SearchHit[] = [];
  // A code typed without its separators (`mt1023` for `MT-1023`): its pieces as whole words.
  if (q.codeWords.length > 0) {
    for (const row of items.itemsByWords(db, q.codeWords, limit, 'whole')) hits.push(itemHit(ctx, row, 'word', 'sku'));
    for (const row of records.recordsByWords(db, q.codeWords, limit, 'whole')) hits.push(recordHit(ctx, row, 'word', 'code'));
  }
  const modes: PrefixMode[] = q.words.length > 1 ? ['whole', 'last', 'all'] : ['whole', 'last'];
  for (const mode of modes) {
    if (mode !== 'whole' && !q.words.some((word) => word.length >= MIN_PREFIX_LENGTH)) break;
    for (const row of locations.locationsByWords(db, q.words, limit, mode)) hits.push(locationHit(ctx, row, 'word', 'code'));
    for (const row of items.itemsByWords(db, q.words, limit, mode)) hits.push(itemHit(ctx, row, 'word', 'description'));
    for (const row of records.recordsByWords(db, q.words, limit, mode)) hits.push(recordHit(ctx, row, 'word', 'name'));
    const found = uniqueCount([...already, ...hits]);
    // Whole words that fill the page are enough; all-prefix only when nothing matched at all.
    if (found >= limit || (mode === 'last' && hits.length > 0)) break;
  }
  return hits;
}

/**
 * Best match first, each record once: match kind, then kind of record, then code in natural order.
 * A hit whose code has the query's key (`MT1023` for `MT-1023`) is an exact match however found.
 */
function rank(hits: SearchHit[], queryKey = ''): SearchHit[] {
  const best = new Map<string, SearchHit>();
  for (const found of hits) {
    const sameCode = queryKey !== '' && found.match !== 'exact' && found.code !== null && codeKey(found.code) === queryKey;
    const hit: SearchHit = sameCode ? { ...found, match: 'exact' } : found;
    const id = `${hit.list}\n${hit.id}`;
    const before = best.get(id);
    if (!before || MATCH_ORDER.indexOf(hit.match) < MATCH_ORDER.indexOf(before.match)) best.set(id, hit);
  }
  return [...best.values()].sort(
    (a, b) =>
      MATCH_ORDER.indexOf(a.match) - MATCH_ORDER.indexOf(b.match) ||
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      naturalCompare(a.code ?? a.title, b.code ?? b.title),
  );
}

function age(ctx: Context, datasetId: number, list: string) {
  return datasetAge(ctx.datasets.get(datasetId), list, ctx.staleAfter, ctx.now);
}

function itemHit(ctx: Context, row: items.ItemRow, match: MatchKind, field: string): SearchHit {
  const codes = [row.upc && `UPC ${row.upc}`, row.gtin && `GTIN ${row.gtin}`].filter(Boolean).join(' · ');
  return {
    kind: 'item',
    list: 'items',
    id: row.id,
    code: row.sku,
    title: row.description ?? row.sku ?? row.id,
    subtitle: [row.sku, codes].filter(Boolean).join(' · ') || null,
    match,
    field,
    age: age(ctx, row.datasetId, 'items'),
  };
}

function locationHit(ctx: Context, row: locations.LocationRow, match: MatchKind, field: string): SearchHit {
  let facility: string | null = null;
  if (row.facilityId) {
    if (!ctx.facilityNames.has(row.facilityId)) ctx.facilityNames.set(row.facilityId, scopeName(ctx.db, 'facility', row.facilityId));
    facility = ctx.facilityNames.get(row.facilityId) ?? null;
  }
  return {
    kind: 'location',
    list: 'locations',
    id: row.id,
    code: row.code,
    title: row.code ?? row.id,
    subtitle: [row.type, row.zone && `zone ${row.zone}`, facility].filter(Boolean).join(' · ') || null,
    match,
    field,
    age: age(ctx, row.datasetId, 'locations'),
  };
}

function recordHit(ctx: Context, row: records.RecordRow, match: MatchKind, field: string): SearchHit {
  const def = listDef(row.list);
  return {
    kind: def.kind,
    list: row.list,
    id: row.id,
    code: row.code,
    title: row.name ?? row.code ?? row.id,
    subtitle: [def.label, row.name && row.code && row.name !== row.code ? row.code : null].filter(Boolean).join(' · '),
    match,
    field,
    age: age(ctx, row.datasetId, row.list),
  };
}
