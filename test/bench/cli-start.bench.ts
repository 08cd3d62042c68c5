// Benchmark of the CLI's start: each command spawned as a user runs it (the project's Node and
// the package's bin, without npx), against a bare `node -e 0` on the same machine in the same
// minutes. "Aisle's part" is the command's median minus the bare Node's median: what Aisle's own
// start costs, with Node's start (and the machine's load) taken out. find and status answer from a
// synced mirror, from the prebuilt bundle (built here, as `npm run build:cli` builds it) and, for
// comparison, from the TypeScript sources (what runs while the bundle is missing or older).
// Run: `node test/bench/cli-start.bench.ts [--quick]`, or through `npm run bench`. Prints `BENCH {...}` lines.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../support/temp-dir.ts';
import { freshBundle } from '../../electron/hosts/cli/bundle.mjs';
import { buildCliBundle, bundleTempDir, writeSyncedDataDir } from '../hosts/cli-fixture.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const node = path.join(root, 'node_modules/.bin/node');
const bin = path.join(root, 'electron/hosts/cli/bin.mjs');
const runs = process.argv.includes('--quick') ? 5 : 15;
const bench = (name: string, value: number, unit: string, target?: string, ok?: boolean) => console.log(`BENCH ${JSON.stringify({ name, value, unit, target, ok })}`);

const dir = tempDir('aisle-cli-bench-');
const dataDir = path.join(dir.path, 'data');
writeSyncedDataDir(dataDir);
const bundleDir = bundleTempDir();
buildCliBundle(bundleDir.path);
/** AISLE_CLI_BUNDLE_DIR for each way of running: this bundle, or a folder without one (the sources). */
const BUNDLE = bundleDir.path;
const SOURCES = path.join(dir.path, 'no-bundle');
// the rows "from the bundle" must not be the sources in disguise
if (!freshBundle(BUNDLE)) throw new Error(`the bundle built in ${BUNDLE} does not match the sources`);

interface Case {
  name: string;
  args: string[];
  /** The bundle's folder (default: the bundle built here). */
  bundle?: string;
  /** Aisle's part must stay under this many ms. */
  targetMs?: number;
}
const CASES: Case[] = [
  { name: 'node -e 0 (bare Node)', args: ['-e', '0'] },
  { name: 'aisle --version', args: [bin, '--version'], targetMs: 200 },
  { name: 'aisle --help', args: [bin, '--help'], targetMs: 200 },
  { name: 'aisle status (synced mirror)', args: [bin, 'status', '--data', dataDir], targetMs: 500 },
  { name: 'aisle find A03 02B (synced mirror)', args: [bin, 'find', 'A03', '02B', '--data', dataDir], targetMs: 500 },
  { name: 'aisle status (synced mirror, from the sources)', args: [bin, 'status', '--data', dataDir], bundle: SOURCES },
  { name: 'aisle find A03 02B (synced mirror, from the sources)', args: [bin, 'find', 'A03', '02B', '--data', dataDir], bundle: SOURCES },
];

function once({ args, bundle = BUNDLE }: Case): number {
  const started = performance.now();
  const result = spawnSync(node, args, { cwd: root, encoding: 'utf8', env: { ...process.env, AISLE_CLI_BUNDLE_DIR: bundle } });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

try {
  for (const c of CASES) once(c); // warm the file cache
  const times = new Map<Case, number[]>(CASES.map((c) => [c, []]));
  // Round-robin, so a change of the machine's load in the meantime touches every case alike.
  for (let round = 0; round < runs; round++) for (const c of CASES) times.get(c)!.push(once(c));
  const bare = median(times.get(CASES[0])!);
  bench(CASES[0].name, bare, 'ms');
  for (const c of CASES.slice(1)) {
    const whole = median(times.get(c)!);
    const own = Math.max(0, whole - bare);
    bench(`${c.name}: whole`, whole, 'ms');
    if (c.targetMs === undefined) bench(`${c.name}: Aisle's part`, own, 'ms');
    else bench(`${c.name}: Aisle's part`, own, 'ms', `< ${c.targetMs} ms`, own < c.targetMs);
  }
} finally {
  dir.remove();
  bundleDir.remove();
}
