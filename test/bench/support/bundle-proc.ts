// A bench process compiled ahead into plain JavaScript, as the CLI ships (scripts/build-cli.ts):
// what it measures is then the code a user runs, not Node's type stripping of the sources, which
// keeps a compiler of its own in every thread (decision 0026: some 35–40 MB of a sync's peak memory).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { rolldown } from 'rolldown';
import { ROOT } from '../../../electron/hosts/cli/bundle.mjs';
import { outsideTheBundle, WORKER_ENTRIES } from '../../../scripts/build-cli.ts';

/**
 * Bundles the process `script` (a path) with the sync's worker threads into .tmp/bench-<name>/; the
 * bundled entry's path. Two folders below the root, as out/cli/: the core reads the app's version from
 * the package.json two folders up. Not in out/, whose files the app's package carries.
 */
export async function bundleProc(script: string): Promise<string> {
  const name = path.basename(script, path.extname(script));
  const outDir = path.join(ROOT, '.tmp', `bench-${name}`);
  rmSync(outDir, { recursive: true, force: true });
  const bundle = await rolldown({ cwd: ROOT, input: { [name]: script, ...WORKER_ENTRIES }, platform: 'node', external: outsideTheBundle });
  try {
    // .js beside package.json's "type": "module", as the CLI's bundle; the workers are looked for by that name
    await bundle.write({ dir: outDir, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' });
  } finally {
    await bundle.close();
  }
  return path.join(outDir, `${name}.js`);
}
