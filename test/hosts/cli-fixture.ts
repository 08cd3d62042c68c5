// A data folder as a workstation has it after a sync: one warehouse mirror (the floor data of the
// lookup tests) with its identity, and the settings naming it. For the spawned-CLI tests and the bench.
// Also: the CLI bundle built as `npm run build:cli` builds it, and the CLI spawned with a list of the
// source files it loaded, whether it ran the sources or the bundle.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mirrorPath, writeMirrorIdentity } from '../../electron/core/mirror/mirror-manager.ts';
import { createConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { buildFloorMirror } from '../lookup/floor-data.ts';

export const FIXTURE_IDENTITY = { server: 'https://warehouse.example.com', email: 'pat@example.com', licenseId: 'lic-1' };

export function writeSyncedDataDir(dataDir: string, identity = FIXTURE_IDENTITY): string {
  mkdirSync(path.join(dataDir, 'mirrors'), { recursive: true });
  const file = mirrorPath(dataDir, identity);
  const db = buildFloorMirror(dataDir, file);
  writeMirrorIdentity(db, identity);
  db.close();
  createConfSettingsStore(dataDir).set({ server: identity.server, lastEmail: identity.email });
  return file;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
export const NODE = path.join(root, 'node_modules/.bin/node');
export const BIN = path.join(root, 'electron/hosts/cli/bin.mjs');

/**
 * A fresh folder for a bundle, inside the project (`.tmp/`, ignored by git): the bundle imports its
 * packages from the project's node_modules, which Node finds only from a folder below it.
 */
export function bundleTempDir(prefix = 'cli-bundle-'): { path: string; remove(): void } {
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const dir = mkdtempSync(path.join(root, '.tmp', prefix));
  return { path: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Builds the CLI bundle by the script `npm run build:cli` runs (into `outDir`, else the project's out/cli); throws with its output on a failure. */
export function buildCliBundle(outDir?: string, project = root): void {
  const result = spawnSync(NODE, [path.join(project, 'scripts/build-cli.ts'), ...(outDir ? ['--out', outDir] : [])], { cwd: project, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build-cli exited ${result.status}: ${result.stderr}`);
}

/**
 * Runs the CLI's real entry with the bundle of `bundleDir` (a folder without one: the sources; none
 * given: the project's own out/cli), and lists every file the process loaded, by its path from the
 * project. A loaded file of the bundle is listed as the sources it was compiled from (its source
 * map), so a check of what a command loads holds for the bundle as for the sources; `files` lists
 * the files themselves; `locale`, each use of the locale data (toLocaleString, Intl). `project`:
 * another copy of the project (default this one).
 */
export function tracedCli(
  options: { trace: string; bundleDir?: string; project?: string },
  ...args: string[]
): SpawnSyncReturns<string> & { loaded: string[]; files: string[]; locale: string[] } {
  const project = options.project ?? root;
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', CLI_MODULE_TRACE: options.trace };
  if (options.bundleDir === undefined) delete env.AISLE_CLI_BUNDLE_DIR;
  else env.AISLE_CLI_BUNDLE_DIR = options.bundleDir;
  const result = spawnSync(NODE, ['--import', path.join(root, 'test/hosts/cli-module-trace.mjs'), path.join(project, 'electron/hosts/cli/bin.mjs'), ...args], { cwd: project, encoding: 'utf8', env });
  const lines = readFileSync(options.trace, 'utf8').split('\n');
  const files = lines
    .filter((url) => url.startsWith('file://'))
    .map((url) => fileURLToPath(url));
  const loaded = files.flatMap((file) => {
    const map = `${file}.map`;
    return file.endsWith('.js') && !file.includes(`${path.sep}node_modules${path.sep}`) && existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.map((source) => path.resolve(path.dirname(file), source)) : [file];
  });
  const relative = (file: string) => path.relative(project, file).split(path.sep).join('/');
  return { ...result, loaded: loaded.map(relative), files: files.map(relative), locale: lines.filter((line) => line.startsWith('locale:')) };
}

/**
 * A copy of the project's CLI (electron/, scripts/, package.json) in a folder of its own, sharing
 * node_modules by a link: its sources can be edited and its out/cli built without touching this one.
 */
export function copyProject(): { path: string; remove(): void } {
  const dir = bundleTempDir('cli-project-');
  for (const part of ['electron', 'scripts', 'package.json']) cpSync(path.join(root, part), path.join(dir.path, part), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir.path, 'node_modules'), 'junction');
  return dir;
}
