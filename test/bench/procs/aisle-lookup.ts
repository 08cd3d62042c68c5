// Aisle's answers, through the core's lookup functions on the synced mirror file (read-only, as the
// lookup side opens it), for the shared keys. Run after the demo server is stopped: no network.
//   node test/bench/procs/aisle-lookup.ts <mirror file> <keys file>   (with an IPC channel)
// One process for every round, as the app keeps its mirror open all day (and as Dexie's browser
// lives through all of its rounds): the runner sends `{type: 'round'}` for each round, then
// `{type: 'close'}`; each answer is one round's result (AisleLookupRun in parts/contenders.ts).
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { inventoryByItem, inventoryByLocation } from '../../../electron/core/lookup/inventory.ts';
import { lookupExact, searchAll } from '../../../electron/core/lookup/search.ts';
import { openMirror } from '../../../electron/core/db/connection.ts';
import { warmFile } from '../../../electron/core/mirror/warm-file.ts';
import type { SearchHit } from '../../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../../electron/core/settings/settings-store.ts';
import { peakRssMb, residentMb } from '../support/child.ts';
import { ANSWER_SAMPLE, type Answers, stockAnswer } from '../support/answers.ts';
import type { BenchKeys } from '../support/keys.ts';
import { type LookupTail, type Samples, timeCalls } from '../support/stats.ts';

const [file, keysFile] = process.argv.slice(2);
const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as BenchKeys;
const db = openMirror(file, { readonly: true });
const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, limit: 50 };
const asks = {
  'exact lookup (SKU)': () => keys.skus.map((q) => lookupExact(db, q, options).length),
  'exact lookup (UPC)': () => keys.upcs.map((q) => lookupExact(db, q, options).length),
  'prefix search (SKU, first 50)': () => keys.skuPrefixes.map((q) => searchAll(db, q, options).hits.length),
  'word search, one word (first 50)': () => keys.words.map((q) => searchAll(db, q, options).hits.length),
  'word search, two words (first 50)': () => keys.wordPairs.map((q) => searchAll(db, q, options).hits.length),
  'inventory by item': () => keys.itemIds.map((id) => inventoryByItem(db, { itemId: id, includeZero: true }, options).rows.length),
  'inventory by location': () => keys.locations.map((l) => inventoryByLocation(db, { locationId: l.id }, options).rows.length),
};
// As the app does when it opens a mirror (mirror-manager.ts): a sequential read so the OS caches the
// file; the timings are of lookups, not of the disk (cold start is measured on its own). Before
// each case, not once: this machine soon reclaims file cache it sees unused (the report's notes say
// how soon), so one warm-up before all the cases would time the later ones on a cold file.
const timed: Record<string, () => Samples> = {
  'exact lookup (SKU)': () => timeCalls(keys.skus, (q) => lookupExact(db, q, options)),
  'exact lookup (UPC)': () => timeCalls(keys.upcs, (q) => lookupExact(db, q, options)),
  'prefix search (SKU, first 50)': () => timeCalls(keys.skuPrefixes, (q) => searchAll(db, q, options)),
  'word search, one word (first 50)': () => timeCalls(keys.words, (q) => searchAll(db, q, options)),
  'word search, two words (first 50)': () => timeCalls(keys.wordPairs, (q) => searchAll(db, q, options)),
  'inventory by item': () => timeCalls(keys.itemIds, (id) => inventoryByItem(db, { itemId: id, includeZero: true }, options)),
  'inventory by location': () => timeCalls(keys.locations, (l) => inventoryByLocation(db, { locationId: l.id }, options)),
};
/** One round: every case timed, with what its tail is made of. */
async function round(): Promise<{ samples: Record<string, Samples>; tails: Record<string, LookupTail> }> {
  // Each call's time, not percentiles: the runner pools the rounds it runs apart (contenders.ts).
  const samples: Record<string, Samples> = {};
  // What a case's tail is made of: first touches of the mapped file (page faults), time given to
  // other processes (involuntary switches), and collections of the young heap.
  const tails: Record<string, LookupTail> = {};
  for (const [name, time] of Object.entries(timed)) {
    await warmFile(file);
    const before = process.resourceUsage();
    const gcsBefore = gcs.length;
    samples[name] = time();
    const after = process.resourceUsage();
    // GC entries reach the observer from a native callback run between tasks
    await new Promise((resolve) => setTimeout(resolve, 0));
    gcs.push(...gcObserver.takeRecords().map((entry) => entry.duration));
    const collected = gcs.slice(gcsBefore);
    tails[name] = {
      minorFaults: after.minorPageFault - before.minorPageFault,
      majorFaults: after.majorPageFault - before.majorPageFault,
      involuntarySwitches: after.involuntaryContextSwitches - before.involuntaryContextSwitches,
      gcs: collected.length,
      gcMs: collected.reduce((sum, ms) => sum + ms, 0),
    };
  }
  return { samples, tails };
}

const gcs: number[] = [];
const gcObserver = new PerformanceObserver((list) => gcs.push(...list.getEntries().map((entry) => entry.duration)));
gcObserver.observe({ entryTypes: ['gc'] });

// Answered = a question with at least one hit (every key exists; a location may hold no stock).
const answeredCount = () => Object.values(asks).flatMap((run) => run());
// The ids of the first answers, for the runner to check that every contender answers the same.
const sample = <T>(list: T[]) => list.slice(0, ANSWER_SAMPLE);
const itemIds = (hits: SearchHit[]) => hits.filter((hit) => hit.list === 'items').map((hit) => hit.id);
const answersNow = (): Answers => ({
  'exact lookup (SKU)': sample(keys.skus).map((q) => itemIds(lookupExact(db, q, options))),
  'exact lookup (UPC)': sample(keys.upcs).map((q) => itemIds(lookupExact(db, q, options))),
  'prefix search (SKU, first 50)': sample(keys.skuPrefixes).map((q) => itemIds(searchAll(db, q, options).hits)),
  // Aisle's page of 50 may hold other kinds of record holding the word (ranked among the items): all count.
  'word search, one word (first 50)': sample(keys.words).map((q) => searchAll(db, q, options).hits.map((hit) => hit.id)),
  'word search, two words (first 50)': sample(keys.wordPairs).map((q) => searchAll(db, q, options).hits.map((hit) => hit.id)),
  'inventory by item': sample(keys.itemIds).map((id) => inventoryByItem(db, { itemId: id, includeZero: true }, options).rows.map((row) => stockAnswer(row.id, row.description))),
  'inventory by location': sample(keys.locations).map((l) => inventoryByLocation(db, { locationId: l.id }, options).rows.map((row) => stockAnswer(row.id, row.description))),
});

const send = (message: unknown) => process.send!(message);
let rounds = 0;
process.on('message', (message: { type: string }) => {
  void (async () => {
    if (message.type === 'close') {
      db.close();
      send({ type: 'close' });
      process.disconnect();
      return;
    }
    const { samples, tails } = await round();
    const counts = answeredCount();
    // The answers once: they do not change between rounds. The resident memory before any close unmaps the file.
    send({ type: 'round', samples, tails, answered: counts.filter((n) => n > 0).length, asked: counts.length, answers: rounds++ === 0 ? answersNow() : {}, peakRssMb: peakRssMb(), resident: residentMb() });
  })().catch((error: unknown) => send({ type: message.type, error: (error as Error).stack ?? String(error) }));
});
send({ type: 'ready' });
