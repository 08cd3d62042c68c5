// The data layer is the ground floor: electron/core/db/ imports nothing of the core but the shared
// layer (shared/, settings/, events.ts). What a write must know of a list comes to it as a plan
// built above it (db/write/snapshot/plan.ts), so the rule is held by lint and checked here over
// the sources as they are.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { CORE_LAYERS, layerOf } from '../../electron/core/layers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const core = path.join(root, 'electron/core');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.(ts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The core files a file imports, relative to electron/core. */
function coreImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const spec = m[1] ?? m[2];
    if (!spec.startsWith('.')) continue;
    const target = path.relative(core, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
    if (!target.startsWith('..')) found.push(target);
  }
  return found;
}

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'aisle/core-layers').map((m) => m.message);
}

describe('db/ is the ground floor', () => {
  it('the layer map puts db/ alone on the lowest level above shared', () => {
    const db = CORE_LAYERS.find((layer) => layer.name === 'db')!;
    expect(db.holds).toEqual(['db/']);
    const below = CORE_LAYERS.filter((layer) => layer.level < db.level).map((layer) => layer.name);
    expect(below).toEqual(['shared']);
  });

  it('no file under db/ imports a core file outside db/ and the shared layer', () => {
    const offenders = files(path.join(core, 'db')).flatMap((file) =>
      coreImports(file)
        .filter((target) => !target.startsWith('db/') && layerOf(target)?.name !== 'shared')
        .map((target) => `${path.relative(core, file)} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lint refuses a db file that imports the lists, the mirror or the api, and takes one that imports shared', async () => {
    const file = 'electron/core/db/write/snapshot/example.ts';
    const upward = [
      "import { contentHash } from '../../../mirror/content-hash.ts';",
      "import { SAMPLE_SIZE } from '../../../lists/field-discovery.ts';",
      "import { readInstant } from '../../../api/instant.ts';",
      'export const used = [contentHash, SAMPLE_SIZE, readInstant];',
    ].join('\n');
    const found = await layerErrors(file, upward);
    expect(found).toHaveLength(3);
    expect(found[0]).toContain('The db layer may not import from the lists layer (mirror/content-hash.ts)');
    expect(found[2]).toContain('The db layer may not import from the api layer (api/instant.ts)');
    expect(await layerErrors(file, "import { naturalSortKey } from '../../../shared/sort-key.ts';\nexport const key = naturalSortKey('A-1');\n")).toEqual([]);
  }, 60_000);

  it('one concept, one folder: the spelling help\'s words and the stock read in part each live in one folder of db/', () => {
    const all = files(core).map((file) => path.relative(core, file).split(path.sep).join('/'));
    for (const concept of ['search-words', 'stock-refresh']) {
      // the migrations keep the schema's history, one file per change, named for what it made
      const named = all.filter((file) => file.includes(concept) && !file.startsWith('db/migrations/'));
      expect(named.length, concept).toBeGreaterThan(1);
      expect(named.filter((file) => !file.startsWith(`db/${concept}/`)), concept).toEqual([]);
    }
  });
});

