// `npm run bench`: Aisle against what a user would otherwise pick, side by side, in one run on one
// machine, then every other test/bench/*.bench.ts; prints the report and writes
// docs/benchmarks/BENCHMARKS.md (docs/benchmarks/ holds the generated reports).
//   npm run bench                      100,000 and 1,000,000 items (Dexie up to 100,000), 3 / 2 runs
//   npm run bench -- --quick           a smoke run (10,000 items, 1 run, other benches with --quick)
//   npm run bench -- sync lookup       only the benchmarks whose names contain a word ('contenders' = the above)
//   options: --sizes 100000,1000000  --runs 3  --dexie-max 100000  --doc <file>
//   --from <a.json,b.json> [--note …]  only render the report again from saved runs (merged), with notes
// Each *.bench.ts runs in its own process (with --quick when quick) and prints `BENCH_RESULT <json>`
// or `BENCH {"name","value","unit","target"?,"ok"?}` lines; see support/child.ts and support/report.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runSize, type SizeResult } from './parts/contenders.ts';
import { runNode, stopEveryPart, stopEveryPartOnSignals } from './support/child.ts';
import { describeMachine, loadAverage } from './support/machine.ts';
import { renderReport, type ExternalBench, type RunReport } from './support/report.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = path.resolve(here, '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: 'boolean', default: false },
    sizes: { type: 'string' },
    runs: { type: 'string' },
    'dexie-max': { type: 'string' },
    doc: { type: 'string' },
    from: { type: 'string' },
    note: { type: 'string', multiple: true },
  },
  strict: true,
});
const quick = values.quick;
const sizes = (values.sizes ?? (quick ? '10000' : '100000,1000000')).split(',').map(Number);
// Three runs of everything; two above 100,000 items (a first sync of every dataset at 1,000,000 takes minutes).
const runsFor = (items: number) => Number(values.runs ?? (quick ? 1 : items > 100_000 ? 2 : 3));
const dexieMax = Number(values['dexie-max'] ?? 100_000);
const doc = path.resolve(root, values.doc ?? (quick ? 'test/.artifacts/BENCHMARKS.quick.md' : 'docs/benchmarks/BENCHMARKS.md'));
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const wanted = (name: string) => positionals.length === 0 || positionals.some((word) => name.includes(word));

if (values.from) {
  // Several saved runs (comma-separated) make one report: their sizes and benchmarks side by side.
  const saved = values.from.split(',').map((file) => JSON.parse(readFileSync(file, 'utf8')) as RunReport);
  const merged: RunReport = {
    ...saved[0],
    command: saved.map((r) => `\`${r.command}\``).join(' then ').replace(/^`|`$/g, ''),
    seconds: saved.reduce((sum, r) => sum + r.seconds, 0),
    loadEnd: saved.at(-1)!.loadEnd,
    notes: [...new Set(saved.flatMap((r) => r.notes))],
    sizes: saved.flatMap((r) => r.sizes),
    failures: saved.flatMap((r) => r.failures ?? []),
    external: saved.flatMap((r) => r.external),
  };
  merged.notes.push(...(values.note ?? []));
  if (saved.length > 1) merged.notes.push(`Assembled from ${saved.length} runs of the same code on this machine, one after the other (${saved.map((r) => r.date).join(', ')}).`);
  mkdirSync(path.dirname(doc), { recursive: true });
  writeFileSync(doc, renderReport(merged));
  log(`rendered ${path.relative(root, doc)} from ${values.from}`);
  process.exit(0);
}

stopEveryPartOnSignals();

const started = performance.now();
const loadStart = loadAverage();
const machine = describeMachine();
log(`${machine.cpu}, ${machine.cores} cores, load ${loadStart}; sizes ${sizes.map((n) => `${n} (${runsFor(n)} runs)`).join(', ')}`);
const work = path.join(root, 'test/.artifacts/bench-work');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

const results: SizeResult[] = [];
const failures: { items: number; error: string }[] = [];
for (const items of wanted('contenders') ? sizes : []) {
  try {
    results.push(await runSize({ items, runs: runsFor(items), keys: quick ? 200 : 1000, naiveKeys: quick ? 50 : 100, lookupRounds: quick ? 1 : 3, dexieWordSamples: quick ? 5 : 20, dexieMaxItems: dexieMax, work, log }));
  } catch (error) {
    log(`[${items} items] FAILED: ${(error as Error).message}`);
    failures.push({ items, error: (error as Error).message });
  }
}
rmSync(work, { recursive: true, force: true });

const external: ExternalBench[] = [];
const externalTimeoutMs = Number(process.env.AISLE_BENCH_TIMEOUT_MIN ?? 20) * 60_000;
// The fleet bench at 1,000,000 items: the relay's first reading alone took 11 minutes on a shared
// 2-core machine, then two real cores and 251 seats read it whole.
const timeoutOf = (file: string) => (file === 'relay-fleet.bench.ts' && !quick ? Math.max(externalTimeoutMs, 120 * 60_000) : externalTimeoutMs);
const benches = readdirSync(here).filter((f) => f.endsWith('.bench.ts') && wanted(f)).sort();
// The keystroke benchmark drives the built renderer through the browser host.
if (benches.some((f) => f.startsWith('renderer')) && !existsSync(path.join(root, 'out/renderer/index.html'))) {
  log('building the app (out/) for the renderer benchmark');
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}
{
  for (const file of benches) {
    log(`running ${file}${quick ? ' --quick' : ''}`);
    const t = performance.now();
    try {
      const run = await runNode<ExternalBench['results'][number]>(path.join(here, file), quick ? ['--quick'] : [], { label: file, anyExitCode: true, timeoutMs: timeoutOf(file) });
      const error = run.results.length || run.lines.length ? undefined : `no BENCH or BENCH_RESULT line (exit ${run.exitCode})`;
      external.push({ script: `test/bench/${file}`, seconds: run.wallMs / 1000, results: run.results, lines: run.lines, exitCode: run.exitCode, error });
    } catch (error) {
      external.push({ script: `test/bench/${file}`, seconds: (performance.now() - t) / 1000, results: [], lines: [], exitCode: -1, error: (error as Error).message });
    }
  }
}

const notes: string[] = [];
if (sizes.some((n) => n > dexieMax)) notes.push(`Dexie was run up to ${dexieMax.toLocaleString('en')} items only: its ingest slows as the store grows (research/limits.md measured 3.6k rows/s, about 4.6 minutes, for 1,000,000 items against 9.7k rows/s at 100,000), so at larger sizes the ratios to Dexie would only grow.`);
const report: RunReport = {
  date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  quick,
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  machine,
  loadStart,
  loadEnd: loadAverage(),
  seconds: (performance.now() - started) / 1000,
  notes,
  sizes: results,
  failures,
  external,
};
const markdown = renderReport(report);
process.stdout.write(markdown);
writeFileSync(doc.replace(/\.md$/, '.results.json'), JSON.stringify(report, null, 1));
mkdirSync(path.dirname(doc), { recursive: true });
writeFileSync(doc, markdown);
log(`written to ${path.relative(root, doc)} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
// Once the report is written, nothing the run started may outlive it (a demo server a part left
// behind, a browser), and no handle of theirs may keep the runner waiting.
await stopEveryPart();
process.exit(0);
