// The three inventory endpoints over real HTTP: filters, consistency of quantities and history, ETags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../electron/demo/index.ts';
import { API, TODAY, errorBody, getJson, postJson, signIn, start, type SignedIn } from './support.ts';

interface Inventory {
  id: string;
  facility_id: string;
  location_id: string;
  location_code: string;
  item_id: string;
  account_id: string;
  sku: string;
  lot: string | null;
  serial: string | null;
  expiry: string | null;
  qty_on_hand: number;
  qty_allocated: number;
  qty_available: number;
  status: string;
}
interface HistoryEvent {
  id: string;
  item_id: string;
  location_id: string;
  location_code: string;
  type: string;
  qty: number;
  qty_before: number;
  qty_after: number;
  createdon: string;
  facility_id: string;
}

let server: DemoServer;
let session: SignedIn;
let ids: ReturnType<DemoServer['ids']>;
let all: Inventory[];
beforeAll(async () => {
  server = await start({ items: 2000 });
  session = await signIn(server);
  ids = server.ids();
  all = await query('/inv/query', { includeZero: true });
});
afterAll(() => server.close());

async function query<T = Inventory>(path: string, body: unknown): Promise<T[]> {
  const response = await postJson(server, API + path, body, session.bearer);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T[];
}

describe('POST /inv/query', () => {
  it('answers about two records per item, with consistent quantities and the three statuses', () => {
    expect(all.length).toBe(4000);
    for (const r of all) {
      expect(r.qty_on_hand).toBeGreaterThanOrEqual(r.qty_allocated);
      expect(r.qty_available).toBe(r.qty_on_hand - r.qty_allocated);
      expect(r.qty_allocated).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['AVAILABLE', 'HOLD', 'DAMAGED']));
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  });

  it('has lots, serials, and expiries: some expired, some within 30 days, some later', () => {
    expect(all.some((r) => r.lot !== null)).toBe(true);
    expect(all.some((r) => r.serial !== null)).toBe(true);
    const today = Date.parse(TODAY);
    const days = all.filter((r) => r.expiry).map((r) => (Date.parse(r.expiry!) - today) / 86_400_000);
    expect(days.some((d) => d < 0)).toBe(true);
    expect(days.some((d) => d >= 0 && d <= 30)).toBe(true);
    expect(days.some((d) => d > 30)).toBe(true);
    for (const r of all.filter((x) => x.serial)) expect(r.qty_on_hand).toBeLessThanOrEqual(1);
  });

  it('filters by facility, account, item ids, SKUs and lot; zero quantities only with includeZero', async () => {
    const inFacility = await query('/inv/query', { facilityId: ids.facilities[1] });
    expect(inFacility.length).toBeGreaterThan(0);
    expect(inFacility.every((r) => r.facility_id === ids.facilities[1] && r.qty_on_hand > 0)).toBe(true);
    expect(inFacility.length).toBe(all.filter((r) => r.facility_id === ids.facilities[1] && r.qty_on_hand > 0).length);

    const ofAccount = await query('/inv/query', { accountId: ids.accounts[2], includeZero: true });
    expect(ofAccount.length).toBe(all.filter((r) => r.account_id === ids.accounts[2]).length);

    const sample = all[17];
    const byId = await query('/inv/query', { itemIds: [sample.item_id], includeZero: true });
    expect(byId.map((r) => r.id).sort()).toEqual(all.filter((r) => r.item_id === sample.item_id).map((r) => r.id).sort());
    const bySku = await query('/inv/query', { skus: [sample.sku], includeZero: true });
    expect(bySku.map((r) => r.id).sort()).toEqual(byId.map((r) => r.id).sort());

    const lotted = all.find((r) => r.lot)!;
    const byLot = await query('/inv/query', { lot: lotted.lot, includeZero: true });
    expect(byLot.length).toBeGreaterThan(0);
    expect(byLot.every((r) => r.lot === lotted.lot)).toBe(true);

    expect(all.some((r) => r.qty_on_hand === 0)).toBe(true);
    const withoutZero = await query('/inv/query', {});
    expect(withoutZero.length).toBe(all.filter((r) => r.qty_on_hand > 0).length);
  });

  it('an unknown facility or account is 404; unknown item ids simply match nothing', async () => {
    const response = await postJson(server, `${API}/inv/query`, { facilityId: '00000000-0000-4000-8000-000000000000' }, session.bearer);
    expect(response.status).toBe(404);
    await errorBody(response);
    expect((await postJson(server, `${API}/inv/query`, { accountId: '00000000-0000-4000-8000-000000000000' }, session.bearer)).status).toBe(404);
    expect(await query('/inv/query', { itemIds: ['00000000-0000-4000-8000-000000000000'] })).toEqual([]);
  });
});

describe('POST /inv/query/locations', () => {
  it('answers the records at the given codes or ids, or in a zone, within the facility', async () => {
    const sample = all.find((r) => r.facility_id === ids.facilities[0] && r.qty_on_hand > 0)!;
    const byCode = await query('/inv/query/locations', { facilityId: ids.facilities[0], locationCodes: [sample.location_code] });
    expect(byCode.map((r) => r.id)).toContain(sample.id);
    expect(byCode.every((r) => r.location_code === sample.location_code)).toBe(true);
    const byId = await query('/inv/query/locations', { facilityId: ids.facilities[0], locationIds: [sample.location_id] });
    expect(byId.map((r) => r.id)).toEqual(byCode.map((r) => r.id));
    const zone = await query('/inv/query/locations', { facilityId: ids.facilities[0], zone: 'Z01' });
    expect(zone.length).toBeGreaterThan(0);
    expect(zone.every((r) => r.facility_id === ids.facilities[0])).toBe(true);
    const whole = await query('/inv/query/locations', { facilityId: ids.facilities[0] });
    expect(whole.length).toBe(all.filter((r) => r.facility_id === ids.facilities[0] && r.qty_on_hand > 0).length);
  });

  it('needs a facilityId', async () => {
    const response = await postJson(server, `${API}/inv/query/locations`, { locationCodes: ['A-01-01-A'] }, session.bearer);
    expect(response.status).toBe(400);
    expect((await errorBody(response)).details).toEqual([expect.objectContaining({ field: 'facilityId' })]);
  });
});

describe('POST /inv/history', () => {
  it('is newest first, 1000 by default, and every event adds up', async () => {
    const events = await query<HistoryEvent>('/inv/history', {});
    expect(events).toHaveLength(1000);
    for (let n = 1; n < events.length; n++) expect(Date.parse(events[n - 1].createdon)).toBeGreaterThanOrEqual(Date.parse(events[n].createdon));
    for (const e of events) {
      expect(e.qty).toBe(Math.abs(e.qty_after - e.qty_before));
      expect(e.qty_before).toBeGreaterThanOrEqual(0);
      expect(e.qty_after).toBeGreaterThanOrEqual(0);
    }
  });

  it('chains per record: each qty_before is the previous qty_after, ending at the on-hand quantity', async () => {
    for (const record of all.slice(0, 40)) {
      const events = await query<HistoryEvent>('/inv/history', { itemId: record.item_id, locationId: record.location_id });
      const chain = events.filter((e) => e.location_id === record.location_id).reverse();
      expect(chain[0].type).toBe('RECEIVE');
      expect(chain[0].qty_before).toBe(0);
      for (let n = 1; n < chain.length; n++) expect(chain[n].qty_before).toBe(chain[n - 1].qty_after);
      const onHere = all.filter((r) => r.item_id === record.item_id && r.location_id === record.location_id);
      expect(onHere.map((r) => r.qty_on_hand)).toContain(chain[chain.length - 1].qty_after);
    }
  });

  it('filters by facility, time window and types; limit up to 10000', async () => {
    const from = new Date(Date.parse(TODAY) - 10 * 86_400_000).toISOString();
    const to = new Date(Date.parse(TODAY) - 5 * 86_400_000).toISOString();
    const events = await query<HistoryEvent>('/inv/history', { facilityId: ids.facilities[0], from, to, types: ['PICK', 'SHIP'], limit: 10000 });
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.facility_id).toBe(ids.facilities[0]);
      expect(['PICK', 'SHIP']).toContain(e.type);
      expect(e.createdon >= from && e.createdon <= to).toBe(true);
    }
    const tooMany = await postJson(server, `${API}/inv/history`, { limit: 10001 }, session.bearer);
    expect(tooMany.status).toBe(400);
    const badType = await postJson(server, `${API}/inv/history`, { types: ['STEAL'] }, session.bearer);
    expect(badType.status).toBe(400);
    const unknownItem = await postJson(server, `${API}/inv/history`, { itemId: '00000000-0000-4000-8000-000000000000' }, session.bearer);
    expect(unknownItem.status).toBe(404);
  });
});

describe('ETag on inventory', () => {
  it.each([
    ['/inv/query', () => ({ facilityId: ids.facilities[0] })],
    ['/inv/query/locations', () => ({ facilityId: ids.facilities[0], zone: 'Z01' })],
    ['/inv/history', () => ({ facilityId: ids.facilities[1], limit: 50 })],
  ])('%s: same body gives 304 on If-None-Match; another body another tag', async (path, body) => {
    const first = await postJson(server, API + path, body(), session.bearer);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    await first.arrayBuffer();
    const again = await postJson(server, API + path, body(), { ...session.bearer, 'if-none-match': etag });
    expect(again.status).toBe(304);
    const other = await postJson(server, API + path, { ...body(), includeZero: true }, session.bearer);
    await other.arrayBuffer();
    if (path !== '/inv/history') expect(other.headers.get('etag')).not.toBe(etag);
    const same = await getJson(server, `${API}/lists/hazmat/query`, session.bearer);
    expect(same.etag).not.toBe(etag);
  });
});
