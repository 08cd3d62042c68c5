// An item's and a location's facts by role, as the item and location pages show them, read from a
// mirror synced through the real CLI from the demo server under its default names, the `spring`
// profile (camelCase: `packQty`, `lotTracked`, `accountId`) and a profile drawn at random: the same
// SKU, name, unit, pack quantity, lot and serial tracking, active flag and references resolved to
// the records they name, whatever the server calls the fields.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../electron/demo/index.ts';
import { NAMED_PROFILES, type ServerProfile } from '../../electron/demo/profile/server-profile.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import { recordDetail } from '../../electron/core/lookup/record-detail.ts';
import { listPage } from '../../electron/core/lookup/lists.ts';
import type { ListPage, RecordDetail } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { serverProfile } from './support/profile-arbitrary.ts';
import { EMAIL, runCli } from './support/profile-check.ts';

const SIZES = { items: 150, accounts: 2, facilities: 1, seed: 11, rateLimit: 0, today: '2026-06-15' };
const OPTIONS = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: new Date('2026-06-15T12:00:00Z') };

type Row = Record<string, unknown>;

/** The demo's data under its own names: what every profile serves, however it names it. */
async function truth() {
  const server = await startDemoServer(SIZES);
  try {
    const accounts = server.served('accounts') as Row[];
    const items = accounts.flatMap((a) => server.served('items', String(a.id)) as Row[]);
    const facilities = server.served('facilities') as Row[];
    const locations = facilities.flatMap((f) => server.served('locations', String(f.id)) as Row[]);
    const byId = (rows: Row[]) => new Map(rows.map((r) => [String(r.id), r]));
    return {
      items: new Map(items.map((i) => [String(i.sku), i])),
      locations: new Map(locations.map((l) => [String(l.code), l])),
      accounts: byId(accounts),
      facilities: byId(facilities),
      hazmat: byId(server.served('hazmat') as Row[]),
      itemTemplates: byId(server.served('itemTemplates') as Row[]),
    };
  } finally {
    await server.close();
  }
}

const generated: ServerProfile = { ...fc.sample(serverProfile, { seed: 53, numRuns: 1 })[0]!, failingList: null, fieldCase: 'camel', aliases: true };
const PROFILES: [string, ServerProfile | undefined][] = [
  ['the default demo', undefined],
  ['spring', NAMED_PROFILES.spring],
  ['a generated profile', generated],
];

const folders: ReturnType<typeof tempDir>[] = [];
afterAll(() => folders.forEach((f) => f.remove()));

async function syncedDetails(profile: ServerProfile | undefined): Promise<{ items: RecordDetail[]; locations: RecordDetail[]; pages: Map<string, ListPage> }> {
  const server = await startDemoServer({ ...SIZES, profile });
  const dir = tempDir('aisle-roles-');
  folders.push(dir);
  try {
    const sync = await runCli(['sync', '--server', server.url, '--email', EMAIL, '--data', dir.path, '--json']);
    expect(sync.code, sync.err.join('\n')).toBe(0);
  } finally {
    await server.close();
  }
  const folder = path.join(dir.path, 'mirrors');
  const db = openMirror(path.join(folder, readdirSync(folder).find((f) => f.endsWith('.sqlite'))!), { readonly: true });
  try {
    const ids = (table: string) => (db.prepare(`SELECT id FROM ${table} ORDER BY id`).pluck().all() as string[]);
    return {
      items: ids('items').map((id) => recordDetail(db, 'items', id, OPTIONS)),
      locations: ids('locations').slice(0, 40).map((id) => recordDetail(db, 'locations', id, OPTIONS)),
      pages: new Map(['items', 'locations', 'inventory', 'history', 'accounts', 'facilities'].map((list) => [list, listPage(db, { list, scopeId: null, sort: [], filters: {}, columns: [] }, 0, 50, OPTIONS)])),
    };
  } finally {
    db.close();
  }
}

const fact = (detail: RecordDetail, role: string) => detail.roles.facts.find((f) => f.role === role)?.value;
const ref = (detail: RecordDetail, role: string) => detail.roles.references.find((r) => r.role === role);

describe('facts by role from the core', async () => {
  const demo = await truth();

  it.each(PROFILES)('under %s an item carries its code, name, unit, pack quantity, tracking, active and references by role', async (_name, profile) => {
    const { items } = await syncedDetails(profile);
    expect(items.length).toBe(demo.items.size);
    let hazardous = 0;
    for (const detail of items) {
      const item = demo.items.get(String(detail.roles.code));
      expect(item, `an item coded ${detail.roles.code}`).toBeDefined();
      const { roles } = detail;
      expect([roles.name, roles.unit, detail.title]).toEqual([item!.description, item!.uom, item!.description]);
      expect([fact(detail, 'pack_qty'), fact(detail, 'lot_tracked'), fact(detail, 'serial_tracked'), fact(detail, 'enabled'), fact(detail, 'upc')]).toEqual([
        item!.pack_qty,
        item!.lot_tracked,
        item!.serial_tracked,
        item!.enabled,
        item!.upc,
      ]);
      expect(ref(detail, 'account_id')).toMatchObject({ list: 'accounts', name: demo.accounts.get(String(item!.account_id))!.name });
      // a template has a name and no code: the map reads its name as its code
      const template = ref(detail, 'template_id');
      expect([template?.list, template?.name ?? template?.code]).toEqual(['item-templates', demo.itemTemplates.get(String(item!.template_id))!.name]);
      if (item!.hazmat_id) {
        hazardous++;
        const hazmat = demo.hazmat.get(String(item!.hazmat_id))!;
        expect(ref(detail, 'hazmat_id')).toMatchObject({ list: 'hazmat', code: hazmat.un_number, name: hazmat.proper_shipping_name });
      } else expect(ref(detail, 'hazmat_id')).toBeUndefined();
    }
    expect(hazardous).toBeGreaterThan(0);
  });

  it.each(PROFILES)('under %s a location carries its code, zone, type, pickable and facility by role', async (_name, profile) => {
    const { locations } = await syncedDetails(profile);
    expect(locations.length).toBeGreaterThan(0);
    for (const detail of locations) {
      const location = demo.locations.get(String(detail.roles.code));
      expect(location, `a location coded ${detail.roles.code}`).toBeDefined();
      expect([detail.title, fact(detail, 'zone'), fact(detail, 'type'), fact(detail, 'pickable')]).toEqual([location!.code, location!.zone, location!.type, location!.pickable]);
      expect(ref(detail, 'facility_id')).toMatchObject({ list: 'facilities', name: demo.facilities.get(String(location!.facility_id))!.name });
    }
  });

  it.each(PROFILES)("under %s every list column is known by its role and shows the server's field for it", async (_name, profile) => {
    const { pages } = await syncedDetails(profile);
    const items = pages.get('items')!;
    const byRole = new Map(items.columns.map((c) => [c.role, c]));
    // the pack quantity, the tracking flags and the references read whatever the server calls them
    // a server that leaves out optional fields sends no modified time
    const roles = ['sku', 'description', 'pack_qty', 'lot_tracked', 'serial_tracked', 'enabled', 'account_id', 'hazmat_id', 'template_id', 'weight', ...(profile?.omitOptional ? [] : ['modifiedon'])];
    for (const role of roles) {
      const column = byRole.get(role);
      expect(column, role).toBeDefined();
      expect(items.rows.some((row) => row[column!.key] !== undefined && row[column!.key] !== null), `${role} (${column!.key}) has values`).toBe(true);
    }
    for (const row of items.rows) expect(demo.items.get(String(row[byRole.get('sku')!.key]))!.pack_qty).toBe(row[byRole.get('pack_qty')!.key]);
    expect(byRole.get('account_id')!.refersTo).toBe('accounts');
    expect(byRole.get('hazmat_id')!.refersTo).toBe('hazmat');
    // one column per field: the server's own spelling of a known column is not shown again under its name
    expect(new Set(items.columns.map((c) => c.key)).size).toBe(items.columns.length);
    // every field of the demo's items, locations, stock, history, accounts and facilities is one Aisle knows
    for (const list of ['items', 'locations', 'inventory', 'history', 'accounts', 'facilities']) expect(pages.get(list)!.columns.filter((c) => !c.role).map((c) => c.key), list).toEqual([]);
    // the accounts' addresses are known fields, worded on screen
    expect(pages.get('accounts')!.columns.map((c) => [c.key, c.role])).toEqual(expect.arrayContaining([['saddr1', 'saddr1']]));
  });
});
