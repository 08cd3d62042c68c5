// The benchmarks of an older commit and of this code, side by side in one run: each round runs
// every named *.bench.ts once in each tree, in turn (old then new, then new then old), so that
// the machine's drift over the run (other work on it, the disk's cache, the CPU's clock) falls on
// both sides alike. Each side's benches run its own code. Writes the medians side by side to docs/benchmarks/side-by-side.md.
//   node test/bench/side-by-side.ts --baseline <commit> [--rounds 3] [--benches sync,lookup] [--args "--quick"]
//   options: --current <commit> (default HEAD)  --doc <file>  --note <text>
// Each side runs in a worktree of its commit under test/.artifacts/ (made when missing).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runNode, stopEveryPartOnSignals, type BenchLine } from './support/child.ts';
import { describeMachine, loadAverage } from './support/machine.ts';
import { median } from './support/stats.ts';

const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    current: { type: 'string', default: 'HEAD' },
    rounds: { type: 'string', default: '3' },
    benches: { type: 'string', default: 'sync,lookup' },
    args: { type: 'string', default: '--quick' },
    doc: { type: 'string', default: 'docs/benchmarks/side-by-side.md' },
    note: { type: 'string', multiple: true },
  },
  strict: true,
});
if (!values.baseline) throw new Error('--baseline <commit> names the older code to compare with');
stopEveryPartOnSignals();
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const log = (line: string) => process.stderr.write(`[side-by-side] ${line}\n`);

const baseline = git('rev-parse', '--short', values.baseline);
const current = git('rev-parse', '--short', values.current);
/** A worktree of a commit, with this tree's node_modules (only packages added since differ; the benches use none of them). */
const worktree = (commit: string) => {
  const dir = path.join(root, 'test/.artifacts', `bench-tree-${commit}`);
  if (!existsSync(dir)) {
    log(`making the worktree of ${commit} at ${path.relative(root, dir)}`);
    git('worktree', 'add', '--force', '--detach', dir, commit);
  }
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
};
// both sides from their commits: work going on in this tree meanwhile does not reach the run
const sides = { old: worktree(baseline), new: worktree(current) } as const;

/**
 * The lookup bench warms its process before it times a case (docs/decisions/0016-bench-process-warm-up.md).
 * An older lookup bench without that warm-up gets the newer one's, so that the two sides are measured
 * alike; the lines go before the first timed case, where the newer bench has them. Returns whether it did.
 */
function sameWarmUp(oldDir: string, newDir: string): boolean {
  const file = (dir: string) => path.join(dir, 'test/bench/lookup.bench.ts');
  if (!existsSync(file(oldDir)) || !existsSync(file(newDir))) return false;
  const TIMED = '  const rows: Row[] = [];\n';
  const newer = readFileSync(file(newDir), 'utf8');
  const older = readFileSync(file(oldDir), 'utf8');
  const start = newer.indexOf('  // The process warmed once');
  if (start < 0 || !newer.includes(TIMED, start) || !older.includes(TIMED)) return false;
  const warmUp = newer.slice(start, newer.indexOf(TIMED, start));
  if (!older.includes(warmUp)) writeFileSync(file(oldDir), older.replace(TIMED, warmUp + TIMED));
  return true;
}
const warmedAlike = values.benches.split(',').includes('lookup') && sameWarmUp(sides.old, sides.new);
if (warmedAlike) log(`the lookup bench of ${baseline} warms its process as the newer one does`);

const rounds = Number(values.rounds);
const benches = values.benches.split(',').filter(Boolean);
const benchArgs = values.args.split(' ').filter(Boolean);
type Side = keyof typeof sides;
/** Per bench, per figure's name, per side: the value of each round. */
const figures = new Map<string, Map<string, { unit: string; old: number[]; new: number[] }>>();
const started = new Date();
const loadStart = loadAverage();

for (let round = 0; round < rounds; round++) {
  for (const bench of benches) {
    const order: Side[] = round % 2 === 0 ? ['old', 'new'] : ['new', 'old'];
    for (const side of order) {
      const script = path.join(sides[side], 'test/bench', `${bench}.bench.ts`);
      log(`round ${round + 1}/${rounds}: ${bench} on ${side === 'old' ? baseline : current}`);
      const run = await runNode(script, benchArgs, { label: `${bench} ${side}`, anyExitCode: true });
      const byName = figures.get(bench) ?? new Map();
      figures.set(bench, byName);
      for (const line of run.lines as BenchLine[]) {
        const entry = byName.get(line.name) ?? { unit: line.unit, old: [], new: [] };
        entry[side].push(line.value);
        byName.set(line.name, entry);
      }
    }
  }
}

const machine = describeMachine();
const number = (value: number | null) => (value === null ? '–' : Math.abs(value) >= 1000 ? Math.round(value).toLocaleString('en-US') : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(3));
const out: string[] = [
  '# Benchmarks side by side',
  '',
  `Generated by \`node test/bench/side-by-side.ts --baseline ${values.baseline} --rounds ${rounds} --benches ${benches.join(',')} --args "${benchArgs.join(' ')}"\`. Do not edit by hand.`,
  '',
  `- **old**: ${baseline} — ${git('log', '-1', '--format=%s', baseline).slice(0, 120)}`,
  `- **new**: ${current} — ${git('log', '-1', '--format=%s', current).slice(0, 120)}`,
  `- ${rounds} rounds; in each, every bench ran once on each side, in turn (old first in odd rounds, new first in even ones). Each figure is the median of its rounds; "new / old" is the ratio of the medians (for times, below 1 is faster; for rates, above 1 is faster).`,
  ...(warmedAlike ? [`- The lookup bench of ${baseline} was given the newer one's warm-up before its first timed case (decision 0016), so that both sides are measured alike.`] : []),
  `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB, Node ${machine.node}, SQLite ${machine.sqlite}. Started ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, load ${loadStart}; ended load ${loadAverage()}. The machine was shared with other work: single figures move with it, which is why both sides ran in the same minutes.`,
  ...(values.note ?? []).map((note) => `- ${note}`),
  '',
];
for (const [bench, byName] of figures) {
  out.push(`## ${bench}`, '', '| figure | unit | old | new | new / old | old rounds | new rounds |', '|---|---|---:|---:|---:|---|---|');
  for (const [name, f] of byName) {
    const o = f.old.length ? median(f.old) : null;
    const n = f.new.length ? median(f.new) : null;
    const ratio = o !== null && n !== null && o !== 0 ? (n / o).toFixed(2) : '–';
    out.push(`| ${name} | ${f.unit} | ${number(o)} | ${number(n)} | ${ratio} | ${f.old.map(number).join(', ') || '–'} | ${f.new.map(number).join(', ') || '–'} |`);
  }
  out.push('');
}
const doc = path.resolve(root, values.doc);
mkdirSync(path.dirname(doc), { recursive: true });
writeFileSync(doc, out.join('\n'));
log(`wrote ${path.relative(root, doc)}`);
