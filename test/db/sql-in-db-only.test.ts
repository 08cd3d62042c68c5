// The lint rule that keeps SQL in the data layer: a statement prepared, a pragma, a transaction or a
// connection made outside electron/core/db/ is an error, and so is SQL text composed there (a
// clause, an expression); the same code inside it is not.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function errors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const SQL = `import Database from 'better-sqlite3';
import type { ReadDb } from '../db/connection.ts';
export function names(db: ReadDb): unknown[] {
  db.pragma('busy_timeout = 1');
  db.transaction(() => undefined)();
  new Database(':memory:').close();
  return db.prepare('SELECT name FROM records').all();
}
`;

describe('SQL only in electron/core/db/', () => {
  it('refuses a statement, a pragma, a transaction and a connection of its own in a lookup, and the SQL text', async () => {
    const found = await errors('electron/core/lookup/names.ts', SQL);
    expect(found).toHaveLength(5);
    expect(found).toContain('SQL lives in electron/core/db/: add a read or write function there.');
    expect(found).toContain('Connections to the mirror come from electron/core/db/connection.ts.');
  }, 60_000);

  it('makes no exception for the search index builder\'s old place outside the data layer', async () => {
    expect(await errors('electron/core/mirror/search-index-builder.ts', SQL)).toHaveLength(5);
  }, 60_000);

  it('takes the same code in the data layer, and a regular expression\'s exec anywhere', async () => {
    expect(await errors('electron/core/db/read/names.ts', SQL.replace("'../db/connection.ts'", "'../connection.ts'"))).toEqual([]);
    expect(await errors('electron/core/lookup/words.ts', `export const first = (text: string) => /\\w+/.exec(text)?.[0];\n`)).toEqual([]);
  }, 60_000);

  it('refuses SQL fragments composed outside the data layer, as strings or templates, and takes words that only look alike', async () => {
    const fragments = `export const expr = (key: string) => \`json_extract(raw, '$."\${key}"')\`;
export const where = 'list = ? AND scope_id = ?' + ' ORDER BY code_sort';
export const named = (expr: string) => \`\${expr} IN (SELECT id FROM items WHERE sku LIKE ? ESCAPE '\\\\')\`;
export const cast = (expr: string) => \`CAST(\${expr} AS REAL) > ?\`;
`;
    const found = await errors('electron/core/lookup/filters.ts', fragments);
    expect(found).toHaveLength(4);
    expect(found).toContain('SQL text lives in electron/core/db/: hand the data layer a typed query or add a read there.');
    expect(await errors('electron/core/db/read/filters.ts', fragments)).toEqual([]);
    const words = `export const hint = 'Select a list, then choose where to look; order by code.';\nexport const op = '<=';\n`;
    expect(await errors('electron/core/lookup/words.ts', words)).toEqual([]);
  }, 60_000);
});
