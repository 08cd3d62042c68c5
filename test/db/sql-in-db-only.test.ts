// The lint rule that keeps SQL in the data layer: a statement prepared, a pragma, a transaction or a
// connection made outside electron/core/db/ is an error; the same code inside it is not.
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
  it('refuses a statement, a pragma, a transaction and a connection of its own in a lookup', async () => {
    const found = await errors('electron/core/lookup/names.ts', SQL);
    expect(found).toHaveLength(4);
    expect(found).toContain('SQL lives in electron/core/db/: add a read or write function there.');
    expect(found).toContain('Connections to the mirror come from electron/core/db/connection.ts.');
  }, 60_000);

  it('makes no exception for the search index builder\'s old place outside the data layer', async () => {
    expect(await errors('electron/core/mirror/search-index-builder.ts', SQL)).toHaveLength(4);
  }, 60_000);

  it('takes the same code in the data layer, and a regular expression\'s exec anywhere', async () => {
    expect(await errors('electron/core/db/read/names.ts', SQL.replace("'../db/connection.ts'", "'../connection.ts'"))).toEqual([]);
    expect(await errors('electron/core/lookup/words.ts', `export const first = (text: string) => /\\w+/.exec(text)?.[0];\n`)).toEqual([]);
  }, 60_000);
});
