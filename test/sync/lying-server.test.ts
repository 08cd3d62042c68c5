// A demo server whose pages lie (its profile's `pageLies`): `aisle sync` fails in words naming the list,
// the page and what disagreed, exits non-zero, the status says so, and every row mirrored before
// is still there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { coherent, DEFAULT_PROFILE, type PageLies } from '../../electron/demo/profile/server-profile.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { tempDir } from '../support/temp-dir.ts';

let server: DemoServer;
let dir: ReturnType<typeof tempDir>;

function io() {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), env: { AISLE_PASSWORD: 'demo1234' }, promptPassword: async () => Promise.reject(new Error('no terminal')) };
  return { value, out, err };
}

const sync = async () => {
  const run = io();
  const code = await main(['sync', '--server', server.url, '--email', 'demo@example.com', '--data', dir.path], run.value);
  return { code, out: run.out, err: run.err };
};

async function status(): Promise<{ text: string[]; items: number }> {
  const text = io();
  await main(['status', '--data', dir.path], text.value);
  const json = io();
  await main(['status', '--data', dir.path, '--json'], json.value);
  const parsed = JSON.parse(json.out.join('\n')) as { mirrors: { datasets: { list: string; rows: number }[] }[] };
  return { text: text.out, items: parsed.mirrors[0].datasets.filter((d) => d.list === 'items').reduce((n, d) => n + d.rows, 0) };
}

beforeAll(async () => {
  server = await startDemoServer({ port: 0, items: 60, facilities: 1, accounts: 1, seed: 9, profile: coherent({ ...DEFAULT_PROFILE, envelope: 'data', paging: 'page-size', pageSize: 7 }) });
  dir = tempDir();
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

const LIES: [string, PageLies, RegExp][] = [
  ['the last page short', { lastPageShort: true }, /the pages ended at page \d+ with \d+ records where the server announced \d+ \(totalElements\)/],
  ['an empty page before the end', { emptyPageBeforeEnd: true }, /page 2 came empty with 7 records where the server announced \d+/],
  ['a total higher than the records', { totalTooHigh: true }, /with (\d+) records where the server announced \d+/],
  ['the next page under a name Aisle does not know, last: false', { unknownNext: true }, /page 1 says more records follow \(last: false\) but gives no next page Aisle knows how to ask for/],
];

describe('a server whose pages lie', () => {
  it('an honest first sync mirrors every item', async () => {
    const first = await sync();
    expect(first.err.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(first.code).toBe(0);
    expect((await status()).items).toBe(server.served('items', server.ids().accounts[0]).length);
  });

  for (const [name, lies, words] of LIES) {
    it(`${name}: the sync fails in words and exits non-zero; the items mirrored before stay`, async () => {
      const before = (await status()).items;
      expect(before).toBeGreaterThan(14);
      server.setPageLies({ ...lies, list: 'items' });
      try {
        const lied = await sync();
        expect(lied.code).not.toBe(0);
        const said = [...lied.out, ...lied.err].join('\n');
        expect(said).toMatch(/Items of [^\n]*The pages do not add up/);
        expect(said).toMatch(words);
        expect(lied.out.at(-1)).toMatch(/[1-9]\d* failed/);
        const after = await status();
        expect(after.items).toBe(before);
        expect(after.text[0]).not.toMatch(/no problems/);
      } finally {
        server.setPageLies(null);
      }
    });
  }
});
