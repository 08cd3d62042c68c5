// The machine policy's field map, synced through the real CLI code against the demo server over
// loopback: a server that renamed its SKU field is read by the field the policy names, the policy's
// lists win over the data folder's field-map.json (whose other lists still apply), a bad entry is
// reported in words, and `aisle fields` says the policy set it.
import Database from 'better-sqlite3';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { DEFAULT_PROFILE } from '../../electron/demo/profile/server-profile.ts';
import type { FieldMapReport } from '../../electron/contract/types.ts';
import { tempDir } from '../support/temp-dir.ts';
import { EMAIL, SIZES, runCli } from './support/profile-check.ts';

let server: DemoServer;
let dir: ReturnType<typeof tempDir>;
let policyFile: string;
let serverOpen = false;
const saved = process.env.AISLE_POLICY_FILE;

beforeEach(async () => {
  server = await startDemoServer({ ...SIZES, facilities: 1, seed: 5, rateLimit: 0, profile: { ...DEFAULT_PROFILE, lies: {} } });
  serverOpen = true;
  dir = tempDir('aisle-policy-map-');
  // no policy yet: the file AISLE_POLICY_FILE names does not exist (never the machine's own)
  policyFile = path.join(dir.path, 'policy.json');
  process.env.AISLE_POLICY_FILE = policyFile;
});
afterEach(async () => {
  if (saved === undefined) delete process.env.AISLE_POLICY_FILE;
  else process.env.AISLE_POLICY_FILE = saved;
  if (serverOpen) await server.close();
  dir.remove();
});

const dataDir = () => path.join(dir.path, 'data');
const sync = () => runCli(['sync', '--server', server.url, '--email', EMAIL, '--data', dataDir(), '--json']);
const fields = async () => JSON.parse((await runCli(['fields', '--data', dataDir(), '--json'])).out.join('\n')) as FieldMapReport;

function rows<T>(sql: string): T[] {
  const folder = path.join(dataDir(), 'mirrors');
  const db = new Database(path.join(folder, readdirSync(folder).find((f) => f.endsWith('.sqlite'))!), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

describe("the machine policy's field map", () => {
  it('reads a renamed field by the name the policy gives, over a conflicting field-map.json, and reports its bad entries', async () => {
    expect((await sync()).code).toBe(0);
    const account = String((server.served('accounts')[0] as { id: unknown }).id);
    const served = server.served('items', account) as { id: string; sku: string; description: string }[];
    expect(served.length).toBeGreaterThan(0);

    // the server renames `sku` to `itemNumber`: the default map holds the list (a missing field),
    // field-map.json points the SKU elsewhere, and the policy names the new field
    server.setLies({ renameSku: true });
    writeFileSync(path.join(dataDir(), 'field-map.json'), JSON.stringify({ items: { sku: 'description' }, locations: { zone: 'code' } }));
    writeFileSync(policyFile, JSON.stringify({ version: 1, fieldMap: { '//': 'our WMS renamed the SKU', items: { sku: 'itemNumber', skew: 'x' }, inventory: { sku: 'itemNumber' }, history: { sku: 'itemNumber' } } }));
    const second = await sync();
    expect(second.code, second.out.join('\n') + second.err.join('\n')).toBe(0);

    const skus = new Map(rows<{ id: string; sku: string }>('SELECT id, sku FROM items').map((r) => [r.id, r.sku]));
    for (const item of served) expect(skus.get(item.id), item.id).toBe(item.sku);
    // the file's other list still applies
    const locations = rows<{ code: string; zone: string }>('SELECT code, zone FROM locations');
    expect(locations.length).toBeGreaterThan(0);
    for (const l of locations) expect(l.zone).toBe(l.code);

    const report = await fields();
    expect(report.policy).toEqual({ path: policyFile, lists: ['items', 'inventory', 'history'] });
    expect(report.file.applied).toBe(true);
    expect(report.file.warning).toBe(`${policyFile}: fieldMap: items has no column "skew" (its columns: ${report.lists.find((l) => l.list === 'items')!.fields.map((f) => f.column).join(', ')}). Those entries are ignored; the rest applies.`);
    const items = report.lists.find((l) => l.list === 'items')!;
    expect(items.fields.find((f) => f.column === 'sku')).toMatchObject({ field: 'itemNumber', source: 'policy', evidence: `set by your IT department (${policyFile})` });
    expect(report.lists.find((l) => l.list === 'locations')!.fields.find((f) => f.column === 'zone')).toMatchObject({ field: 'code', source: 'file', evidence: 'field-map.json' });
    const text = (await runCli(['fields', '--data', dataDir()])).out.join('\n');
    expect(text).toContain(`${policyFile}: fieldMap set by your IT department for items, inventory, history (wins over field-map.json)`);
  });

  it('a fieldMap that is no object keeps the last good policy, with its map', async () => {
    writeFileSync(policyFile, JSON.stringify({ version: 1, fieldMap: { items: { description: 'sku' } } }));
    expect((await sync()).code).toBe(0);
    const kept = rows<{ sku: string; description: string }>('SELECT sku, description FROM items');
    expect(kept.length).toBeGreaterThan(0);
    for (const item of kept) expect(item.description).toBe(item.sku);

    // the policy is not used as written: the last good one (with its map) stays
    writeFileSync(policyFile, JSON.stringify({ version: 1, fieldMap: ['items'] }));
    const report = await fields();
    expect(report.policy).toEqual({ path: policyFile, lists: ['items'] });
    expect(report.lists.find((l) => l.list === 'items')!.fields.find((f) => f.column === 'description')).toMatchObject({ field: 'sku', source: 'policy' });
  });
});
