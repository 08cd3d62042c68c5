// The prebuilt CLI bundle (out/cli): bin.mjs runs it while every source it was built from is
// unchanged, and the sources otherwise, so an edited source is never answered by an older bundle.
// Checked on a copy of the project whose sources the test edits, by spawning its real entry with
// the hook that lists what the process loaded.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_ITEMS, firstLoadThroughWorker, HINGE_ITEM } from '../support/first-load-index.ts';
import { tempDir } from '../support/temp-dir.ts';
import { buildCliBundle, copyProject, tracedCli, writeSyncedDataDir } from './cli-fixture.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
let dir: ReturnType<typeof tempDir>;
let project: ReturnType<typeof copyProject>;
let dataDir: string;

beforeAll(() => {
  dir = tempDir();
  dataDir = path.join(dir.path, 'data');
  writeSyncedDataDir(dataDir);
  project = copyProject();
  buildCliBundle(undefined, project.path);
}, 60_000);
afterAll(() => {
  dir.remove();
  project?.remove();
});

const trace = () => path.join(dir.path, 'modules.txt');
/** The copy's CLI, with the bundle it finds (its out/cli) or its sources. */
const copied = (...args: string[]) => tracedCli({ project: project.path, trace: trace() }, ...args);
/** This project's CLI from its sources. */
const fromSources = (...args: string[]) => tracedCli({ bundleDir: path.join(dir.path, 'no-bundle'), trace: trace() }, ...args);
const typeScript = (files: string[]) => files.filter((file) => file.endsWith('.ts'));
const bundleFiles = (files: string[]) => files.filter((file) => file.startsWith('out/cli/'));

describe('the CLI bundle', () => {
  it('is built by `npm install` (prepare) with a declared bundler', () => {
    expect(pkg.scripts.prepare).toContain('npm run build:cli');
    expect(pkg.scripts['build:cli']).toBe('node scripts/build-cli.ts');
    expect(pkg.devDependencies.rolldown).toBeDefined();
  });

  it('runs find and status without one TypeScript file, with the answers of the sources', () => {
    const cases = [['status'], ['find', 'A03', '02B'], ['find', 'nothing-of-this'], ['find'], ['status', '--no-such-option'], ['nope']];
    for (const args of cases) {
      const withData = args[0] === 'nope' ? args : [...args, '--data', dataDir];
      const bundled = copied(...withData);
      expect(bundleFiles(bundled.files), args.join(' ')).toContain('out/cli/cli.js');
      expect(typeScript(bundled.files), args.join(' ')).toEqual([]);
      const sources = fromSources(...withData);
      expect(typeScript(sources.files)).toContain('electron/hosts/cli/cli.ts');
      expect([bundled.status, bundled.stdout, bundled.stderr], args.join(' ')).toEqual([sources.status, sources.stdout, sources.stderr]);
    }
  });

  it("syncs with its own worker, which builds a large first load's full-text index on the helper built beside it", async () => {
    const load = await firstLoadThroughWorker(pathToFileURL(path.join(project.path, 'out/cli/sync-worker.js')), dir.path);
    expect(load.items).toEqual({ outcome: 'applied', rows: FIRST_LOAD_ITEMS });
    expect(load.hingeIds).toEqual([HINGE_ITEM]);
    // a writer that built the index itself would have switched the mirror's merging off and on
    expect(load.automerge).toBeUndefined();
  }, 60_000);

  it('is not run once a source it was built from has changed: the edited sources answer, until it is built again', () => {
    const source = path.join(project.path, 'electron/hosts/cli/commands/status-format.ts');
    const text = readFileSync(source, 'utf8');
    expect(text).toContain("'no problems'");
    writeFileSync(source, text.replace("'no problems'", "'nothing to fix'"));

    let result = copied('status', '--data', dataDir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('nothing to fix');
    expect(bundleFiles(result.files)).toEqual([]);
    expect(typeScript(result.files)).toContain('electron/hosts/cli/commands/status-format.ts');

    buildCliBundle(undefined, project.path);
    result = copied('status', '--data', dataDir);
    expect(result.stdout).toContain('nothing to fix');
    expect(typeScript(result.files)).toEqual([]);
  });

  it('is not run when its list of sources is missing (a build that stopped), or when a source it holds is gone', () => {
    rmSync(path.join(project.path, 'out/cli/inputs.json'));
    let result = copied('status', '--data', dataDir);
    expect(result.status, result.stderr).toBe(0);
    expect(bundleFiles(result.files)).toEqual([]);

    buildCliBundle(undefined, project.path);
    expect(bundleFiles(copied('status', '--data', dataDir).files)).toContain('out/cli/cli.js');
    // kiosk's module is in the bundle; status does not need it, so the sources still answer
    rmSync(path.join(project.path, 'electron/hosts/cli/commands/kiosk.ts'));
    result = copied('status', '--data', dataDir);
    expect(result.status, result.stderr).toBe(0);
    expect(bundleFiles(result.files)).toEqual([]);
  });
});
