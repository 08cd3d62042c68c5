// The generated data: deterministic from the seed, GS1-valid, and changing by revision exactly as
// documented (about 1% changed, 0.5% deleted, a few added), with ETags that follow content.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DemoServer } from '../../electron/demo/index.ts';
import { gs1CheckDigit } from '../../electron/demo/data/gs1.ts';
import { hasValidCheckDigit } from '../../electron/core/shared/gs1/gs1.ts';
import fc from 'fast-check';
import { KIND, hash, indexOfUuid, uuidFor } from '../../electron/demo/data/random.ts';
import { iso } from '../../electron/demo/data/time.ts';
import { API, TODAY, postJson, signIn, start } from './support.ts';

interface Body {
  etag: string;
  text: string;
}

async function fetchAll(server: DemoServer, bearer: Record<string, string>): Promise<Map<string, Body>> {
  const ids = server.ids();
  const lists = (await fetch(`${server.url}${API}/lists`, { headers: bearer }).then((r) => r.json())) as { path: string; scope: string }[];
  const out = new Map<string, Body>();
  for (const list of lists) {
    const scopes = list.scope === 'account' ? ids.accounts : list.scope === 'facility' ? ids.facilities : [''];
    for (const scope of scopes) {
      const path = list.path.replace('{accountId}', scope).replace('{facilityId}', scope);
      const response = await fetch(server.url + path, { headers: { ...bearer, 'accept-encoding': 'identity' } });
      out.set(path, { etag: response.headers.get('etag')!, text: await response.text() });
    }
  }
  for (const facilityId of ids.facilities) {
    for (const [path, body] of [
      ['/inv/query', { facilityId, includeZero: true }],
      ['/inv/history', { facilityId, limit: 1500 }],
    ] as const) {
      const response = await postJson(server, API + path, body, { ...bearer, 'accept-encoding': 'identity' });
      out.set(`${path} ${facilityId}`, { etag: response.headers.get('etag')!, text: await response.text() });
    }
  }
  return out;
}

const digest = (bodies: Map<string, Body>) => createHash('sha256').update(JSON.stringify([...bodies].map(([k, v]) => [k, v.text]))).digest('hex');

async function snapshot(options: Parameters<typeof start>[0]): Promise<Map<string, Body>> {
  const server = await start(options);
  try {
    return await fetchAll(server, (await signIn(server)).bearer);
  } finally {
    await server.close();
  }
}

describe('determinism', () => {
  it('the same seed gives the same bytes; another seed different data', async () => {
    const a = await snapshot({ seed: 7, items: 400 });
    const b = await snapshot({ seed: 7, items: 400 });
    const c = await snapshot({ seed: 8, items: 400 });
    expect(a.size).toBeGreaterThan(20);
    expect(digest(a)).toBe(digest(b));
    expect([...a].map(([k, v]) => [k, v.etag])).toEqual([...b].map(([k, v]) => [k, v.etag]));
    expect(digest(a)).not.toBe(digest(c));
  });

  it('uuids carry their index: every kind round-trips, foreign uuids do not', () => {
    for (const kind of [KIND.item, KIND.location, KIND.account]) {
      for (const index of [0, 1, 999, 123_456, 9_999_999]) expect(indexOfUuid(42, kind, uuidFor(42, kind, index))).toBe(index);
    }
    expect(indexOfUuid(42, KIND.item, uuidFor(42, KIND.location, 5))).toBe(-1);
    expect(indexOfUuid(42, KIND.item, uuidFor(43, KIND.item, 5))).toBe(-1);
    expect(indexOfUuid(42, KIND.item, '00000000-0000-4000-8000-000000000000')).toBe(-1);
  });

  it('times and uuids come from tables exactly as Date#toISOString and toString(16) would write them', () => {
    const edges = [0, 1, 999, 86_399_999, 86_400_000, Date.UTC(2026, 1, 28, 23, 59, 59, 999), Date.UTC(2028, 1, 29, 12), 253_402_300_799_999];
    for (const ms of edges) expect(iso(ms)).toBe(new Date(ms).toISOString());
    fc.assert(fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => iso(ms) === new Date(ms).toISOString()), { numRuns: 20_000 });
    fc.assert(fc.property(fc.double({ min: 0, max: 2e12, noNaN: true }), (ms) => iso(ms) === new Date(ms).toISOString()), { numRuns: 2_000 });
    // the formula uuidFor had before its hex tables (its last 48 bits: the index under the kind's masks)
    const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 }), fc.integer({ min: 0, max: 2 ** 40 }), fc.constantFrom(...Object.values(KIND)), (seed, index, kind) => {
        const [a, b, c] = [1, 2, 3].map((extra) => hash(seed, kind, index, extra));
        const made = uuidFor(seed, kind, index);
        const head = `${hex(a >>> 0, 8)}-${hex((b >>> 16) & 0xffff, 4)}-4${hex(b & 0xfff, 3)}-${hex(((c >>> 16) & 0x3fff) | 0x8000, 4)}-`;
        return made.startsWith(head) && /^[0-9a-f]{12}$/.test(made.slice(24)) && indexOfUuid(seed, kind, made) === index;
      }),
      { numRuns: 5_000 },
    );
  });

  it('GS1 check digits match published examples', () => {
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gs1CheckDigit('1001234567890')).toBe(2); // GTIN-14 10012345678902
    expect(hasValidCheckDigit('036000291452')).toBe(true);
    expect(hasValidCheckDigit('036000291453')).toBe(false);
  });
});

describe('revisions', () => {
  const items = (bodies: Map<string, Body>) =>
    new Map([...bodies].filter(([k]) => k.endsWith('/items/query')).flatMap(([, v]) => (JSON.parse(v.text) as { id: string }[]).map((item) => [item.id, JSON.stringify(item)] as const)));

  it('each revision changes ~1% of items, deletes ~0.5%, adds a few; ETags change exactly where content did', async () => {
    const server = await start({ items: 2000, accounts: 8, facilities: 4 });
    let revisionOne = new Map<string, Body>();
    try {
      const { bearer } = await signIn(server);
      const base = await fetchAll(server, bearer);
      server.setRevision(1);
      const next = await fetchAll(server, bearer);
      revisionOne = next;
      const before = items(base);
      const after = items(next);
      const deleted = [...before.keys()].filter((id) => !after.has(id));
      const added = [...after.keys()].filter((id) => !before.has(id));
      const changed = [...after.keys()].filter((id) => before.has(id) && before.get(id) !== after.get(id));
      expect(changed.length).toBeGreaterThanOrEqual(10);
      expect(changed.length).toBeLessThanOrEqual(20);
      expect(deleted.length).toBeGreaterThanOrEqual(5);
      expect(deleted.length).toBeLessThanOrEqual(10);
      expect(added.length).toBe(2);
      for (const [path, body] of base) {
        const now = next.get(path)!;
        expect([path, now.etag !== body.etag]).toEqual([path, now.text !== body.text]);
      }
      // some datasets changed and some did not
      const changedPaths = [...base].filter(([path, body]) => next.get(path)!.text !== body.text).map(([p]) => p);
      expect(changedPaths.some((p) => p.endsWith('/items/query'))).toBe(true);
      expect(changedPaths.some((p) => p.startsWith('/inv/query'))).toBe(true);
      expect(changedPaths).not.toContain(`${API}/lists/hazmat/query`);
      expect(changedPaths.length).toBeLessThan(base.size);

      // a server started at revision 1 has the same data; going back to 0 restores the base bytes
      server.setRevision(0);
      expect(digest(await fetchAll(server, bearer))).toBe(digest(base));
    } finally {
      await server.close();
    }
    const atOne = await snapshot({ items: 2000, accounts: 8, facilities: 4, revision: 1 });
    expect(digest(atOne)).toBe(digest(revisionOne));
  });

  it('history stays consistent across revisions: changed records end with a COUNT or ADJUST to today’s quantity', async () => {
    const server = await start({ items: 1000, revision: 3 });
    try {
      const { bearer } = await signIn(server);
      type Row = { item_id: string; location_id: string; qty_on_hand: number; modifiedon: string };
      const records = (await postJson(server, `${API}/inv/query`, { includeZero: true }, bearer).then((r) => r.json())) as Row[];
      const changed = records.filter((r) => r.modifiedon >= `${TODAY}T00:00`);
      expect(changed.length).toBeGreaterThan(5);
      for (const record of changed.slice(0, 12)) {
        type Event = { location_id: string; type: string; qty_before: number; qty_after: number; createdon: string };
        const events = (await postJson(server, `${API}/inv/history`, { itemId: record.item_id, locationId: record.location_id }, bearer).then((r) => r.json())) as Event[];
        const chain = events.reverse();
        for (let n = 1; n < chain.length; n++) expect(chain[n].qty_before).toBe(chain[n - 1].qty_after);
        const last = chain[chain.length - 1];
        expect(last.qty_after).toBe(record.qty_on_hand);
        expect(last.createdon >= `${TODAY}T00:00`).toBe(true);
        if (chain[0].createdon < `${TODAY}T00:00`) expect(['COUNT', 'ADJUST']).toContain(last.type);
      }
    } finally {
      await server.close();
    }
  });

  it('mass deletion drops most of one account, leaves the others alone, and can be undone', async () => {
    const server = await start({ items: 2000, accounts: 4 });
    try {
      const { bearer } = await signIn(server);
      const [first, second] = server.ids().accounts;
      const url = (a: string) => `${server.url}${API}/lists/accounts/${a}/items/query`;
      const load = async (a: string) => {
        const response = await fetch(url(a), { headers: bearer });
        return { etag: response.headers.get('etag'), items: (await response.json()) as unknown[] };
      };
      const before = [await load(first), await load(second)];
      server.setMassDeletion(0);
      const during = [await load(first), await load(second)];
      expect(during[0].items.length).toBeLessThan(before[0].items.length * 0.2);
      expect(during[0].items.length).toBeGreaterThan(0);
      expect(during[0].etag).not.toBe(before[0].etag);
      expect(during[1]).toEqual(before[1]);
      const inventory = (await postJson(server, `${API}/inv/query`, { accountId: first }, bearer).then((r) => r.json())) as unknown[];
      expect(inventory.length).toBeLessThan(during[0].items.length * 2 + 1);
      server.setMassDeletion(null);
      expect(await load(first)).toEqual(before[0]);
    } finally {
      await server.close();
    }
  });
});
