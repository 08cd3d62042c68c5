// The browser's offline store: IndexedDB through Dexie in headless Chromium, the way a web app would
// cache. A persistent profile in a fresh temp folder (so IndexedDB is on disk), a cross-origin
// isolated page on 127.0.0.1, Dexie from node_modules, `bulkPut` in batches of 10,000, schema
// `items: 'id, &sku, upc'` (as in research/limits.md) plus `inventory: 'id, item_id, location_id'`.
// The records are the very responses the demo server sent (the floor's files).
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../../support/chromium.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { ANSWER_SAMPLE, type Answers } from '../support/answers.ts';
import type { BenchKeys } from '../support/keys.ts';
import { chromiumPeaks, withChromiumStopped } from '../support/process-tree.ts';
import { distribution, type Distribution } from '../support/stats.ts';
import { machineQuiet } from '../support/quiet.ts';
import { startStaticServer } from '../support/static-server.ts';

export interface DexieResult {
  rows: number;
  ingestSeconds: number;
  rowsPerSecond: number;
  cases: Record<string, Distribution>;
  answers: Answers;
  rendererPeakMb: number | null;
  browserPeakMb: number | null;
}

const PAGE = '<!doctype html><meta charset="utf-8"><title>dexie bench</title><script src="/dexie.js"></script>';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface DexieOptions {
  wordSamples: number;
  /** Rounds of lookups, each over every key; their calls are pooled. */
  rounds: number;
  /** Run before each round, with the browser stopped, on a quiet machine: Aisle's round of the same lookups (contenders.ts). */
  beforeRound?: (round: number) => Promise<void>;
  log?: (line: string) => void;
}

export async function runDexie(responsesDir: string, keys: BenchKeys, options: DexieOptions): Promise<DexieResult> {
  const dexieFile = path.join(path.dirname(createRequire(import.meta.url).resolve('dexie')), 'dexie.js');
  const data = readdirSync(responsesDir).filter((f) => /^(items|inventory)-\d+\.json$/.test(f));
  const files: Record<string, { file?: string; text?: string }> = { '/': { text: PAGE }, '/dexie.js': { file: dexieFile } };
  for (const f of data) files[`/data/${f}`] = { file: path.join(responsesDir, f) };
  const server = await startStaticServer(files);
  const profile = tempDir('aisle-bench-chromium-');
  const context = await chromium.launchPersistentContext(profile.path, { executablePath: CHROMIUM_PATH, args: ARGS });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}/`);
    if (!(await page.evaluate(() => (globalThis as unknown as { crossOriginIsolated: boolean }).crossOriginIsolated))) throw new Error('the Dexie page is not cross-origin isolated: timings would be coarse');
    const ingest = await page.evaluate(
      async ({ itemFiles, inventoryFiles }) => {
        const Dexie = (globalThis as unknown as { Dexie: new (name: string) => DexieLike }).Dexie;
        interface Table { bulkPut(rows: unknown[]): Promise<unknown> }
        interface DexieLike { version(n: number): { stores(s: Record<string, string>): void }; open(): Promise<unknown>; table(name: string): Table }
        const db = new Dexie('bench');
        db.version(1).stores({ items: 'id, &sku, upc', inventory: 'id, item_id, location_id' });
        await db.open();
        (globalThis as unknown as { benchDb: unknown }).benchDb = db;
        const load = async (list: string[]) => (await Promise.all(list.map((f) => fetch(f).then((r) => r.json() as Promise<unknown[]>)))).flat();
        const put = async (table: Table, rows: unknown[]) => {
          for (let i = 0; i < rows.length; i += 10_000) await table.bulkPut(rows.slice(i, i + 10_000));
        };
        const items = await load(itemFiles);
        const inventory = await load(inventoryFiles);
        const started = performance.now();
        await put(db.table('items'), items);
        await put(db.table('inventory'), inventory);
        return { rows: items.length + inventory.length, ms: performance.now() - started };
      },
      { itemFiles: data.filter((f) => f.startsWith('items-')).map((f) => `/data/${f}`), inventoryFiles: data.filter((f) => f.startsWith('inventory-')).map((f) => `/data/${f}`) },
    );
    const measureRound = (answerSample: number) => page.evaluate(
      async ({ keys, wordSamples, answerSample }) => {
        interface Row { id: string; sku: string; description: string; item_id?: string }
        interface Collection { first(): Promise<Row>; toArray(): Promise<Row[]>; limit(n: number): Collection }
        interface Table {
          where(index: string): { equals(v: string): Collection; startsWith(v: string): Collection; equalsIgnoreCase(v: string): Collection; startsWithIgnoreCase(v: string): Collection };
          filter(f: (row: Row) => boolean): Collection;
          get(key: string): Promise<Row | undefined>;
          bulkGet(keys: string[]): Promise<(Row | undefined)[]>;
        }
        const db = (globalThis as unknown as { benchDb: { table(name: string): Table } }).benchDb;
        const items = db.table('items');
        const inventory = db.table('inventory');
        // Aisle's questions (test/bench/support/answers.ts): every item with the code; the first 50
        // SKUs with the prefix (the index is in SKU order); for words, the search box's answer:
        // items whose SKU (ignoring case, as Aisle's) or UPC is the query, then SKUs starting with
        // it (through the indexes), then items holding every word as a whole word, else the last as
        // a word prefix, to 50 in all, in SKU order; every stock row of the item or location, each
        // with its item's description (looked up by id, as a web app would).
        const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
        const bySku = (a: Row, b: Row) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);
        const codeMatches = async (query: string) => {
          const exact = [...(await items.where('sku').equalsIgnoreCase(query).toArray()), ...(await items.where('upc').equals(query).toArray())];
          const prefixed = await items.where('sku').startsWithIgnoreCase(query).limit(50 + exact.length).toArray();
          const seen = new Set(exact.map((i) => i.id));
          return [...exact, ...prefixed.filter((i) => !seen.has(i.id)).sort(bySku)].slice(0, 50);
        };
        const wordSearch = async (query: string) => {
          const wanted = query.split(' ');
          const last = wanted[wanted.length - 1];
          const codes = await codeMatches(query);
          const have = new Set(codes.map((i) => i.id));
          const room = 50 - codes.length;
          if (room <= 0) return codes;
          const found = await items.filter((i) => { const own = words(i.description); return !have.has(i.id) && wanted.every((w) => own.includes(w)); }).limit(room).toArray();
          if (found.length < room && last.length >= 3) {
            for (const i of found) have.add(i.id);
            const prefixed = (i: Row) => { const own = words(i.description); return wanted.every((w) => (w === last ? own.some((x) => x.startsWith(w)) : own.includes(w))); };
            found.push(...(await items.filter((i) => !have.has(i.id) && prefixed(i)).limit(room - found.length).toArray()));
          }
          return [...codes, ...found.sort(bySku)];
        };
        const described = async (rows: Row[]) => {
          const found = await items.bulkGet(rows.map((row) => row.item_id ?? ''));
          return rows.map((row, i) => ({ ...row, description: found[i]?.description ?? '' }));
        };
        const ask: Record<string, [string[], (q: string) => Promise<Row[]>]> = {
          'exact lookup (SKU)': [keys.skus, (q) => items.where('sku').equals(q).toArray()],
          'exact lookup (UPC)': [keys.upcs, (q) => items.where('upc').equals(q).toArray()],
          'prefix search (SKU, first 50)': [keys.skuPrefixes, (q) => items.where('sku').startsWith(q).limit(50).toArray()],
          'word search, one word (first 50)': [keys.words.slice(0, wordSamples), wordSearch],
          'word search, two words (first 50)': [keys.wordPairs.slice(0, wordSamples), wordSearch],
          'inventory by item': [keys.itemIds, async (id) => described(await inventory.where('item_id').equals(id).toArray())],
          'inventory by location': [keys.locations.map((l) => l.id), async (id) => described(await inventory.where('location_id').equals(id).toArray())],
        };
        const answerOf = (row: Row) => (row.item_id === undefined ? row.id : `${row.id}\t${row.description}`);
        const times: Record<string, number[]> = {};
        const answers: Record<string, string[][]> = {};
        for (const [name, [inputs, run]] of Object.entries(ask)) {
          // Warm-up: 20 calls, a quarter of the samples where they are few (a word search scans every item).
          for (const input of inputs.slice(0, Math.min(20, Math.ceil(inputs.length / 4)))) await run(input);
          const out: number[] = [];
          answers[name] = [];
          for (const [i, input] of inputs.entries()) {
            const started = performance.now();
            const found = await run(input);
            out.push(performance.now() - started);
            // the first answers are checked against Aisle's (taken after the clock stopped)
            if (i < answerSample) answers[name].push(found.map(answerOf));
          }
          times[name] = out;
        }
        return { times, answers };
      },
      { keys, wordSamples: options.wordSamples, answerSample },
    );
    const times: Record<string, number[]> = {};
    let answers: Answers = {};
    for (let round = 0; round < options.rounds; round++) {
      const beforeRound = options.beforeRound;
      if (beforeRound) {
        await withChromiumStopped(profile.path, async () => {
          if (!(await machineQuiet())) options.log?.('the machine was not quiet before a round of Aisle\'s lookups');
          await beforeRound(round);
        });
      }
      if (!(await machineQuiet())) options.log?.('the machine was not quiet before a round of Dexie\'s lookups');
      const measured = await measureRound(round === 0 ? ANSWER_SAMPLE : 0);
      for (const [name, list] of Object.entries(measured.times)) times[name] = [...(times[name] ?? []), ...list];
      options.log?.(`Dexie lookups, round ${round + 1}, p50 per case: ${Object.values(measured.times).map((list) => distribution(list).p50.toFixed(3)).join(' / ')} ms`);
      if (round === 0) answers = measured.answers;
    }
    const peaks = chromiumPeaks(profile.path);
    const cases = Object.fromEntries(Object.entries(times).map(([name, list]) => [name, distribution(list)]));
    return {
      rows: ingest.rows,
      ingestSeconds: ingest.ms / 1000,
      rowsPerSecond: ingest.rows / (ingest.ms / 1000),
      cases,
      answers,
      rendererPeakMb: peaks.rendererMb,
      browserPeakMb: peaks.allMb,
    };
  } finally {
    await context.close();
    await server.close();
    profile.remove();
  }
}
