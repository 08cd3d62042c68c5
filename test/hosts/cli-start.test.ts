// The CLI's start-up: `--version` reads package.json only, `--help` loads no command, and a
// command loads its own module only, not the core, the demo server or the HTTP client — from the
// sources and from the prebuilt bundle alike (its lazy parts stay lazy). Checked by spawning the
// real entry with a hook that lists every module the process loaded (no timing here: the bench
// measures the speed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../electron/hosts/cli/cli.ts';
import { tempDir } from '../support/temp-dir.ts';
import { buildCliBundle, bundleTempDir, tracedCli, writeSyncedDataDir } from './cli-fixture.ts';

const root = path.resolve(import.meta.dirname, '../..');
let dir: ReturnType<typeof tempDir>;
let bundleDir: ReturnType<typeof bundleTempDir>;
let dataDir: string;
/** A folder without a bundle: the CLI runs the sources. */
let noBundle: string;
let bundle: string;

beforeAll(() => {
  dir = tempDir();
  dataDir = path.join(dir.path, 'data');
  writeSyncedDataDir(dataDir);
  noBundle = path.join(dir.path, 'no-bundle');
  bundleDir = bundleTempDir();
  bundle = bundleDir.path;
  buildCliBundle(bundle);
}, 60_000);
afterAll(() => {
  dir.remove();
  bundleDir?.remove();
});

/** Runs the CLI from the sources (or the bundle); returns its output and the files (relative to the repository) it loaded. */
function traced(...args: string[]) {
  return tracedCli({ bundleDir: noBundle, trace: path.join(dir.path, 'modules.txt') }, ...args);
}
function tracedBundle(...args: string[]) {
  return tracedCli({ bundleDir: bundle, trace: path.join(dir.path, 'modules.txt') }, ...args);
}

const HEAVY = [
  /node_modules\/axios\//,
  /electron\/core\/index\.ts$/,
  /electron\/core\/sync\/sync-worker/,
  /electron\/demo\//,
  /electron\/core\/core\.ts$/,
  /electron\/hosts\/node-core\.ts$/,
  /electron\/core\/sync\/round\//,
  /node_modules\/ws\//,
  /node_modules\/jose\//,
  // the settings file's library: the quick commands read only the settings they need
  /node_modules\/conf\//,
];
// The contract's schemas and their validator: status reads the mirror's state without them; find
// answers through the contract's dispatch, which checks its arguments with them.
const SCHEMAS = [/node_modules\/zod\//, /electron\/contract\/methods\.ts$/];

describe('CLI start-up', () => {
  it('--version reads package.json and loads no module of the app', () => {
    const result = traced('--version');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version);
    expect(result.loaded).toEqual(['electron/hosts/cli/bin.mjs']);
  });

  it('--help loads the command list, not one command', () => {
    const result = traced('--help');
    expect(result.status).toBe(0);
    for (const command of COMMANDS) expect(result.stdout).toMatch(new RegExp(`^  ${command.name}\\s+${command.summary.replace(/[()]/g, '\\$&')}$`, 'm'));
    expect(result.loaded.filter((file) => file.includes('/commands/') || file.startsWith('node_modules/'))).toEqual([]);
    // not one TypeScript module: Node's type stripping alone would cost more than the help
    expect(result.loaded.filter((file) => file.endsWith('.ts'))).toEqual([]);
  });

  it.each([
    ['the sources', () => traced],
    ['the bundle', () => tracedBundle],
  ])('status and find on a synced mirror load their own module and nothing heavy, from %s', (_, run) => {
    for (const args of [['status'], ['find', 'A03', '02B']]) {
      const result = run()(...args, '--data', dataDir);
      expect(result.status, result.stderr).toBe(0);
      expect(result.loaded).toContain(`electron/hosts/cli/commands/${args[0]}.ts`);
      const heavy = result.loaded.filter((file) => HEAVY.some((pattern) => pattern.test(file)));
      expect(heavy, args[0]).toEqual([]);
      if (args[0] === 'status') expect(result.loaded.filter((file) => SCHEMAS.some((pattern) => pattern.test(file)))).toEqual([]);
      // the locale data's first use costs about as much as the rest of the command: counts are grouped by hand
      expect(result.locale, args[0]).toEqual([]);
    }
  });

  it.each([
    ['the sources', () => traced],
    ['the bundle', () => tracedBundle],
  ])("find answers through the contract's dispatch and the core's lookup handlers, by the lookups entrance, from %s", (_, run) => {
    const result = run()('find', 'A03', '02B', '--data', dataDir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.loaded).toEqual(expect.arrayContaining(['electron/core/entrances/lookups.ts', 'electron/contract/dispatch.ts', 'electron/core/lookup/lookup-handlers.ts']));
  });

  it('each command line of the list loads a command of that name and summary', async () => {
    for (const entry of COMMANDS) {
      const command = await entry.load();
      expect(command.name).toBe(entry.name);
      expect(command.summary).toBe(entry.summary);
    }
  });
});
