// The spelling help's words after a round of a few changes: taken from the rows the round changed,
// added and removed (search-words.ts), they are the words a full reading of the indexes gives.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMirror, type WriteDb } from '../../electron/core/db/connection.ts';
import { keepSearchWords } from '../../electron/core/mirror/search-words.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import { tempDir } from '../support/temp-dir.ts';
import { LISTS, startFixtureServer, type FixtureServer } from './fixture-server.ts';

let dir: ReturnType<typeof tempDir>;
let db: WriteDb;
let server: FixtureServer;

const ITEMS = `${LISTS}/accounts/acc-1/items/query`;
const CARRIERS = `${LISTS}/accounts/acc-1/carriers/query`;
const items = (count: number) => Array.from({ length: count }, (_, n) => ({ id: `item-${n}`, account_id: 'acc-1', sku: `SKU-${n}`, description: `Steel bracket ${n}`, upc: String(100000000000 + n) }));

function round() {
  return runRound(db, {
    baseUrl: server.url,
    accessToken: async () => 't1',
    refreshAfterUnauthorized: async () => 't1',
    plan: { offlineLists: [], offlineFacilities: [], userFacilities: [], historyDays: 30 },
    retry: { retries: 0, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 1000 },
  });
}

const words = () => (db.prepare('SELECT word FROM search_words ORDER BY word').pluck().all() as string[]);

/** The words a full reading of every index gives; the words the round left are put back after. */
function rebuilt(): string[] {
  const kept = words();
  keepSearchWords(db, ['items_fts', 'records_fts'], { afresh: true });
  const afresh = words();
  db.prepare('DELETE FROM search_words').run();
  const add = db.prepare(`INSERT INTO search_words (word, len, drow) VALUES (?, length(?), '')`);
  for (const word of kept) add.run(word, word);
  return afresh;
}

beforeEach(async () => {
  dir = tempDir();
  db = openMirror(path.join(dir.path, 'm.sqlite'));
  server = await startFixtureServer();
  server.set(`${LISTS}/accounts/query`, [{ id: 'acc-1', accountid: 'ACME', name: 'Acme Corp', type: 'ACCOUNT' }]);
  server.set(`${LISTS}/facilities/query`, []);
  server.set(`${LISTS}/users/query`, []);
  server.set(ITEMS, [...items(50), { id: 'odd', account_id: 'acc-1', sku: 'ODD-1', description: 'Walnut sprocket', upc: '200000000000' }]);
  server.set(CARRIERS, [{ id: 'car-1', account_id: 'acc-1', name: 'Blizzard Freight', scac: 'BLZF' }]);
});
afterEach(async () => {
  db.close();
  await server.close();
  dir.remove();
});

describe("a round's words for the spelling help", () => {
  it('after a round of a few changes: a changed record\'s new word is found, a removed record\'s only word is gone, and the words equal a full reading', async () => {
    await round();
    expect(words()).toEqual(expect.arrayContaining(['walnut', 'sprocket', 'blizzard', 'freight', 'steel', 'bracket']));

    // item 3 renamed (its old words are still held by others), the odd item gone, a carrier renamed
    server.set(ITEMS, items(50).map((i) => (i.id === 'item-3' ? { ...i, description: 'Copper flange' } : i)));
    server.set(CARRIERS, [{ id: 'car-1', account_id: 'acc-1', name: 'Tundra Freight', scac: 'BLZF' }]);
    await round();

    expect(words()).toEqual(expect.arrayContaining(['copper', 'flange', 'tundra', 'freight', 'steel', 'bracket']));
    expect(words()).not.toContain('walnut');
    expect(words()).not.toContain('sprocket');
    expect(words()).not.toContain('blizzard');
    expect(words()).toEqual(rebuilt());
  });

  it('a new record\'s word is found, and a record whose text did not change leaves the words as they were', async () => {
    await round();
    const before = words();
    server.set(ITEMS, [...items(50), { id: 'odd', account_id: 'acc-1', sku: 'ODD-1', description: 'Walnut sprocket', upc: '200000000001' }, { id: 'new', account_id: 'acc-1', sku: 'GH-1', description: 'Galvanized hinge', upc: '300000000000' }]);
    await round();
    expect(words()).toEqual([...before, 'galvanized', 'hinge'].sort());
    expect(words()).toEqual(rebuilt());
  });

  it('an account gone from the server takes its items\' only words with it when its datasets are removed', async () => {
    const acme = { id: 'acc-1', accountid: 'ACME', name: 'Acme Corp', type: 'ACCOUNT' };
    server.set(`${LISTS}/accounts/query`, [acme, { id: 'acc-2', accountid: 'GLOBEX', name: 'Globex', type: 'ACCOUNT' }]);
    server.set(`${LISTS}/accounts/acc-2/items/query`, [{ id: 'g-1', account_id: 'acc-2', sku: 'G-1', description: 'Quince gasket', upc: '400000000000' }]);
    await round();
    expect(words()).toEqual(expect.arrayContaining(['quince', 'gasket', 'globex']));
    server.set(`${LISTS}/accounts/query`, [acme]);
    await round(); // the account's datasets stay for one round
    await round(); // the second complete round removes them: no table written, rows dropped
    expect(words()).not.toContain('quince');
    expect(words()).not.toContain('gasket');
    expect(words()).toEqual(rebuilt());
  });
});
