// The dead-export check of `npm run lint` (scripts/check-dead-exports.ts), on a small product
// written here: what only a test uses is reported; what the product uses, itself or through an
// entrance that passes it on, is not. Then on this tree: nothing is reported.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deadExports } from '../../scripts/check-dead-exports.ts';

const root = mkdtempSync(path.join(tmpdir(), 'aisle-dead-exports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

describe('the dead-export check', () => {
  it('reports what only tests use, and nothing the product uses', () => {
    write('electron/main/index.ts', "import { openList } from '../core/index.ts';\nimport * as words from '../core/words.ts';\nopenList(words);\n");
    write('electron/core/index.ts', "export { openList, openCatalog } from './lists.ts';\nexport * from './retry.ts';\n");
    write('electron/core/lists.ts', [
      'export function openList(x: unknown) { return listPath(x); }',
      // used by its own file: live code, exported for a unit test
      'export function listPath(x: unknown) { return String(x); }',
      // passed on by the entrance, imported by nobody
      'export function openCatalog() { return 1; }',
      // imported by nobody at all
      'export const LIST_COUNT = 15;',
      '',
    ].join('\n'));
    write('electron/core/retry.ts', 'export function withAccessToken() { return 1; }\n');
    write('electron/core/words.ts', 'export const ONE = 1;\nexport function two() { return 2; }\n');
    write('test/lists.test.ts', "import { openCatalog, LIST_COUNT } from '../electron/core/lists.ts';\nimport { withAccessToken } from '../electron/core/retry.ts';\nopenCatalog(); withAccessToken(); void LIST_COUNT;\n");

    expect(deadExports(root)).toEqual([
      'electron/core/index.ts: openCatalog (passed on from elsewhere)',
      'electron/core/lists.ts: LIST_COUNT',
      'electron/core/lists.ts: openCatalog',
      'electron/core/retry.ts: withAccessToken',
    ]);
  });

  it('finds nothing dead in this tree but the one export it knowingly leaves', () => {
    expect(deadExports()).toEqual(['electron/core/lookup/search.ts: lookupExact']);
  });
});
