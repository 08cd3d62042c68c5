// The keys every contender is asked for: drawn (seeded) from the synced mirror, so that Aisle, the
// REST round trips, Dexie and the naive cache answer the very same questions.
import Database from 'better-sqlite3';
import { random } from './stats.ts';

export interface BenchKeys {
  skus: string[];
  upcs: string[];
  skuPrefixes: string[];
  words: string[];
  /** Two different words of one item's description, as someone names what they hold: `steel bolt`. */
  wordPairs: string[];
  itemIds: string[];
  locations: { id: string; facilityId: string; code: string }[];
}

export function drawKeys(mirrorFile: string, count: number, seed = 7): BenchKeys {
  const db = new Database(mirrorFile, { readonly: true });
  try {
    const rnd = random(seed);
    const maxItem = (db.prepare('SELECT max(rid) AS n FROM items').get() as { n: number }).n;
    const maxLocation = (db.prepare('SELECT max(rid) AS n FROM locations').get() as { n: number }).n;
    const item = db.prepare('SELECT id, sku, upc, description FROM items WHERE rid >= ? ORDER BY rid LIMIT 1');
    const location = db.prepare('SELECT id, facility_id AS facilityId, code FROM locations WHERE rid >= ? ORDER BY rid LIMIT 1');
    const keys: BenchKeys = { skus: [], upcs: [], skuPrefixes: [], words: [], wordPairs: [], itemIds: [], locations: [] };
    for (let n = 0; n < count; n++) {
      const i = item.get(1 + Math.floor(rnd() * maxItem)) as { id: string; sku: string; upc: string; description: string };
      keys.skus.push(i.sku);
      keys.upcs.push(i.upc);
      keys.itemIds.push(i.id);
      keys.skuPrefixes.push(i.sku.slice(0, Math.min(i.sku.length, 6 + Math.floor(rnd() * 4))));
      // Words of letters: a number typed in the search box is read as a code first (`500` is a prefix of codes).
      const words = i.description.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && !/\p{N}/u.test(w));
      keys.words.push(words[Math.floor(rnd() * words.length)].toLowerCase());
      const distinct = [...new Set(words.map((w) => w.toLowerCase()))];
      const first = Math.floor(rnd() * distinct.length);
      const second = (first + 1 + Math.floor(rnd() * (distinct.length - 1))) % distinct.length;
      keys.wordPairs.push(distinct.length > 1 ? `${distinct[first]} ${distinct[second]}` : distinct[0]);
      keys.locations.push(location.get(1 + Math.floor(rnd() * maxLocation)) as BenchKeys['locations'][number]);
    }
    return keys;
  } finally {
    db.close();
  }
}
