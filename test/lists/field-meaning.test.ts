// A field keeps its meaning once learned, synced over real HTTP: a UPC field with some bad check
// digits stays the UPC beside a free-text field whose values pass; a server that renames the SKU
// field fails that list in words and keeps the mirror until IT re-maps (field-map.json, or a
// re-learn through `aisle fields --relearn`).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyFieldMapFile, fieldMapFilePath } from '../../electron/core/lists/field-map-file.ts';
import { readDecision } from '../../electron/core/lists/field-map-state.ts';
import { searchAll } from '../../electron/core/lookup/search.ts';
import { gs1CheckDigit } from '../../electron/core/shared/gs1/gs1.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { datasetByKey } from '../../electron/core/db/read/datasets.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import type { FieldMapReport } from '../../electron/contract/types.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';
import { LISTS, serveOneAccountAndFacility, startFixtureServer, type FixtureServer } from '../sync/fixture-server.ts';

let dataDir: string;
let db: WriteDb;
let server: FixtureServer;

const ean = (n: number) => {
  const body = String(400638133393 + n);
  return body + gs1CheckDigit(body);
};
/** A 13-digit code whose check digit is wrong. */
const badEan = (n: number) => {
  const good = ean(n);
  return good.slice(0, 12) + String((Number(good[12]) + 1) % 10);
};
const N = 20;
const ITEMS = `${LISTS}/accounts/acc-1/items/query`;
const sku = (n: number) => `WID-${String(n).padStart(3, '0')}`;

eachTestMirror((opened, folder) => {
  db = opened;
  dataDir = folder;
}, path.join('mirrors', 'm.sqlite'));
beforeEach(async () => {
  server = await startFixtureServer();
  serveOneAccountAndFacility(server);
});
afterEach(() => server.close());

function round() {
  return runRound(db, {
    baseUrl: server.url,
    accessToken: async () => 't1',
    refreshAfterUnauthorized: async () => 't1',
    plan: { offlineLists: [], offlineFacilities: [], userFacilities: [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }], historyDays: 30 },
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
  });
}

const options = { staleAfter: {} };
const exact = (query: string) => searchAll(db, query, options).hits.filter((h) => h.match === 'exact').map((h) => `${h.kind} ${h.id}`);

async function fields(...args: string[]): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line), env: {}, promptPassword: () => Promise.reject(new Error('no')) };
  return { code: await main(['fields', '--data', dataDir, ...args], io), out };
}

describe('a barcode field named so', () => {
  it('stays the UPC when some of its values fail the check digit, beside a free-text field whose values pass; the bad values are reported', async () => {
    // each item's `altRef` holds the next item's UPC: read as the UPC, a scan would open the wrong item
    server.set(
      ITEMS,
      Array.from({ length: N }, (_, n) => ({ id: `it-${n}`, sku: sku(n), upc: n < 3 ? badEan(n) : ean(n), altRef: ean(n + 1), description: `Widget ${n}` })),
    );
    const result = await round();
    expect(result.datasets.find((d) => d.key === 'items@account:acc-1')).toMatchObject({ outcome: 'applied', rows: N });
    expect(exact(ean(5))).toEqual(['item it-5']);
    expect(exact(ean(1))).toEqual([]);
    expect(readDecision(db, 'items')!.fields.upc).toBe('upc');

    const { code, out } = await fields('--json');
    expect(code).toBe(0);
    const upc = (JSON.parse(out.join('\n')) as FieldMapReport).lists.find((l) => l.list === 'items')!.fields.find((f) => f.column === 'upc')!;
    expect(upc).toMatchObject({ field: 'upc', source: 'decided' });
    expect(upc.evidence).toBe(`alias; 17/20 values pass the GS1 check digit; 3 do not, and a scan of them finds nothing: \`${badEan(0)}\` (record \`it-0\`), \`${badEan(1)}\` (record \`it-1\`), \`${badEan(2)}\` (record \`it-2\`)`);
  });
});

describe('a server that renames a mapped field', () => {
  const items = (codeField: string) => Array.from({ length: N }, (_, n) => ({ id: `it-${n}`, [codeField]: sku(n), upc: ean(n), description: `Widget ${n}`, ...(codeField === 'sku' ? {} : { revision: 2 }) }));

  it('fails that list in words, keeps the mirror, and shows it in status and `aisle fields` until IT names the field in field-map.json', async () => {
    server.set(ITEMS, items('sku'));
    await round();
    expect(exact(sku(5))).toEqual(['item it-5']);

    server.set(ITEMS, items('itemNumber'));
    const second = await round();
    const failed = second.datasets.find((d) => d.key === 'items@account:acc-1')!;
    expect(failed.outcome).toBe('error');
    expect(failed.error!.message).toMatch(
      /^Items of Acme: the field `sku` that Aisle reads as the SKU is missing since \d{4}-\d\d-\d\d \d\d:\d\d UTC; the records now carry `itemNumber`, `revision`\. The offline data keeps this list as last read\./,
    );
    // the mirror as it was: the item still found by its SKU
    expect(exact(sku(5))).toEqual(['item it-5']);
    expect(datasetByKey(db, 'items@account:acc-1')!.last_error_message).toBe(failed.error!.message);

    // a third round: the same words, the same first time
    const third = await round();
    expect(third.datasets.find((d) => d.key === 'items@account:acc-1')!.error!.message).toBe(failed.error!.message);

    const { out } = await fields();
    expect(out.join('\n')).toMatch(/MISSING in Acme: `sku` \(sku\) since .*; the records now carry `itemNumber`, `revision`\./);
    const report = JSON.parse((await fields('--json')).out.join('\n')) as FieldMapReport;
    expect(report.lists.find((l) => l.list === 'items')!.missing).toEqual([{ scopeId: 'acc-1', scopeName: 'Acme', column: 'sku', field: 'sku', since: expect.any(String), nowCarried: ['itemNumber', 'revision'] }]);

    // IT names the new field: the next round applies, and the note is gone
    writeFileSync(fieldMapFilePath(dataDir), JSON.stringify({ items: { sku: 'itemNumber' } }));
    applyFieldMapFile(db, fieldMapFilePath(dataDir));
    const fixed = await round();
    expect(fixed.datasets.find((d) => d.key === 'items@account:acc-1')).toMatchObject({ outcome: 'applied', rows: N });
    expect(exact(sku(5))).toEqual(['item it-5']);
    expect((JSON.parse((await fields('--json')).out.join('\n')) as FieldMapReport).lists.find((l) => l.list === 'items')!.missing).toEqual([]);
  });

  it('is re-mapped by an explicit re-learn: `aisle fields --relearn items`, then the next round learns from the answer', async () => {
    server.set(ITEMS, items('sku'));
    await round();
    server.set(ITEMS, items('itemNumber'));
    expect((await round()).datasets.find((d) => d.key === 'items@account:acc-1')!.outcome).toBe('error');

    const relearn = await fields('--relearn', 'items');
    expect(relearn.code).toBe(0);
    expect(relearn.out[0]).toBe("items: its fields are learned again from the next sync's answer (aisle sync, or Sync now in the app).");
    expect((await fields('--relearn', 'itemz')).code).not.toBe(0);

    const after = await round();
    expect(after.datasets.find((d) => d.key === 'items@account:acc-1')).toMatchObject({ outcome: 'applied', rows: N });
    expect(readDecision(db, 'items')!.fields.sku).toBe('itemNumber');
    expect(exact(sku(5))).toEqual(['item it-5']);
  });
});
