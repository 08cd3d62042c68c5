// A naive cache: the JSON responses kept in files, loaded whole and filtered in memory, the way a
// quick script or a simple web cache would answer offline. Load time, lookups and this process's RSS.
// It answers Aisle's questions, with Aisle's results (checked by the runner: support/answers.ts).
//   node test/bench/procs/naive-cache.ts <folder of responses> <keys file>
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { peakRssMb, printResult } from '../support/child.ts';
import { ANSWER_SAMPLE, type Answers, stockAnswer } from '../support/answers.ts';
import type { BenchKeys } from '../support/keys.ts';
import { timeEach } from '../support/stats.ts';

// Everything in one heap: at 1,000,000 items that is several GB, beyond Node's default heap limit.
if (!process.execArgv.some((a) => a.startsWith('--max-old-space-size'))) {
  const again = spawnSync(process.execPath, ['--max-old-space-size=12288', ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const [folder, keysFile] = process.argv.slice(2);
const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as BenchKeys;

interface Item { id: string; sku: string; upc: string; description: string }
interface Stock { id: string; item_id: string; location_id: string }

const started = performance.now();
const load = <T>(prefix: string): T[] =>
  readdirSync(folder)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as T[]);
const items = load<Item>('items-');
const inventory = load<Stock>('inventory-');
// Stock answers name each row's item (what the user reads): an index of the items by id, built at load.
const itemsById = new Map(items.map((i) => [i.id, i]));
const loadSeconds = (performance.now() - started) / 1000;

// The same questions Aisle answers (support/answers.ts): every item with the code (a scan of
// all, as Aisle returns every match); the first 50 SKUs with the prefix in SKU order (all matches
// sorted); for words, the search box's answer: items whose code is the query or starts with it
// first (one pass over all items), then items holding every word as a whole word, else the last as
// a word prefix (all items scanned before prefixes count), to 50 in all, in SKU order; all stock
// rows of the item or location, each with its item's description.
const bySku = (a: Item, b: Item) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);
const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function prefixSearch(q: string): Item[] {
  return items.filter((i) => i.sku.startsWith(q)).sort(bySku).slice(0, 50);
}

/**
 * What a search box answers first, before any word: items whose SKU (ignoring case, as Aisle's
 * index) or UPC is the query, then SKUs starting with it, in SKU order. Without an index that is a
 * pass over every item: a code match can be anywhere in the list. (Aisle also looks at lots and
 * serials, locations and other lists; this cache holds items only, and is spared those.)
 */
function codeMatches(query: string): Item[] {
  const startsWith = new RegExp(`^${escapeRegExp(query)}`, 'i');
  const exact: Item[] = [];
  const prefixed: Item[] = [];
  for (const i of items) {
    if (i.upc === query || (i.sku.length === query.length && startsWith.test(i.sku))) exact.push(i);
    else if (startsWith.test(i.sku)) prefixed.push(i);
  }
  return [...exact, ...prefixed.sort(bySku)].slice(0, 50);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function wordSearch(query: string): Item[] {
  const wanted = query.split(' ');
  const last = wanted[wanted.length - 1];
  const codes = codeMatches(query);
  if (codes.length >= 50) return codes;
  const found: Item[] = [];
  for (const i of items) {
    const have = words(i.description);
    if (!codes.includes(i) && wanted.every((w) => have.includes(w)) && found.push(i) >= 50 - codes.length) break;
  }
  if (found.length < 50 - codes.length && last.length >= 3) {
    for (const i of items) {
      const have = words(i.description);
      const matches = wanted.every((w) => (w === last ? have.some((x) => x.startsWith(w)) : have.includes(w)));
      if (!codes.includes(i) && !found.includes(i) && matches && found.push(i) >= 50 - codes.length) break;
    }
  }
  return [...codes, ...found.sort(bySku)];
}

const withDescriptions = (rows: Stock[]) => rows.map((row) => ({ ...row, description: itemsById.get(row.item_id)?.description ?? null }));

const ask = {
  'exact lookup (SKU)': (q: string) => items.filter((i) => i.sku === q),
  'exact lookup (UPC)': (q: string) => items.filter((i) => i.upc === q),
  'prefix search (SKU, first 50)': prefixSearch,
  'word search, one word (first 50)': wordSearch,
  'word search, two words (first 50)': wordSearch,
  'inventory by item': (id: string) => withDescriptions(inventory.filter((r) => r.item_id === id)),
  'inventory by location': (id: string) => withDescriptions(inventory.filter((r) => r.location_id === id)),
};
const inputs: Record<keyof typeof ask, string[]> = {
  'exact lookup (SKU)': keys.skus,
  'exact lookup (UPC)': keys.upcs,
  'prefix search (SKU, first 50)': keys.skuPrefixes,
  'word search, one word (first 50)': keys.words,
  'word search, two words (first 50)': keys.wordPairs,
  'inventory by item': keys.itemIds,
  'inventory by location': keys.locations.map((l) => l.id),
};
const names = Object.keys(ask) as (keyof typeof ask)[];
const cases = Object.fromEntries(names.map((name) => [name, timeEach(inputs[name], ask[name])]));
const answerOf = (row: Item | (Stock & { description: string | null })) => ('item_id' in row ? stockAnswer(row.id, row.description) : row.id);
const answers: Answers = Object.fromEntries(names.map((name) => [name, inputs[name].slice(0, ANSWER_SAMPLE).map((q) => ask[name](q).map(answerOf))]));
printResult({ bench: 'naive-cache', loadSeconds, items: items.length, inventory: inventory.length, cases, answers, peakRssMb: peakRssMb() });
