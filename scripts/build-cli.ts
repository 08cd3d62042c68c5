// Builds the CLI bundle: electron/hosts/cli/cli.ts and every module it can load, compiled into plain
// JavaScript in out/cli/ (one file per lazily loaded part, so `status` still loads neither axios nor
// the sync worker). The packages of node_modules (better-sqlite3's native module among them) stay
// outside, loaded from node_modules as the sources load them, but for zod: its hundred-odd modules,
// each resolved and linked on its own, cost `find` a tenth of a second (decision 0011). bin.mjs runs
// the bundle while it matches the sources (electron/hosts/cli/bundle.mjs). Run by `npm install`
// (prepare) and .ci/run:
//   node scripts/build-cli.ts [--out <dir>]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rolldown, type Plugin } from 'rolldown';
import { DEFAULT_BUNDLE_DIR, ENTRY_FILE, INPUTS_FILE, ROOT, describeInputs } from '../electron/hosts/cli/bundle.mjs';

/** The worker threads `sync` starts, found beside the module that starts them (sync-worker-client.ts, search-index-builder.ts). */
export const WORKER_ENTRIES = {
  'sync-worker': 'electron/core/sync/sync-worker.ts',
  'search-index-worker': 'electron/core/db/write/search-index-worker.mjs',
};

/** A package (and Node's own modules) stays an import, but zod: only the project's files and zod are compiled. */
export function outsideTheBundle(id: string): boolean {
  return !id.startsWith('.') && !path.isAbsolute(id) && id !== 'zod' && !id.startsWith('zod/');
}

/**
 * Writes the bundle into `outDir` (emptied first); the list of inputs last, so a failed build leaves none.
 * `plugins`: more rolldown plugins, after the one that notes each input as read (a test edits a source
 * from one of the build's hooks, to see an edit made during a build leave the bundle counted stale).
 */
export async function buildCli(outDir = DEFAULT_BUNDLE_DIR, plugins: Plugin[] = []): Promise<string[]> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  // each file's size and time as the bundler reads it, to tell a file edited during the build
  const asRead = new Map<string, string>();
  const bundle = await rolldown({
    cwd: ROOT,
    plugins: [
      {
        name: 'aisle-inputs-as-read',
        load(id) {
          if (path.isAbsolute(id)) asRead.set(id, JSON.stringify(Object.values(describeInputs([id]))[0]));
          return null;
        },
      },
      ...plugins,
    ],
    input: { [path.basename(ENTRY_FILE, '.js')]: 'electron/hosts/cli/cli.ts', ...WORKER_ENTRIES },
    platform: 'node',
    external: outsideTheBundle,
  });
  try {
    // .js, not .mjs: the worker files are looked for by that name, and package.json makes .js ESM
    // sourcemap: which sources each file holds, for the test that lists what a command loads
    const { output } = await bundle.write({ dir: outDir, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemap: true });
    const inputs = [...new Set(output.flatMap((file) => (file.type === 'chunk' ? file.moduleIds : [])))]
      .filter((id) => path.isAbsolute(id) && !path.relative(ROOT, id).startsWith('..') && !id.includes(`${path.sep}node_modules${path.sep}`))
      .sort();
    const described = describeInputs(inputs);
    const changed = inputs.filter((id) => asRead.get(id) !== JSON.stringify(described[path.relative(ROOT, id).split(path.sep).join('/')]));
    if (changed.length > 0) throw new Error(`${changed.map((id) => path.relative(ROOT, id)).join(', ')} changed during the build; run it again.`);
    writeFileSync(path.join(outDir, INPUTS_FILE), JSON.stringify({ inputs: described }) + '\n');
    return inputs;
  } finally {
    await bundle.close();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const outDir = path.resolve(values.out ?? DEFAULT_BUNDLE_DIR);
  const inputs = await buildCli(outDir);
  console.log(`aisle CLI bundle: ${inputs.length} source files into ${path.relative(process.cwd(), outDir) || '.'}`);
}
