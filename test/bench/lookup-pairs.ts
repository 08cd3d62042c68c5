// The lookups of an older commit and of this code in pairs, call by call, in one process: each input
// is asked of both sides one right after the other (which goes first alternates), each side on its
// own commit's bench mirror of the quick size (lookup-data.ts), so that whatever the machine does
// meanwhile falls on both calls of a pair alike. side-by-side.ts runs each side's bench as a process
// of its own, in turn; on a machine whose speed moves by up to 2× for seconds at a time, its ratios
// of small lookups moved from 0.6× to 1.5× from one run to the next with no change to their code
// (docs/benchmarks.md).
//   node test/bench/lookup-pairs.ts --baseline <commit> [--current <commit>] [--rounds 5] [--doc <file>]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchTree, git, REPO_ROOT } from './support/bench-trees.ts';
import { QUICK, gtin, itemId, locationCode, locationId, sku, upc } from './lookup-data.ts';
import { describeMachine, loadAverage } from './support/machine.ts';
import { quantile, random } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    current: { type: 'string', default: 'HEAD' },
    rounds: { type: 'string', default: '5' },
    doc: { type: 'string', default: 'docs/benchmarks/lookups-in-pairs.md' },
  },
  strict: true,
});
if (!values.baseline) throw new Error('--baseline <commit> names the older code to compare with');
const log = (line: string) => process.stderr.write(`[lookup-pairs] ${line}\n`);
const baseline = git('rev-parse', '--short', values.baseline);
const current = git('rev-parse', '--short', values.current);
const rounds = Number(values.rounds);

type Hit = { list: string; id: string };
/** One side: its commit's lookup functions on its commit's bench mirror (built and cached by that commit's own code). */
interface Side {
  search: (q: string) => { hits: Hit[] };
  exact: (q: string) => Hit[];
  byItem: (id: string) => { rows: { id: string }[] };
  byLocation: (id: string) => { rows: { id: string }[] };
  /** A page of 200 items at this offset, in SKU order or by description. */
  page: (offset: number, byDescription: boolean) => { rows: Record<string, unknown>[] };
}

async function sideOf(commit: string): Promise<Side> {
  const tree = benchTree(commit, log);
  const load = (file: string) => import(path.join(tree, file));
  const { cachedBenchMirror } = await load('test/bench/lookup-data.ts');
  const { openMirror } = await load('electron/core/db/connection.ts');
  const { searchAll, lookupExact } = await load('electron/core/lookup/search.ts');
  const { inventoryByItem, inventoryByLocation } = await load('electron/core/lookup/inventory.ts');
  const { listPage } = await load('electron/core/lookup/lists.ts');
  const { viewSchema } = await load('electron/contract/methods.ts');
  const { DEFAULT_SETTINGS } = await load('electron/core/settings/settings-store.ts');
  const db = openMirror(cachedBenchMirror(QUICK, { log }), { readonly: true });
  // as the lookup bench opens it
  db.pragma('cache_size = -65536');
  const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, limit: 50 };
  const views = [viewSchema.parse({ list: 'items' }), viewSchema.parse({ list: 'items', sort: [{ column: 'description', dir: 'asc' }] })];
  // the list sorted by description is ordered once, at its first page below the top (the lookup bench times that apart)
  listPage(db, views[1], 200, 200, options);
  return {
    search: (q) => searchAll(db, q, options),
    exact: (q) => lookupExact(db, q, options),
    byItem: (id) => inventoryByItem(db, { itemId: id }, options),
    byLocation: (id) => inventoryByLocation(db, { locationId: id }, options),
    page: (offset, byDescription) => listPage(db, views[Number(byDescription)], offset, 200, options),
  };
}

const started = new Date();
const loadStart = loadAverage();
const sides = { old: await sideOf(baseline), new: await sideOf(current) };

// The lookup bench's inputs, drawn the same way (lookup.bench.ts)
const rnd = random(42);
const anyItem = () => Math.floor(rnd() * QUICK.items);
const anyLocation = () => Math.floor(rnd() * QUICK.locations);
const list = (make: () => string) => Array.from({ length: 1000 }, make);
const words = ['blue', 'steel', 'widget', 'hinge', 'large', 'red oak', 'gre', 'glass jar', 'pump xl', 'copper fuse mini', 'sil', 'nylon b'];
const skus = list(() => sku(anyItem()));
const upcs = list(() => upc(anyItem()));
const gtins = list(() => gtin(anyItem()));
const locations = list(() => locationCode(anyLocation()));
/** Asks one input of a side; says which records the answer names, in order. */
type Ask = (side: Side, q: string) => string;
const named = (records: { id: unknown; list?: string }[]) => records.map((r) => `${r.list ?? ''}/${String(r.id)}`).join(' ');
const exact: Ask = (side, q) => named(side.exact(q));
const search: Ask = (side, q) => named(side.search(q).hits);
const offsets = Array.from({ length: 300 }, () => String(Math.floor(rnd() * (QUICK.items - 200))));
const cases: [string, string[], Ask][] = [
  ['exact lookup: sku', skus, exact],
  ['exact lookup: upc', upcs, exact],
  ['exact lookup: gtin14', gtins, exact],
  ['exact lookup: location', locations, exact],
  ['search (exact sku)', skus, search],
  ['search (exact upc)', upcs, search],
  ['search (exact location)', locations, search],
  ['search (words)', list(() => words[Math.floor(rnd() * words.length)]), search],
  ['search (SKU prefix)', list(() => sku(anyItem()).slice(0, 6 + Math.floor(rnd() * 5))), search],
  ['search (location prefix)', list(() => locationCode(anyLocation()).slice(0, 1 + Math.floor(rnd() * 6))), search],
  ['search (digits prefix)', list(() => upc(anyItem()).slice(0, 5 + Math.floor(rnd() * 6))), search],
  ['search (one letter)', list(() => 'abcdefgkmnoprstw'[Math.floor(rnd() * 16)]), search],
  ['search (no match)', list(() => `zz${Math.floor(rnd() * 1e6)}`), search],
  ['inventory by item', list(() => itemId(anyItem())), (side, id) => named(side.byItem(id).rows)],
  ['inventory by location', list(() => locationId(anyLocation())), (side, id) => named(side.byLocation(id).rows)],
  ['list page: items by SKU, anywhere', offsets, (side, offset) => named(side.page(Number(offset), false).rows as { id: unknown }[])],
  ['list page: by description, anywhere', offsets, (side, offset) => named(side.page(Number(offset), true).rows as { id: unknown }[])],
];
const ms = (value: number) => value.toFixed(3);
const rows: string[] = [];
for (const [name, inputs, ask] of cases) {
  // the same records for the first inputs (the newer side may add what the older did not find: counted, not failed)
  const same = inputs.slice(0, 20).filter((q) => ask(sides.old, q) === ask(sides.new, q)).length;
  // every input once through both sides before any is timed
  for (const q of inputs) {
    ask(sides.old, q);
    ask(sides.new, q);
  }
  const times = { old: [] as number[], new: [] as number[] };
  const roundRatios: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const inRound = { old: [] as number[], new: [] as number[] };
    inputs.forEach((q, i) => {
      for (const side of (i + round) % 2 === 0 ? (['old', 'new'] as const) : (['new', 'old'] as const)) {
        const at = performance.now();
        ask(sides[side], q);
        inRound[side].push(performance.now() - at);
      }
    });
    times.old.push(...inRound.old);
    times.new.push(...inRound.new);
    roundRatios.push((p(inRound.new, 0.5) / p(inRound.old, 0.5)).toFixed(2));
  }
  const [o50, n50, o99, n99] = [p(times.old, 0.5), p(times.new, 0.5), p(times.old, 0.99), p(times.new, 0.99)];
  rows.push(`| ${name} | ${ms(o50)} | ${ms(n50)} | ${(n50 / o50).toFixed(2)} | ${ms(o99)} | ${ms(n99)} | ${(n99 / o99).toFixed(2)} | ${roundRatios.join(', ')} | ${same} / 20 |`);
  log(rows.at(-1)!);
}

function p(values: number[], q: number): number {
  return quantile(Float64Array.from(values).sort(), q);
}

const machine = describeMachine();
const out = [
  '# Lookups in pairs',
  '',
  `Generated by \`node test/bench/lookup-pairs.ts --baseline ${values.baseline} --rounds ${rounds}\`. Do not edit by hand.`,
  '',
  `- **old**: ${baseline} — ${git('log', '-1', '--format=%s', baseline).slice(0, 120)}`,
  `- **new**: ${current} — ${git('log', '-1', '--format=%s', current).slice(0, 120)}`,
  `- Both sides in one process, each on its own commit's bench mirror of ${QUICK.items.toLocaleString('en-US')} items (test/bench/lookup-data.ts). Every input was asked of both sides once before any was timed; then, in each of ${rounds} rounds, each input of a case (1,000; 300 list pages) was asked of one side and right after of the other (which went first alternates), so that the machine's changes of speed fall on both calls of a pair. Times in ms per call; "new / old" below 1 is faster. The rounds' column gives each round's ratio of p50s. "same" counts the first 20 inputs whose hits named the same records in the same order on both sides.`,
  `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB, Node ${machine.node}. Started ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, load ${loadStart}; ended load ${loadAverage()}.`,
  '',
  '| case | old p50 | new p50 | new / old | old p99 | new p99 | new / old | p50 ratio by round | same |',
  '|---|---:|---:|---:|---:|---:|---:|---|---|',
  ...rows,
  '',
];
const doc = path.resolve(REPO_ROOT, values.doc);
mkdirSync(path.dirname(doc), { recursive: true });
writeFileSync(doc, out.join('\n'));
log(`wrote ${path.relative(REPO_ROOT, doc)}`);
process.exit(0);
