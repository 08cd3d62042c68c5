// A naive cache: the JSON responses kept in files, loaded whole and filtered in memory, the way a
// quick script or a simple web cache would answer offline. Load time, lookups and this process's RSS.
//   node test/bench/procs/naive-cache.ts <folder of responses> <keys file>
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { peakRssMb, printResult } from '../support/child.ts';
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
interface Stock { item_id: string; location_id: string }

const started = performance.now();
const load = <T>(prefix: string): T[] =>
  readdirSync(folder)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as T[]);
const items = load<Item>('items-');
const inventory = load<Stock>('inventory-');
const loadSeconds = (performance.now() - started) / 1000;

function first<T>(list: T[], test: (value: T) => boolean, limit = 50): T[] {
  const out: T[] = [];
  for (const value of list) if (test(value) && out.push(value) >= limit) break;
  return out;
}

const cases = {
  'exact lookup (SKU)': timeEach(keys.skus, (q) => items.find((i) => i.sku === q)),
  'exact lookup (UPC)': timeEach(keys.upcs, (q) => items.find((i) => i.upc === q)),
  'prefix search (SKU, first 50)': timeEach(keys.skuPrefixes, (q) => first(items, (i) => i.sku.startsWith(q))),
  'word search (first 50)': timeEach(keys.words, (w) => first(items, (i) => i.description.toLowerCase().includes(w))),
  'inventory by item': timeEach(keys.itemIds, (id) => inventory.filter((r) => r.item_id === id)),
  'inventory by location': timeEach(keys.locations, (l) => inventory.filter((r) => r.location_id === l.id)),
};
printResult({ bench: 'naive-cache', loadSeconds, items: items.length, inventory: inventory.length, cases, peakRssMb: peakRssMb() });
