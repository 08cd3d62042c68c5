// The online path a web console takes: the same questions as REST round trips to the server on
// loopback (one keep-alive connection pool, fetch). The interface has no item search, so a scanned
// code is answered by the inventory query with `skus`, and there is no prefix or word search at all.
// With `--offline` (the server stopped), it counts how many of the calls still answer.
//   node test/bench/procs/rest-lookup.ts <server url> <jwt> <keys file> [--offline]
import { readFileSync } from 'node:fs';
import { peakRssMb, printResult } from '../support/child.ts';
import { INVENTORY_AT_LOCATIONS_PATH, INVENTORY_PATH, call } from '../support/demo-client.ts';
import { ANSWER_SAMPLE, type Answers } from '../support/answers.ts';
import type { BenchKeys } from '../support/keys.ts';
import { timeEachAsync } from '../support/stats.ts';

const [url, jwt, keysFile] = process.argv.slice(2);
const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as BenchKeys;

async function ask(path: string, body: unknown): Promise<unknown[]> {
  const response = await call(url, jwt, path, body);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as unknown[];
}

// Stock rows as the mirror keeps them: the sync asks without includeZero (empty stock records are not kept).
const bySku = (sku: string) => ask(INVENTORY_PATH, { skus: [sku] });
const byItem = (id: string) => ask(INVENTORY_PATH, { itemIds: [id] });
const byLocation = (l: BenchKeys['locations'][number]) => ask(INVENTORY_AT_LOCATIONS_PATH, { facilityId: l.facilityId, locationIds: [l.id] });

if (process.argv.includes('--offline')) {
  const attempts = [...keys.skus.slice(0, 5).map(bySku), ...keys.itemIds.slice(0, 5).map(byItem), ...keys.locations.slice(0, 5).map(byLocation)];
  const settled = await Promise.allSettled(attempts);
  const failures = settled.filter((s) => s.status === 'rejected') as PromiseRejectedResult[];
  const reason = failures[0]?.reason as (Error & { cause?: { code?: string } }) | undefined;
  printResult({ bench: 'rest-offline', asked: settled.length, answered: settled.length - failures.length, error: reason ? (reason.cause?.code ?? reason.message) : null });
} else {
  const cases = {
    'exact lookup (SKU)': await timeEachAsync(keys.skus, bySku),
    'inventory by item': await timeEachAsync(keys.itemIds, byItem),
    'inventory by location': await timeEachAsync(keys.locations, byLocation),
  };
  // The ids of the first answers (see support/answers.ts): a SKU's stock rows name its item.
  const ids = (rows: unknown[], field: 'id' | 'item_id') => [...new Set((rows as Record<string, string>[]).map((row) => row[field]))];
  const sample = <T>(list: T[]) => list.slice(0, ANSWER_SAMPLE);
  const answers: Answers = {
    'exact lookup (SKU)': await Promise.all(sample(keys.skus).map(async (q) => ids(await bySku(q), 'item_id'))),
    'inventory by item': await Promise.all(sample(keys.itemIds).map(async (id) => ids(await byItem(id), 'id'))),
    'inventory by location': await Promise.all(sample(keys.locations).map(async (l) => ids(await byLocation(l), 'id'))),
  };
  printResult({ bench: 'rest-lookup', cases, answers, peakRssMb: peakRssMb() });
}
