// The lint rules that keep the core's shape (eslint.config.js): the layers inside the core
// (electron/core/layers.ts) and the hosts' one way in (core/index.ts and core/entrances/). Each
// rule is run by ESLint itself on a few lines placed where they would be in the repository.
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
