// The CLI's start-up: `--version` reads package.json only, `--help` loads no command, and a
// command loads its own module only, not the core, the demo server or the HTTP client. Checked by
// spawning the real entry with a hook that lists every module the process loaded (no timing here:
// the bench measures the speed).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../electron/hosts/cli/cli.ts';
import { tempDir } from '../support/temp-dir.ts';
import { writeSyncedDataDir } from './cli-fixture.ts';

const root = path.resolve(import.meta.dirname, '../..');
const node = path.join(root, 'node_modules/.bin/node');
const bin = path.join(root, 'electron/hosts/cli/bin.mjs');
let dir: ReturnType<typeof tempDir>;
let dataDir: string;

beforeAll(() => {
  dir = tempDir();
  dataDir = path.join(dir.path, 'data');
  writeSyncedDataDir(dataDir);
});
afterAll(() => dir.remove());

/** Runs the CLI; returns its output and the files (relative to the repository) it loaded. */
function traced(...args: string[]) {
  const trace = path.join(dir.path, 'modules.txt');
  const result = spawnSync(node, ['--import', path.join(root, 'test/hosts/cli-module-trace.mjs'), bin, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', CLI_MODULE_TRACE: trace },
  });
  const loaded = readFileSync(trace, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file://'))
    .map((url) => path.relative(root, new URL(url).pathname));
  return { ...result, loaded };
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

  it('status and find on a synced mirror load their own module and nothing heavy', () => {
    for (const args of [['status'], ['find', 'A03', '02B']]) {
      const result = traced(...args, '--data', dataDir);
      expect(result.status, result.stderr).toBe(0);
      expect(result.loaded).toContain(`electron/hosts/cli/commands/${args[0]}.ts`);
      const heavy = result.loaded.filter((file) => HEAVY.some((pattern) => pattern.test(file)));
      expect(heavy, args[0]).toEqual([]);
      if (args[0] === 'status') expect(result.loaded.filter((file) => SCHEMAS.some((pattern) => pattern.test(file)))).toEqual([]);
    }
  });

  it("find answers through the contract's dispatch and the core's lookup handlers, by the lookups entrance", () => {
    const result = traced('find', 'A03', '02B', '--data', dataDir);
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
