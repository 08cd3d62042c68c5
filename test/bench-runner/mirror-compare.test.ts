// The fleet bench's check that a seat's mirror equals one synced straight from the server: two real
// mirrors of one demo server compare equal, and a row changed, removed or added in one is found.
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mirrorFileOf } from '../../electron/core/entrances/mirror-files.ts';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { signInForCli } from '../../electron/hosts/cli/sign-in.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { compareMirrors, compareRows, describeComparison, mirrorsEqual } from '../bench/support/mirror-compare.ts';
import { syncRound } from '../support/sync-round.ts';
import { tempDir } from '../support/temp-dir.ts';

describe('compareRows', () => {
  it('counts rows missing, extra and with another hash, and names a few', () => {
    const expected = [{ id: 'a', hash: 1 }, { id: 'b', hash: 2 }, { id: 'c', hash: 3 }];
    expect(compareRows(expected, [...expected])).toEqual({ missing: 0, extra: 0, differing: 0, sample: [] });
    expect(compareRows(expected, [{ id: 'a', hash: 1 }, { id: 'b', hash: 9 }, { id: 'd', hash: 4 }])).toEqual({ missing: 1, extra: 1, differing: 1, sample: ['b', 'd', 'c'] });
  });
});

describe('compareMirrors', () => {
  const folder = tempDir('aisle-mirror-compare-');
  let demo: DemoServer;
  const files: string[] = [];

  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, items: 200, accounts: 1, facilities: 1, rateLimit: 0 });
    for (const name of ['one', 'two']) {
      const dataDir = path.join(folder.path, name);
      const core = createNodeCore({ host: 'cli', dataDir, overrides: { autoSync: false, idleLock: false } });
      try {
        const view = await signInForCli(core.handlers, { server: demo.url, email: 'demo@example.com', password: 'demo1234', licenseId: demo.ids().demoLicenses[1] });
        await syncRound(core);
        files.push(mirrorFileOf(dataDir, { server: view.server!, email: view.email!, licenseId: view.licenseId! }));
      } finally {
        await core.close();
      }
    }
  }, 60_000);

  afterAll(async () => {
    await demo?.close();
    folder.remove();
  });

  it('two mirrors of one server are equal; a changed, a removed and a skipped dataset are said', () => {
    const same = compareMirrors(files[0], files[1]);
    expect(same.compared.length).toBeGreaterThan(5);
    expect(mirrorsEqual(same)).toBe(true);

    const db = new Database(files[1]);
    try {
      db.prepare('UPDATE items SET hash = hash + 1 WHERE rowid = (SELECT min(rowid) FROM items)').run();
      db.prepare('DELETE FROM locations WHERE rowid = (SELECT min(rowid) FROM locations)').run();
    } finally {
      db.close();
    }
    const changed = compareMirrors(files[0], files[1]);
    expect(mirrorsEqual(changed)).toBe(false);
    const byList = new Map([...changed.differences].map(([key, d]) => [key.split('@')[0], d]));
    expect([...byList.keys()].sort()).toEqual(['items', 'locations']);
    expect(byList.get('items')).toMatchObject({ missing: 0, extra: 0, differing: 1 });
    expect(byList.get('locations')).toMatchObject({ missing: 1, extra: 0, differing: 0 });
    expect(describeComparison(changed)).toMatch(/items.*1 with another hash/);

    const skipping = compareMirrors(files[0], files[1], (key) => key.startsWith('items') || key.startsWith('locations'));
    expect(mirrorsEqual(skipping)).toBe(true);
    expect(skipping.skipped.length).toBe(2);

    // a dataset one side lacks is missing, unless it is skipped
    const other = new Database(files[1]);
    try {
      other.prepare("UPDATE datasets SET last_success_at = NULL WHERE key LIKE 'carriers%'").run();
    } finally {
      other.close();
    }
    const lacking = compareMirrors(files[0], files[1], (key) => key.startsWith('items') || key.startsWith('locations'));
    expect(lacking.onlyExpected.map((k) => k.split('@')[0])).toEqual(['carriers']);
    expect(mirrorsEqual(lacking)).toBe(false);
    const lackingSkipped = compareMirrors(files[0], files[1], (key) => key.startsWith('items') || key.startsWith('locations') || key.startsWith('carriers'));
    expect(mirrorsEqual(lackingSkipped)).toBe(true);
    expect(lackingSkipped.skipped.map((k) => k.split('@')[0])).toEqual(['carriers', 'items', 'locations']);
  });
});
