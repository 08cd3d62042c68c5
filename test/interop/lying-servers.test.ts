// Servers that change or bend their answers (the demo server's lies, server-lies.ts), each synced
// through the real CLI code over loopback: the client keeps what it learned, holds what it cannot
// prove, and says so in words.
import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer, type ServerLies } from '../../electron/demo/index.ts';
import { DEFAULT_PROFILE } from '../../electron/demo/profile/server-profile.ts';
import { hasValidCheckDigit } from '../../electron/core/shared/gs1/gs1.ts';
import type { FieldMapReport, ProbeReport } from '../../electron/contract/types.ts';
import { tempDir } from '../support/temp-dir.ts';
import { EMAIL, SIZES, runCli } from './support/profile-check.ts';

let server: DemoServer;
let dir: ReturnType<typeof tempDir>;

async function serve(lies: Partial<ServerLies>, facilities = 2) {
  server = await startDemoServer({ ...SIZES, facilities, seed: 3, rateLimit: 0, profile: { ...DEFAULT_PROFILE, lies } });
  dir = tempDir('aisle-lies-');
}
afterEach(async () => {
  await server.close();
  dir.remove();
});

const sync = () => runCli(['sync', '--server', server.url, '--email', EMAIL, '--data', dir.path, '--json']);
const find = async (code: string) => (JSON.parse((await runCli(['find', code, '--data', dir.path, '--json'])).out.join('\n')) as { hits: { id: string; kind: string; match: string }[] }).hits;
const probe = async () => JSON.parse((await runCli(['probe', '--server', server.url, '--email', EMAIL, '--data', dir.path, '--json'])).out.join('\n')) as ProbeReport;
const fields = async () => JSON.parse((await runCli(['fields', '--data', dir.path, '--json'])).out.join('\n')) as FieldMapReport;

function mirror<T>(read: (db: Database.Database) => T): T {
  const folder = path.join(dir.path, 'mirrors');
  const db = new Database(path.join(folder, readdirSync(folder).find((f) => f.endsWith('.sqlite'))!), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
const errorsOf = (list: string) => mirror((db) => db.prepare('SELECT last_error_message FROM datasets WHERE list = ? AND last_error_message IS NOT NULL').pluck().all(list) as string[]);

describe('lying servers', () => {
  it('renames the SKU field from the second round: the items fail in words and are still found by their SKU', async () => {
    await serve({}, 1);
    expect((await sync()).code).toBe(0);
    const account = String((server.served('accounts')[0] as { id: unknown }).id);
    const item = server.served('items', account)[0] as { id: string; sku: string };

    server.setLies({ renameSku: true });
    expect((await sync()).code).toBe(1);
    const [said] = errorsOf('items');
    expect(said).toMatch(/: the field `sku` that Aisle reads as the SKU is missing since .* UTC; the records now carry `itemNumber`\./);
    expect((await find(item.sku)).filter((h) => h.match === 'exact').map((h) => h.id)).toEqual([item.id]);
    expect((await fields()).lists.find((l) => l.list === 'items')!.missing.map((m) => m.field)).toContain('sku');

    // the probe on this workstation maps fields as its mirror does, so it says what its sync does
    const report = await probe();
    expect(report.ready).toBe(false);
    const items = report.lists.filter((l) => l.list === 'items');
    expect(items.map((l) => l.outcome)).toEqual(errorsOf('items').map(() => 'failed'));
    expect(JSON.stringify(report.blockers)).toMatch(/the field `sku` that Aisle reads as the SKU is missing since .* UTC; the records now carry `itemNumber`\./);
    // and the workstation's own mirror is untouched by it
    expect((await find(item.sku)).filter((h) => h.match === 'exact').map((h) => h.id)).toEqual([item.id]);
  });

  it('sends some UPCs with bad check digits beside a free-text field of valid GTINs: the UPC field stays, and a scan opens the right item', async () => {
    await serve({ badUpcs: true }, 1);
    expect((await sync()).code).toBe(0);
    const account = String((server.served('accounts')[0] as { id: unknown }).id);
    const items = server.served('items', account) as { id: string; upc: string }[];
    const bad = items.filter((i) => !hasValidCheckDigit(i.upc));
    expect(bad.length).toBeGreaterThan(items.length / 10);
    const good = items.find((i) => hasValidCheckDigit(i.upc))!;
    expect((await find(good.upc)).filter((h) => h.match === 'exact').map((h) => h.id)).toEqual([good.id]);
    const upc = (await fields()).lists.find((l) => l.list === 'items')!.fields.find((f) => f.column === 'upc')!;
    expect(upc.field).toBe('upc');
    expect(upc.evidence).toMatch(/values pass the GS1 check digit; \d+ do not, and a scan of them finds nothing: `\d+` \(record `/);
  });

  it('nests the item and location of stock and history records: each is placed on its item and location', async () => {
    await serve({ nestedRefs: true }, 1);
    expect((await sync()).code).toBe(0);
    const unplaced = (table: string) => mirror((db) => db.prepare(`SELECT count(*) AS rows, count(item_id) AS items, count(location_id) AS locations FROM ${table}`).get()) as { rows: number; items: number; locations: number };
    for (const table of ['inventory', 'history']) {
      const { rows, items, locations } = unplaced(table);
      expect(rows, table).toBeGreaterThan(0);
      expect({ items, locations }, table).toEqual({ items: rows, locations: rows });
    }
  });

  it("names the user's facilities by code: each facility's stock is read once, under its id", async () => {
    await serve({ facilitiesByCode: true });
    expect((await sync()).code).toBe(0);
    const facilities = server.ids().facilities;
    const stock = mirror((db) => db.prepare(`SELECT scope_id AS facility, rows FROM datasets WHERE list = 'inventory' ORDER BY scope_id`).all()) as { facility: string; rows: number }[];
    expect(stock.map((d) => d.facility)).toEqual([...facilities].sort());
    for (const d of stock) expect(d.rows).toBe(server.served('inventory', d.facility).length);
  });

  it("answers every facility's stock whatever facility is asked for: nothing is filed under one, and the sync says so", async () => {
    await serve({ inventoryIgnoresFacility: true });
    expect((await sync()).code).toBe(1);
    expect(mirror((db) => db.prepare('SELECT count(*) FROM inventory').pluck().get())).toBe(0);
    const said = errorsOf('inventory');
    expect(said).toHaveLength(2);
    for (const words of said) expect(words).toMatch(/the server's answer holds records of another facility \(`[^`]+` in the field `facility_id`\)/);
  });
});
