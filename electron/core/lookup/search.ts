// One search box for everything: a query (typed, pasted or scanned) is matched against items,
// locations and every other list, ranked exact code/barcode first, then code prefixes, then words.
import type { DataAge, MatchKind, RecordKind, ScanParse, SearchHit, SearchResult } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import { naturalSortKey } from '../shared/sort-key.ts';
import { stockCodeKey } from '../shared/normalise-code.ts';
import { codeParts, compareKeys, hasCodeKey, plainlyInNaturalOrder, zeroSpellings } from './codes.ts';
import { datasetAge, type MirrorFacts, readFacts, type StaleThresholds } from './data-age.ts';
import { barcodeRows, exactRows, type HitRow, type ItemPage, locationKeyRows, matchRows, prefixRows, recordRow, SOURCES, stockCodeHeld, stockCodesHold, TRIGRAM, trackingPartRows, trackingPrefixRows, trackingRows, wordRows } from '../db/read/search-hits.ts';
import { ftsAnyOf, inOneRead, MIN_PREFIX_LENGTH, type PrefixMode } from '../db/statements.ts';
import { HitStocks } from './hit-stock.ts';
import { listDef } from './list-registry.ts';
import { opensOf } from './hit-to-open.ts';
import { classifyQuery, queryLines, type ClassifiedQuery } from './query-classify.ts';
import { isCorrectable, isKnownWord, similarWords } from './similar-words.ts';

export interface SearchOptions {
  limit?: number;
  staleAfter: StaleThresholds;
  now?: Date;
  /** The home facility's id (home-facility.ts): its locations rank before other facilities'. */
  homeFacility?: string | null;
}

const KIND_ORDER: RecordKind[] = ['location', 'item', 'account', 'customer', 'carrier', 'facility', 'user', 'channel', 'hazmat', 'other'];
const MATCH_ORDER: MatchKind[] = ['exact', 'prefix', 'word'];
/** Hits per line when several codes are pasted at once. */
const PER_LINE = 5;

interface Context {
  db: ReadDb;
  home: string | null;
  staleAfter: StaleThresholds;
  now: Date;
  /** The last DataAge made from a sync time: hits of one dataset come together and share it. */
  lastAge: { list: string; syncedAt: string | null; age: DataAge } | null;
  /** DataAges by dataset: a page of prefix or word hits interleaves a few datasets (one per account); made on the first such hit. */
  ages: Map<number, DataAge> | null;
  /**
   * The datasets and the facilities' names, looked up once per query when a row names its dataset or
   * facility (readFacts keeps them per change of the file, which it checks with a statement).
   */
  facts: MirrorFacts | null;
  /** The stock item hits show, worded as each is made from its row; null for a lookup whose hits show none (lookupExact, hitsOfRecords). */
  stock: HitStocks | null;
  /** Whether a lot or serial held holds this key anywhere (stockCodesHold), asked once per key. */
  held: { key: string; held: boolean } | null;
}

/** Searches one query; several non-empty lines are looked up together, each on its own. */
export function searchAll(db: ReadDb, query: string, options: SearchOptions): SearchResult {
  return inOneRead(db, () => searchAllNow(db, query, options));
}

function searchAllNow(db: ReadDb, query: string, options: SearchOptions): SearchResult {
  const started = performance.now();
  const limit = options.limit ?? 50;
  const ctx = context(db, options, true);
  const stock = ctx.stock!;
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
    // All lines' hits in rank order, as one line's are: exact matches first, each line's order kept.
    hits.sort((a, b) => MATCH_ORDER.indexOf(a.match) - MATCH_ORDER.indexOf(b.match));
    stock.preferHome(db, hits);
    return {
      query,
      scan: { kind: 'plain', text: query.trim() },
      hits,
      opens: opensOf(hits),
      lines: perLine,
      tookMs: performance.now() - started,
    };
  }
  const { scan, hits, spelledAs } = searchLine(ctx, lines[0] ?? '', limit);
  stock.preferHome(db, hits);
  return { query, scan, hits, opens: opensOf(hits), ...(spelledAs ? { spelledAs } : {}), tookMs: performance.now() - started };
}

/**
 * Exact code and barcode matches only: what a scan needs, in a fraction of a millisecond. One
 * statement for a code that matches (a second, for lots and serials, only when nothing does). Its
 * hits carry no stock, so its statement reads none (an item's stock probes cost as much as its code's).
 */
export function lookupExact(db: ReadDb, code: string, options: SearchOptions): SearchHit[] {
  const ctx = context(db, options, false);
  const q = classifyQuery(code, ctx.now, false);
  return firstOf(rank(exactHits(ctx, q), q.key), options.limit ?? 50);
}

/** A record named by its list and server id; `table` is its list's table (list-registry.ts). */
export interface RecordRef {
  table: 'items' | 'locations' | 'records';
  list: string;
  id: string;
}

/**
 * The hits of these records, as a search would give them (`match` exact on their code), in the
 * order given, in one read: null for a record no longer in the mirror.
 */
export function hitsOfRecords(db: ReadDb, refs: readonly RecordRef[], options: SearchOptions): (SearchHit | null)[] {
  return inOneRead(db, () => {
    const ctx = context(db, options, false);
    return refs.map((ref) => {
      const row = recordRow(db, ref.table, ref.list, ref.id);
      return row ? toHit(ctx, row, 'exact') : null;
    });
  });
}

/** `stock`: the hits show their items' stock. */
function context(db: ReadDb, options: SearchOptions, stock: boolean): Context {
  const home = options.homeFacility ?? null;
  const ctx: Context = { db, home, staleAfter: options.staleAfter, now: options.now ?? new Date(), lastAge: null, ages: null, facts: null, stock: null, held: null };
  if (stock) ctx.stock = new HitStocks(() => factsOf(ctx), home);
  return ctx;
}

/** One line. `codesOnly` (pasted lists of codes): exact matches, else prefixes, never words. */
function searchLine(ctx: Context, line: string, limit: number, codesOnly = false): { scan: ScanParse; hits: SearchHit[]; spelledAs?: string } {
  if (line === '') return { scan: { kind: 'plain', text: '' }, hits: [] };
  const q = classifyQuery(line, ctx.now);
  if (q.scan.kind === 'misread') return { scan: q.scan, hits: [] };
  let found = exactHits(ctx, q);
  /** The hits hold each record once: rank need not look for repeats. */
  let eachOnce = false;
  if (q.checkDigitProblem && found.length === 0) {
    // Digits shaped like a GTIN with a wrong check digit, matching nothing as typed: a misread.
    return { scan: { kind: 'misread', reason: q.checkDigitProblem, raw: line }, hits: [] };
  }
  // A scan names one thing: its exact matches are the whole answer.
  const isScan = q.scan.kind === 'gs1' || (q.gtins.length > 0 && found.length > 0);
  if (!isScan && !q.checkDigitProblem && !(codesOnly && found.length > 0)) {
    if (found.length < limit) {
      // One prefix probe's rows name each record once (a barcode prefix reads items by three columns).
      eachOnce = found.length === 0 && !digitsPrefix(q);
      found = joinHits(found, prefixHits(ctx, q, limit));
      // Lots and serials typed halfway, only for a code nothing else starts with (as their exact probe).
      if (found.length === 0 && q.text.length >= MIN_PREFIX_LENGTH && !/\s/.test(q.text) && trackingMayMatch(ctx, q)) found = toHits(ctx, trackingPrefixRows(ctx.db, q.text, limit), 'prefix');
      // …or by any part of them, dashes and case aside (`Q8`, `261017q8`): a code with a digit only.
      if (found.length === 0 && q.key.length >= 2 && /\d/.test(q.key) && !/\s/.test(q.text) && (q.key.length < TRIGRAM || codesHold(ctx, q.key))) {
        found = toHits(ctx, trackingPartRows(ctx.db, q.key, limit), 'prefix');
      }
    }
    // A code (digits in it, a few parts at most: `SKU-0001234`, `A03 02B`) that matched exactly is
    // answered; its pieces as words (`sku`, `0001234`) would only add noise and cost.
    const answered = codesOnly || (isCodeLike(q.text) && found.length > 0);
    if (!answered && uniqueCount(found) < limit) {
      const words = wordHits(ctx, q, limit, found);
      eachOnce = found.length === 0 && words.eachOnce;
      found = joinHits(found, words.hits);
    }
    // Nothing at all: a word typed with a letter wrong is answered by the words one edit away.
    if (found.length === 0 && !codesOnly) {
      const spelled = spellingHits(ctx, q, limit);
      if (spelled) return { scan: q.scan, hits: firstOf(rank(spelled.hits), limit), spelledAs: spelled.spelledAs };
    }
  }
  return { scan: q.scan, hits: firstOf(rank(found, q.key, eachOnce), limit) };
}

/**
 * The hits of the query with each word the mirror does not hold replaced by the words one edit
 * away from it (any of them), and the query as found (each replaced word as the hits spell it);
 * null when no word was replaced or nothing was found.
 */
function spellingHits(ctx: Context, q: ClassifiedQuery, limit: number): { hits: SearchHit[]; spelledAs: string } | null {
  if (!q.words.some(isCorrectable)) return null;
  let replaced = false;
  const groups = q.words.map((word) => {
    if (!isCorrectable(word) || isKnownWord(ctx.db, word)) return [word];
    const similar = similarWords(ctx.db, word);
    if (similar.length === 0) return [word];
    replaced = true;
    return similar;
  });
  if (!replaced) return null;
  const hits = toHits(ctx, matchRows(ctx.db, ftsAnyOf(groups), limit), 'word');
  if (hits.length === 0) return null;
  const shown = hits.map((hit) => `${hit.title} ${hit.code ?? ''}`.toLowerCase());
  // of several words one edit away, the one most hits show: the likelier meant (`castr`: castor, not casar)
  const mostShown = (words: string[]) => {
    let best = words[0];
    let shownBest = 0;
    for (const word of words) {
      const count = shown.filter((text) => text.includes(word)).length;
      if (count > shownBest) [best, shownBest] = [word, count];
    }
    return best;
  };
  const spelledAs = groups.map(mostShown).join(' ');
  return { hits, spelledAs };
}

/** Both groups in one list: the second itself when the first is empty (a keystroke's usual case). */
function joinHits(first: SearchHit[], second: SearchHit[]): SearchHit[] {
  return first.length === 0 ? second : first.concat(second);
}

function firstOf(hits: SearchHit[], limit: number): SearchHit[] {
  return hits.length > limit ? hits.slice(0, limit) : hits;
}

function isCodeLike(text: string): boolean {
  return /\d/.test(text) && text.split(/\s+/).length <= 3;
}

/** Records among these hits, each counted once (by list and id). */
function uniqueCount(...groups: SearchHit[][]): number {
  if (groups.every((group) => group.length === 0)) return 0;
  const byList = new Map<string, Set<string>>();
  let count = 0;
  for (const group of groups) {
    for (const hit of group) {
      let ids = byList.get(hit.list);
      if (!ids) byList.set(hit.list, (ids = new Set()));
      if (!ids.has(hit.id)) {
        ids.add(hit.id);
        count++;
      }
    }
  }
  return count;
}

function exactHits(ctx: Context, q: ClassifiedQuery): SearchHit[] {
  const typed = q.scan.kind !== 'gs1' && /^\d+$/.test(q.text) ? q.text : null;
  const barcodes = withTyped(q.gtins, typed);
  // A valid GTIN that names an item is answered: no other list holds GTINs. The spelling as scanned
  // and its GTIN-14 first (how items usually store it: four probes), then every spelling.
  if (q.gtins.length > 0) {
    const first = withTyped([q.gtins[0]], typed);
    let byBarcode = barcodeRows(ctx.db, first, ctx.stock !== null);
    if (byBarcode.length === 0 && first.length < barcodes.length) byBarcode = barcodeRows(ctx.db, barcodes, ctx.stock !== null);
    if (byBarcode.length > 0) return toHits(ctx, byBarcode, 'exact');
  }
  const text = q.scan.kind === 'gs1' ? (q.scan.sscc ?? '') : q.text;
  let hits = toHits(ctx, exactRows(ctx.db, { text, barcodes, key: q.key }, ctx.stock !== null), 'exact');
  if (q.scan.kind === 'gs1') {
    if (q.scan.sscc && hits.length === 0) hits = trackingHits(ctx, q.scan.sscc);
    // A label with only a lot or serial: the items stocked under it.
    const lotOrSerial = q.scan.gtin === null ? (q.scan.serial ?? q.scan.lot) : null;
    if (lotOrSerial) hits.push(...trackingHits(ctx, lotOrSerial));
    return hits;
  }
  // A location code typed without its segments' leading zeros (`a-3-2-b` for A-03-02-B).
  if (hits.length === 0) hits = zeroLessHits(ctx, q.text);
  // Lots and serials are the weakest exact match: only for codes nothing else has, in a statement of
  // their own, and only for a code the codes held say may be one (decision 0033).
  if (hits.length === 0 && lotOrSerialMayBe(ctx, q.text)) hits = trackingHits(ctx, q.text);
  return hits;
}

/**
 * Whether a lot or serial held may be this code: asked of the codes held, which list every code that
 * has a key; a code of separators only (no key) may be one of those they do not list.
 */
function lotOrSerialMayBe(ctx: Context, code: string): boolean {
  return stockCodeKey(code) === null || stockCodeHeld(ctx.db, code);
}

/** Whether a lot or serial held holds this key anywhere, asked of the index once per key. */
function codesHold(ctx: Context, key: string): boolean {
  if (ctx.held?.key !== key) ctx.held = { key, held: stockCodesHold(ctx.db, key) };
  return ctx.held.held;
}

/**
 * False when no lot or serial can equal the text or start with it, because none holds its key
 * anywhere (a lot equal to the text, or starting with it, holds its key too); then neither probe
 * is made. Told so only of a plain ASCII text ending in a digit, with a key the trigram index can
 * find: after a letter, an accent that follows it in a lot would fold into it and change the lot's
 * key. True otherwise: the probes decide.
 */
function trackingMayMatch(ctx: Context, q: ClassifiedQuery): boolean {
  return q.key.length < TRIGRAM || !PLAIN_ENDING_IN_DIGIT.test(q.text) || codesHold(ctx, q.key);
}

const PLAIN_ENDING_IN_DIGIT = /^[\x20-\x7e]*[0-9]$/;

/** The spellings, and the digits as typed when they are not one of them (each once; a scan's usual case costs no Set). */
function withTyped(spellings: string[], typed: string | null): string[] {
  return typed === null || spellings.includes(typed) ? spellings : [...spellings, typed];
}

/** Locations whose code has the same parts as the text, leading zeros aside (codeParts); none for a code spelled in full. */
function zeroLessHits(ctx: Context, text: string): SearchHit[] {
  const keys = zeroSpellings(text);
  if (keys.length < 2) return [];
  const parts = codeParts(text);
  return toHits(ctx, locationKeyRows(ctx.db, keys), 'exact').filter((hit) => hit.code !== null && codeParts(hit.code) === parts);
}

/** Items held in stock under this lot or serial number. */
function trackingHits(ctx: Context, value: string): SearchHit[] {
  return toHits(ctx, trackingRows(ctx.db, value), 'exact');
}

function prefixHits(ctx: Context, q: ClassifiedQuery, limit: number): SearchHit[] {
  if (q.text === '') return [];
  const { items, others } = prefixRows(ctx.db, { text: q.text, digits: digitsPrefix(q), key: q.key }, limit);
  let hits: SearchHit[] = [];
  for (const page of items) if (page.rows.length > 0) hits = joinHits(hits, itemPageHits(ctx, page, 'prefix'));
  return others.length === 0 ? hits : joinHits(hits, toHits(ctx, others, 'prefix'));
}

function digitsPrefix(q: ClassifiedQuery): boolean {
  return /^\d{3,}$/.test(q.text);
}

const ONE_WORD_MODES: PrefixMode[] = ['whole', 'last'];
const WORDS_MODES: PrefixMode[] = ['whole', 'last', 'all'];

/** The hits of the query's words, and whether they hold each record once (`eachOnce`: rank need not look for repeats). */
function wordHits(ctx: Context, q: ClassifiedQuery, limit: number, already: SearchHit[]): { hits: SearchHit[]; eachOnce: boolean } {
  let hits: SearchHit[] = [];
  /** Probes that found anything. */
  let probes = 0;
  const add = (found: SearchHit[]) => {
    if (found.length === 0) return;
    hits = joinHits(hits, found);
    probes++;
  };
  // A code typed without its separators (`mt1023` for `MT-1023`): its pieces as whole words.
  if (q.codeWords.length > 0) add(toHits(ctx, wordRows(ctx.db, q.codeWords, limit, 'whole', true), 'word'));
  for (const mode of q.words.length > 1 ? WORDS_MODES : ONE_WORD_MODES) {
    if (mode !== 'whole' && !q.words.some((word) => word.length >= MIN_PREFIX_LENGTH)) break;
    add(toHits(ctx, wordRows(ctx.db, q.words, limit, mode), 'word'));
    const found = already.length === 0 && probes <= 1 && eachRecordOnceByTable(hits) ? hits.length : uniqueCount(already, hits);
    // Whole words that fill the page are enough; all-prefix only when nothing matched at all.
    if (found >= limit || (mode === 'last' && hits.length > 0)) break;
  }
  return { hits, eachOnce: probes <= 1 && eachRecordOnceByTable(hits) };
}

/**
 * True when the rows of one probe hold each of these records once: items and locations only, whose
 * ids are unique in their tables (a probe reads each table's rows by rowid sets). Other lists' records
 * of one id may be in several datasets, so they are counted by id.
 */
function eachRecordOnceByTable(hits: readonly SearchHit[]): boolean {
  for (let i = 0; i < hits.length; i++) if (hits[i].kind !== 'item' && hits[i].kind !== 'location') return false;
  return true;
}

/**
 * Best match first, each record once (`eachOnce`: the caller knows none repeats): match kind, then
 * kind of record, then the home facility's locations before others', then code in natural order.
 * A hit whose code has the query's key (`MT1023` for `MT-1023`) is an exact match however found.
 * Every hit here was made for this query (toHit), so a better match kind is set on the hit itself.
 * A page holds up to hundreds of hits per keystroke, and the usual one (one list's codes in index
 * order) is already ranked: it costs no sort keys and no copies.
 */
function rank(hits: SearchHit[], queryKey = '', eachOnce = false): SearchHit[] {
  if (queryKey !== '') {
    // by index: a page's loop, where an iterator may cost an allocation per hit
    for (let i = 0; i < hits.length; i++) {
      const hit = hits[i];
      if (hit.match !== 'exact' && hit.code !== null && hasCodeKey(hit.code, queryKey)) hit.match = 'exact';
    }
  }
  if (hits.length < 2) return hits;
  const unique = eachOnce ? hits : eachRecordOnce(hits);
  if (plainlyRanked(unique)) return unique;
  // Sort keys made once per hit, not once per comparison.
  const keyed = unique.map((hit) => ({ hit, match: MATCH_ORDER.indexOf(hit.match), kind: KIND_ORDER.indexOf(hit.kind), away: awayFromHome(hit), code: naturalSortKey(hit.code ?? hit.title) }));
  keyed.sort((a, b) => a.match - b.match || a.kind - b.kind || a.away - b.away || compareKeys(a.code, b.code));
  return keyed.map(({ hit }) => hit);
}

/** 1 for a location outside the home facility, 0 for one in it and for every other hit: the home facility's locations first. */
function awayFromHome(hit: SearchHit): number {
  return hit.place && !hit.place.home ? 1 : 0;
}

/** Each record (list and id) once, where it first came, as its best match. */
function eachRecordOnce(hits: SearchHit[]): SearchHit[] {
  const out: SearchHit[] = [];
  // Keyed by id alone (ids are rarely shared between lists), by list and id for a later list sharing one.
  const at = new Map<string, number>();
  for (const hit of hits) {
    let key = hit.id;
    let i = at.get(key);
    if (i !== undefined && out[i].list !== hit.list) {
      key = `${hit.list}\n${hit.id}`;
      i = at.get(key);
    }
    if (i === undefined) {
      at.set(key, out.length);
      out.push(hit);
    } else if (MATCH_ORDER.indexOf(hit.match) < MATCH_ORDER.indexOf(out[i].match)) {
      out[i] = hit;
    }
  }
  return out;
}

/**
 * Hits already in rank order, seen without sort keys: the usual prefix page, one list's codes in
 * index order, is. The sort is stable, so it would leave them as they are.
 */
function plainlyRanked(hits: SearchHit[]): boolean {
  for (let i = 1; i < hits.length; i++) {
    const a = hits[i - 1];
    const b = hits[i];
    // the sort's comparator, in its order: match kind, then kind of record, then code
    if (a.match !== b.match) {
      if (MATCH_ORDER.indexOf(a.match) > MATCH_ORDER.indexOf(b.match)) return false;
    } else if (a.kind !== b.kind) {
      if (KIND_ORDER.indexOf(a.kind) > KIND_ORDER.indexOf(b.kind)) return false;
    } else if (awayFromHome(a) !== awayFromHome(b)) {
      if (awayFromHome(a) > awayFromHome(b)) return false;
    } else if (!plainlyInNaturalOrder(a.code ?? a.title, b.code ?? b.title)) {
      return false;
    }
  }
  return true;
}

function toHits(ctx: Context, rows: HitRow[], match: MatchKind): SearchHit[] {
  return rows.map((row) => toHit(ctx, row, match));
}

// The row's values by index, not by destructuring: a hit is made per row of every page, and an
// array pattern may allocate an iterator for each.
function toHit(ctx: Context, row: HitRow, match: MatchKind): SearchHit {
  const source = SOURCES[row[0]];
  const table = source[0];
  const field = source[1];
  const id = row[2];
  const code = row[3];
  const title = row[4];
  const a = row[5];
  const b = row[6];
  const c = row[7];
  const datasetId = row[9];
  const list = row[1] ?? (table === 'item' ? 'items' : 'locations');
  const age = ageOf(ctx, list, row[8], datasetId);
  // an item's a: UPC, b: GTIN; its stock summary in the last three values
  if (table === 'item') return itemHit(ctx, id, code, title, a, b, age, row[11], row[12], row[13], match, field);
  if (table === 'location') {
    // a: type, b: zone, c: the facility's name, or on a page its id (HitRow)
    const facility = c === null || datasetId === null ? c : (factsOf(ctx).facilityNames.get(c) ?? null);
    const facilityId = row[10];
    const home = facilityId !== null && facilityId === ctx.home;
    return { kind: 'location', list: 'locations', id, code, title: code ?? id, match, field, age, place: { type: a, zone: b, facility, facilityId, home } };
  }
  const def = listDef(list);
  return {
    kind: def.kind,
    list,
    id,
    code,
    title: title ?? code ?? id,
    match,
    field,
    age,
    listLabel: def.label,
  };
}

/** The hits of a page of items (ItemPageRow), made from its rows as they come. */
function itemPageHits(ctx: Context, page: ItemPage, match: MatchKind): SearchHit[] {
  const field = SOURCES[page.source][1];
  const rows = page.rows;
  const hits: SearchHit[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    hits[i] = itemHit(ctx, r[0], r[1], r[2], r[3], r[4], ageOf(ctx, 'items', null, r[5]), r[6], r[7], r[8], match, field);
  }
  return hits;
}

function itemHit(ctx: Context, id: string, code: string | null, title: string | null, upc: string | null, gtin: string | null, age: DataAge, onHand: number | null, stockCode: string | null, stockFacility: string | null, match: MatchKind, field: string): SearchHit {
  const stock = ctx.stock?.of(onHand, stockCode, stockFacility);
  if (stock === undefined) return { kind: 'item', list: 'items', id, code, title: title ?? code ?? id, match, field, age, barcodes: { upc, gtin } };
  // the stock in the literal: added afterwards, it would give the hit a second property store
  const hit: SearchHit = { kind: 'item', list: 'items', id, code, title: title ?? code ?? id, match, field, age, barcodes: { upc, gtin }, stock };
  ctx.stock!.madeFor(hit, onHand, stockFacility);
  return hit;
}

/** A row's age: from its sync time, or from the dataset it names. The dataset's list is the row's (items and locations have tables of their own, records a `list`). */
function ageOf(ctx: Context, list: string, syncedAt: string | null, datasetId: number | null): DataAge {
  if (datasetId !== null) {
    ctx.ages ??= new Map();
    let age = ctx.ages.get(datasetId);
    if (!age) {
      age = datasetAge(factsOf(ctx).datasets.get(datasetId), list, ctx.staleAfter, ctx.now);
      ctx.ages.set(datasetId, age);
    }
    return age;
  }
  const last = ctx.lastAge;
  if (last && last.list === list && last.syncedAt === syncedAt) return last.age;
  const age = datasetAge({ list, lastSuccessAt: syncedAt }, list, ctx.staleAfter, ctx.now);
  ctx.lastAge = { list, syncedAt, age };
  return age;
}

function factsOf(ctx: Context): MirrorFacts {
  ctx.facts ??= readFacts(ctx.db);
  return ctx.facts;
}
