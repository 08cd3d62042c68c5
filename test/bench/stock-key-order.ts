// An experiment, not a bench of `npm run bench`: would a SKU-prefix page of hits read its stock
// summary (item_stock) cheaper if the summary were keyed in the order the page reads it? Times the
// whole searchAll of SKU prefixes, in one process, with the summary joined as today (by item id),
// by (SKU, item id), by the item's rid (a rowid table), and with no summary joined at all (the most
// any keying could save); and the write side: the summary of every item made again from the stock
// rows (a first load's settle), today's way and keyed by SKU.
// The bench mirror's item ids (`item-N`) sort almost as its SKUs do, which would hide the cost of
// probing by id: the copies get random ids, as a server's UUIDs are.
//   node test/bench/stock-key-order.ts [--items 100000] [--passes 30]
// Each variant's code is a worktree of HEAD under test/.artifacts/stock-key/ with its join rewritten.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { ReadDb } from '../../electron/core/db/handles.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { cachedBenchMirror } from './lookup-data.ts';
import { median } from './support/stats.ts';

const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const { values } = parseArgs({ options: { items: { type: 'string', default: '100000' }, passes: { type: 'string', default: '30' } }, strict: true });
const items = Number(values.items);
const passes = Number(values.passes);
const dir = path.join(root, 'test/.artifacts/stock-key');
const log = (line: string) => process.stdout.write(`[stock key] ${line}\n`);

// Today's summary, with random item ids.
const SETTLE_TODAY = `INSERT INTO item_stock (item_id, on_hand, location_code, facility_id)
  SELECT item_id, on_hand, location_code, facility_id FROM (
    SELECT item_id, total(qty_on_hand) AS on_hand, location_code, facility_id, max((facility_id IS NULL) * 1e15 + coalesce(qty_on_hand, 0))
    FROM inventory WHERE item_id IN (SELECT item_id FROM inventory WHERE rid > 0) AND qty_on_hand > 0 GROUP BY item_id)`;
// Keyed by SKU: the item's own SKU from the items table ('' for none), inserted in key order.
const SETTLE_BY_SKU = `INSERT INTO item_stock (sku, item_id, on_hand, location_code, facility_id)
  SELECT coalesce((SELECT i.sku FROM items i WHERE i.id = s.item_id), ''), item_id, on_hand, location_code, facility_id FROM (
    SELECT item_id, total(qty_on_hand) AS on_hand, location_code, facility_id, max((facility_id IS NULL) * 1e15 + coalesce(qty_on_hand, 0))
    FROM inventory WHERE item_id IN (SELECT item_id FROM inventory WHERE rid > 0) AND qty_on_hand > 0 GROUP BY item_id) s ORDER BY 1, 2`;
const UUID = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(6)))`;

/** Copies of the bench mirror: today's schema, and the same with the summary keyed by SKU (and a rowid one by item rid). */
function mirrors(): { today: string; keyed: string } {
  const today = path.join(dir, `today-${items}.sqlite`);
  const keyed = path.join(dir, `keyed-${items}.sqlite`);
  if (existsSync(keyed)) return { today, keyed };
  const built = cachedBenchMirror({ items, locations: items / 5, inventory: 2 * items }, { log });
  copyFileSync(built, today);
  const db = new Database(today);
  db.exec(`CREATE TEMP TABLE ids AS SELECT id AS old, ${UUID} AS new FROM items;
    CREATE INDEX temp.ids_old ON ids (old);
    BEGIN;
    UPDATE items SET id = (SELECT new FROM ids WHERE old = items.id);
    UPDATE inventory SET item_id = (SELECT new FROM ids WHERE old = inventory.item_id) WHERE item_id IS NOT NULL;
    DELETE FROM item_stock;
    ${SETTLE_TODAY};
    COMMIT;
    VACUUM;`);
  db.close();
  copyFileSync(today, keyed);
  const k = new Database(keyed);
  k.exec(`BEGIN;
    CREATE TABLE stock_by_sku (sku TEXT NOT NULL COLLATE NOCASE, item_id TEXT NOT NULL, on_hand REAL NOT NULL, location_code TEXT, facility_id TEXT,
      PRIMARY KEY (sku, item_id)) WITHOUT ROWID;
    INSERT INTO stock_by_sku SELECT coalesce(i.sku, ''), s.item_id, s.on_hand, s.location_code, s.facility_id FROM item_stock s LEFT JOIN items i ON i.id = s.item_id ORDER BY 1, 2;
    CREATE TABLE stock_by_rid (item_rid INTEGER PRIMARY KEY, on_hand REAL NOT NULL, location_code TEXT, facility_id TEXT);
    INSERT INTO stock_by_rid SELECT i.rid, s.on_hand, s.location_code, s.facility_id FROM item_stock s JOIN items i ON i.id = s.item_id ORDER BY 1;
    DROP TABLE item_stock;
    ALTER TABLE stock_by_sku RENAME TO item_stock;
    CREATE INDEX item_stock_item ON item_stock (item_id);
    COMMIT;
    VACUUM;`);
  k.close();
  return { today, keyed };
}

const TODAY_PROBE = "`(SELECT st.${column} FROM item_stock st WHERE st.item_id = x.id)`";
const TODAY_JOIN = 'const STOCK_JOIN = `LEFT JOIN item_stock st ON st.item_id = x.id`;';
const TODAY_JOINED = 'const STOCK_JOINED = `st.on_hand, st.location_code, st.facility_id`;';
const SKU_KEY = "st.sku = coalesce(x.sku, '') AND st.item_id = x.id";
// Each variant: the lines of read/search-hits.ts it rewrites (today's text, its own).
const VARIANTS: Record<string, [string, string][]> = {
  'by (SKU, item id)': [
    [TODAY_PROBE, `\`(SELECT st.\${column} FROM item_stock st WHERE ${SKU_KEY})\``],
    [TODAY_JOIN, `const STOCK_JOIN = \`LEFT JOIN item_stock st ON ${SKU_KEY}\`;`],
  ],
  'by item rid': [
    [TODAY_PROBE, '`(SELECT st.${column} FROM stock_by_rid st WHERE st.item_rid = x.rid)`'],
    [TODAY_JOIN, 'const STOCK_JOIN = `LEFT JOIN stock_by_rid st ON st.item_rid = x.rid`;'],
  ],
  'no stock joined': [
    [TODAY_JOINED, 'const STOCK_JOINED = `NULL, NULL, NULL`;'],
    [TODAY_JOIN, 'const STOCK_JOIN = ``;'],
  ],
};

/** A worktree of HEAD with this variant's lines rewritten; its search module's file. */
function variantTree(name: string, edits: [string, string][]): string {
  const tree = path.join(dir, name.replace(/\W+/g, '-'));
  const file = path.join(tree, 'electron/core/db/read/search-hits.ts');
  if (!existsSync(tree)) {
    execFileSync('git', ['worktree', 'add', '--detach', tree, 'HEAD'], { cwd: root, stdio: 'ignore' });
    symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
  }
  execFileSync('git', ['checkout', 'HEAD', '--', 'electron/core/db/read/search-hits.ts'], { cwd: tree });
  let text = readFileSync(file, 'utf8');
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`${name}: read/search-hits.ts no longer has ${from}`);
    text = text.replace(from, to);
  }
  writeFileSync(file, text);
  return path.join(tree, 'electron/core/lookup/search.ts');
}

type SearchModule = typeof import('../../electron/core/lookup/search.ts');

async function main(): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const files = mirrors();
  const todayDb = openMirror(files.today, { readonly: true });
  const keyedDb = openMirror(files.keyed, { readonly: true });
  for (const db of [todayDb, keyedDb]) db.pragma('cache_size = -65536');
  const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, limit: 50 };
  // As the bench's keys (support/keys.ts): SKUs of random items cut to 6 to 9 characters.
  const skus = todayDb.prepare('SELECT sku FROM items ORDER BY random() LIMIT 1000').pluck().all() as string[];
  const prefixes = skus.map((sku, i) => sku.slice(0, Math.min(sku.length, 6 + (i % 4))));
  const today = (await import('../../electron/core/lookup/search.ts')) as SearchModule;
  const runs: Record<string, () => unknown> = { 'by item id (today)': () => prefixes.map((p) => today.searchAll(todayDb, p, options)) };
  for (const [name, edits] of Object.entries(VARIANTS)) {
    const mod = (await import(pathToFileURL(variantTree(name, edits)).href)) as SearchModule;
    // A module of another tree takes this tree's handle: the same class, another import of it.
    runs[name] = () => prefixes.map((p) => mod.searchAll(keyedDb as ReadDb, p, options));
  }
  const answers = (name: string) => JSON.stringify((runs[name]() as { hits: unknown[] }[]).map((r) => r.hits));
  if (answers('by item id (today)') !== answers('by (SKU, item id)') || answers('by (SKU, item id)') !== answers('by item rid')) {
    throw new Error('the variants answer differently');
  }
  const cpu = () => {
    const used = process.cpuUsage();
    return used.user + used.system;
  };
  // Many short passes, the variants in a new order each pass, so a busy spell falls on all alike.
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  for (let pass = 0; pass < passes; pass++) {
    for (const name of Object.keys(runs).sort(() => Math.random() - 0.5)) {
      const start = cpu();
      runs[name]();
      times[name].push((cpu() - start) / prefixes.length);
    }
  }
  const base = times['by item id (today)'];
  log(`SKU prefix search, whole searchAll, CPU µs per call, median of ${passes} passes of ${prefixes.length} (and the median of each pass's own ratio):`);
  for (const [name, t] of Object.entries(times)) {
    log(`  ${name.padEnd(20)} ${median(t).toFixed(1)} µs  ${(median(base) / median(t)).toFixed(2)}× today  (per pass ${median(t.map((v, i) => base[i] / v)).toFixed(2)}×)`);
  }
  todayDb.close();
  keyedDb.close();

  // The write side: every item's summary made again (a first load's settle), rolled back.
  const settle = (file: string, sql: string) => {
    const db = new Database(file);
    db.exec('BEGIN; DELETE FROM item_stock;');
    const start = cpu();
    db.exec(sql);
    const ms = (cpu() - start) / 1000;
    db.exec('ROLLBACK');
    db.close();
    return ms;
  };
  const writes = { today: [] as number[], bySku: [] as number[] };
  for (let pass = 0; pass < 5; pass++) {
    writes.today.push(settle(files.today, SETTLE_TODAY));
    writes.bySku.push(settle(files.keyed, SETTLE_BY_SKU));
  }
  log(`every item's summary from the stock rows, CPU ms, median of 5: today ${median(writes.today).toFixed(0)}, keyed by SKU ${median(writes.bySku).toFixed(0)}`);
}

await main();
