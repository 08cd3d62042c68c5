// The CLI bundle's freshness when a source is edited while the bundle is being built: after the
// bundler read it, before the bundle is written. The real build of a copy of the project, with a
// plugin that edits a source from one of the build's own hooks; the bundle must then count as stale
// (bin.mjs runs the edited sources), never hold the old text under the new file's size and time.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.ts';
import { copyProject, tracedCli, writeSyncedDataDir } from './cli-fixture.ts';

type BuildCli = (outDir?: string, plugins?: Plugin[]) => Promise<string[]>;
type FreshBundle = (dir?: string) => string | null;

let dir: ReturnType<typeof tempDir>;
let project: ReturnType<typeof copyProject>;
let dataDir: string;
let buildCli: BuildCli;
let freshBundle: FreshBundle;
let source: string;
let original: string;

beforeAll(async () => {
  dir = tempDir();
  dataDir = path.join(dir.path, 'data');
  writeSyncedDataDir(dataDir);
  project = copyProject();
  // the copy's own build script and check: their root is the copy, whose sources the test edits
  ({ buildCli } = (await import(pathToFileURL(path.join(project.path, 'scripts/build-cli.ts')).href)) as { buildCli: BuildCli });
  ({ freshBundle } = (await import(pathToFileURL(path.join(project.path, 'electron/hosts/cli/bundle.mjs')).href)) as { freshBundle: FreshBundle });
  source = path.join(project.path, 'electron/hosts/cli/commands/status-format.ts');
  original = readFileSync(source, 'utf8');
}, 60_000);
afterAll(() => {
  dir.remove();
  project?.remove();
});

/** A plugin that, at the build's `hook`, edits status-format.ts: its summary says "nothing to fix" instead of "no problems". */
function editAt(hook: 'buildEnd' | 'writeBundle'): Plugin {
  return {
    name: `edit-status-format-at-${hook}`,
    [hook]() {
      writeFileSync(source, original.replace("'no problems'", "'nothing to fix'"));
    },
  };
}

const status = () => tracedCli({ project: project.path, trace: path.join(dir.path, 'modules.txt') }, 'status', '--data', dataDir);
const bundleFiles = (files: string[]) => files.filter((file) => file.startsWith('out/cli/'));

describe('a source edited while the CLI bundle is built', () => {
  for (const hook of ['buildEnd', 'writeBundle'] as const) {
    it(`leaves the bundle stale when edited at ${hook === 'buildEnd' ? 'the end of reading the sources' : 'the writing of the bundle'}; the edited sources answer`, async () => {
      writeFileSync(source, original);
      await buildCli(undefined, []);
      expect(freshBundle(), 'a build without an edit is fresh').not.toBeNull();

      await expect(buildCli(undefined, [editAt(hook)])).rejects.toThrow(/electron[\\/]hosts[\\/]cli[\\/]commands[\\/]status-format\.ts changed during the build; run it again\./);
      expect(readFileSync(source, 'utf8')).toContain("'nothing to fix'");
      expect(freshBundle()).toBeNull();
      const result = status();
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('· nothing to fix');
      expect(bundleFiles(result.files)).toEqual([]);

      // built again, the bundle holds the edit
      await buildCli(undefined, []);
      expect(freshBundle()).not.toBeNull();
      const again = status();
      expect(again.stdout).toContain('· nothing to fix');
      expect(bundleFiles(again.files)).toContain('out/cli/cli.js');
    }, 60_000);
  }
});
