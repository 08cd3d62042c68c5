// The lint rules that keep the code's shape (eslint.config.js): the layers inside the core
// (electron/core/layers.ts), the hosts' one way in (core/index.ts and core/entrances/), and the
// renderer's layers (shared/, features/, the app shell), and comments without the project's history
// (issue and stop numbers, commit hashes). Each rule is run by ESLint itself on a few lines placed
// where they would be in the repository.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint: the core layers', () => {
  it('refuses an import from a higher layer, or from the layer beside, however deep the file', async () => {
    expect(await problems('electron/core/api/example.ts', "import { createSyncService } from '../sync/sync-service.ts';\nexport const x = createSyncService;\n")).toEqual([
      'aisle/core-layers: The api layer may not import from the sync layer (sync/sync-service.ts): see electron/core/layers.ts.',
    ]);
    expect(await problems('electron/core/sync/example.ts', "import type { SearchOptions } from '../lookup/search.ts';\nexport type X = SearchOptions;\n")).toEqual([
      'aisle/core-layers: The sync layer may not import from the lookup layer (lookup/search.ts): see electron/core/layers.ts.',
    ]);
    expect(await problems('electron/core/db/read/example.ts', "export { lockedError } from '../../session/session-lock.ts';\n")).toEqual([
      'aisle/core-layers: The db layer may not import from the session layer (session/session-lock.ts): see electron/core/layers.ts.',
    ]);
  });

  it('lets a layer import its own and the layers below', async () => {
    expect(await problems('electron/core/lookup/example.ts', "import { signedInMirror } from './signed-in-mirror.ts';\nimport { openMirror } from '../db/connection.ts';\nimport { writeJsonFile } from '../shared/json-file.ts';\nexport const x = [signedInMirror, openMirror, writeJsonFile];\n")).toEqual([]);
  });

  it('asks for a layer for a file in a folder the map does not name', async () => {
    expect(await problems('electron/core/somewhere/example.ts', 'export const x = 1;\n')).toEqual([
      'aisle/core-layers: somewhere/example.ts is in no layer of electron/core/layers.ts: add its folder to the layer it belongs to.',
    ]);
  });
});

describe('lint: the hosts enter the core by its entrances', () => {
  it('refuses a deep import from a host or from main, and takes the entrances', async () => {
    const refused = 'no-restricted-imports';
    expect((await problems('electron/hosts/cli/commands/example.ts', "import { searchAll } from '../../../core/lookup/search.ts';\nexport const x = searchAll;\n")).map((p) => p.split(':')[0])).toEqual([refused]);
    expect((await problems('electron/main/example.ts', "import type { Core } from '../core/core.ts';\nexport type X = Core;\n")).map((p) => p.split(':')[0])).toEqual([refused]);
    expect(await problems('electron/main/example.ts', "import type { Core } from '../core/index.ts';\nexport type X = Core;\n")).toEqual([]);
    expect(await problems('electron/hosts/cli/commands/example.ts', "import { openLookups } from '../../../core/entrances/lookups.ts';\nexport const x = openLookups;\n")).toEqual([]);
  });
});

describe("lint: the renderer's layers", () => {
  it('refuses a feature store or the app shell in shared/', async () => {
    expect(await problems('renderer/src/shared/example.ts', "import { useSessionStore } from '../features/session/session-store.ts';\nexport const x = useSessionStore;\n")).toEqual([
      'aisle/renderer-layers: shared/ may not import from features/session (features/session/session-store.ts): pass what it needs in (props, arguments, shared/display.ts).',
    ]);
    expect(await problems('renderer/src/shared/table/example.ts', "import { routeForHit } from '../../router.ts';\nexport const x = routeForHit;\n")).toEqual([
      'aisle/renderer-layers: shared/ may not import from the app shell (router.ts): pass what it needs in (props, arguments, shared/display.ts).',
    ]);
  });

  it("refuses another feature's component, and the app shell but for its entrances", async () => {
    expect(await problems('renderer/src/features/search/example.ts', "import StatusBanner from '../sync/StatusBanner.vue';\nexport const x = StatusBanner;\n")).toEqual([
      'aisle/renderer-layers: features/search may not import a component of features/sync (features/sync/StatusBanner.vue): use its store, or move the piece to shared/.',
    ]);
    expect(await problems('renderer/src/features/lists/example.ts', "import { useStoreLifecycle } from '../../store-lifecycle.ts';\nexport const x = useStoreLifecycle;\n")).toEqual([
      'aisle/renderer-layers: features/lists reaches the app shell only through router.ts and commands.ts (store-lifecycle.ts).',
    ]);
  });

  it('lets shared/ import itself, a feature its own files, shared/, another feature\'s store and the shell\'s entrances, and the shell anything', async () => {
    expect(await problems('renderer/src/shared/table/example.ts', "import { useDisplay } from '../display.ts';\nexport const x = useDisplay;\n")).toEqual([]);
    expect(
      await problems(
        'renderer/src/features/search/example.ts',
        "import SearchBox from './SearchBox.vue';\nimport { useDisplay } from '../../shared/display.ts';\nimport { useSyncStore } from '../sync/sync-store.ts';\nimport { routeForHit } from '../../router.ts';\nexport const x = [SearchBox, useDisplay, useSyncStore, routeForHit];\n",
      ),
    ).toEqual([]);
    expect(await problems('renderer/src/example.ts', "import LockView from './features/session/LockView.vue';\nexport const x = LockView;\n")).toEqual([]);
  });
});

describe('lint: comments say why, in words', () => {
  const history = (found: string) =>
    `aisle/comment-words: A comment names the project's history ("${found}"): say why in words; git keeps the history, docs/decisions/ the measurements.`;

  it('refuses an issue or stop number and a commit hash in a comment, in code, tests and the window', async () => {
    expect(await problems('electron/core/lookup/example.ts', '// Fixed for issue 12: the rank of a code.\nexport const x = 1;\n')).toEqual([history('issue 12')]);
    expect(await problems('test/lookup/example.test.ts', '/** As measured at stop 7. */\nexport const x = 1;\n')).toEqual([history('stop 7')]);
    expect(await problems('electron/hosts/cli/example.mjs', '// reverted in 4f2a9c1, see there\nexport const x = 1;\n')).toEqual([history('4f2a9c1')]);
    expect(await problems('renderer/src/features/search/Example.vue', '<script setup lang="ts">\n// since 9d8f51e0 the box waits\nconst x = 1;\n</script>\n<template><p>{{ x }}</p></template>\n')).toEqual([history('9d8f51e0')]);
  });

  it('takes words, codes and plain numbers, and leaves strings alone', async () => {
    expect(
      await problems(
        'electron/core/lookup/example.ts',
        "// A code such as SKU-0001234 or 4006381333931 stops the word probes; an issue with the stock is\n// said in words.\nexport const x = 'issue 12 at abc1234';\n",
      ),
    ).toEqual([]);
  });
});
