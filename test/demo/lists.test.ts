// The sixteen list endpoints over real HTTP: shapes, scopes, ETag/304, gzip.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../electron/demo/index.ts';
import { hasValidCheckDigit } from '../../electron/core/shared/gs1/gs1.ts';
import { API, errorBody, getJson, signIn, start, type SignedIn } from './support.ts';

let server: DemoServer;
let session: SignedIn;
let ids: ReturnType<DemoServer['ids']>;
beforeAll(async () => {
  server = await start();
  session = await signIn(server);
  ids = server.ids();
});
afterAll(() => server.close());

const SPEC_PATHS = [
  '/accounts/query',
  '/accounts/{accountId}/carriers/query',
  '/accounts/{accountId}/channels/query',
  '/accounts/{accountId}/customers/query',
  '/accounts/{accountId}/items/query',
  '/facilities/query',
  '/facilities/locations/tmplts/query',
  '/facilities/{facilityId}/locations/query',
  '/hazmat/query',
  '/items/tmplts/query',
  '/mworkflows/query',
  '/scheduler/query',
  '/sequences/query',
  '/transitlanes/query',
  '/users/query',
];
const fill = (p: string) => p.replace('{accountId}', ids.accounts[1]).replace('{facilityId}', ids.facilities[0]);

describe('lists', () => {
  it('GET /lists names every list with name, path, label and scope', async () => {
    const { status, body } = await getJson<{ name: string; path: string; label: string; scope: string }[]>(server, `${API}/lists`, session.bearer);
    expect(status).toBe(200);
    expect(body.map((l) => l.path).sort()).toEqual(SPEC_PATHS.map((p) => `${API}/lists${p}`).sort());
    for (const list of body) expect(['global', 'account', 'facility']).toContain(list.scope);
  });

  it.each(SPEC_PATHS)('%s answers an array of records with id and modifiedon, and a strong ETag', async (path) => {
    const { status, body, etag } = await getJson<Record<string, unknown>[]>(server, `${API}/lists${fill(path)}`, session.bearer);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(etag).toMatch(/^"[^"]+"$/);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const record of body) {
      expect(record.id).toMatch(uuid);
      expect(Number.isNaN(Date.parse(String(record.modifiedon)))).toBe(false);
    }
    expect(new Set(body.map((r) => r.id)).size).toBe(body.length);
  });

  it('accounts and carriers have exactly the fields of tables 2.8 and 2.9, with their types', async () => {
    const accounts = (await getJson<Record<string, unknown>[]>(server, `${API}/lists/accounts/query`, session.bearer)).body;
    const account = accounts[0];
    const strings = ['createdby', 'accountid', 'type', 'name', 'description', 'notes', 'saddr1', 'saddr2', 'saddr3', 'saddr4', 'scity', 'sstateprovince', 'spostalcode', 'scountry', 'maddr1', 'maddr2', 'maddr3', 'maddr4', 'mcity', 'mstateprovince', 'mpostalcode', 'mcountry', 'contact_name', 'contact_phone', 'contact_email', 'inv_contact_name', 'inv_contact_phone', 'inv_contact_email'];
    expect(Object.keys(account).sort()).toEqual(['id', 'ncode', 'createdon', 'modifiedon', 'nodelete', ...strings].sort());
    for (const key of strings) expect(typeof account[key]).toBe('string');
    expect(Number.isInteger(account.ncode)).toBe(true);
    expect(typeof account.nodelete).toBe('boolean');
    expect(account.type).toBe('ACCOUNT');
    expect(accounts.map((a) => a.id)).toEqual(ids.accounts);

    const carriers = (await getJson<Record<string, unknown>[]>(server, fill(`${API}/lists/accounts/{accountId}/carriers/query`), session.bearer)).body;
    expect(Object.keys(carriers[0]).sort()).toEqual(['id', 'account_id', 'enabled', 'alias', 'type', 'subtype', 'package_type', 'service_level', 'transit_lane_id', 'returns_enabled', 'modifiedon'].sort());
    expect(carriers.every((c) => c.account_id === ids.accounts[1] && c.type === 'SMALLPARCEL')).toBe(true);
  });

  it('items: SKU, 12-digit UPC and 14-digit GTIN with valid GS1 check digits, only the account’s', async () => {
    const items = (await getJson<Record<string, unknown>[]>(server, fill(`${API}/lists/accounts/{accountId}/items/query`), session.bearer)).body;
    expect(items).toHaveLength(250);
    for (const item of items) {
      expect(item.account_id).toBe(ids.accounts[1]);
      expect(item.sku).toMatch(/^SKU-\d{6}$/);
      expect(item.upc).toMatch(/^\d{12}$/);
      expect(item.gtin).toMatch(/^\d{14}$/);
      expect(hasValidCheckDigit(String(item.upc))).toBe(true);
      expect(hasValidCheckDigit(String(item.gtin))).toBe(true);
      expect(String(item.description).split(' ').length).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(items.map((i) => i.upc)).size).toBe(items.length);
  });

  it('locations: aisle-bay-level-position codes, barcodes and check digits in the facility', async () => {
    const locations = (await getJson<Record<string, unknown>[]>(server, fill(`${API}/lists/facilities/{facilityId}/locations/query`), session.bearer)).body;
    expect(locations.length).toBe(100);
    for (const location of locations) {
      expect(location.facility_id).toBe(ids.facilities[0]);
      expect(location.code).toMatch(/^[A-Z]+-\d{2}-\d{2}-[A-D]$/);
      expect(location.check_digits).toMatch(/^\d{2}$/);
      expect(['PICK', 'BULK', 'STAGING', 'DOCK']).toContain(location.type);
    }
    expect(new Set(locations.map((l) => l.code)).size).toBe(locations.length);
  });

  it('unknown scope ids are 404, malformed ones 400, missing Bearer 401', async () => {
    const unknown = await fetch(`${server.url}${API}/lists/accounts/00000000-0000-4000-8000-000000000000/items/query`, { headers: session.bearer });
    expect(unknown.status).toBe(404);
    expect((await errorBody(unknown)).message).toMatch(/No account/);
    const malformed = await fetch(`${server.url}${API}/lists/facilities/F01/locations/query`, { headers: session.bearer });
    expect(malformed.status).toBe(400);
    await errorBody(malformed);
    const anonymous = await fetch(`${server.url}${API}/lists/accounts/query`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const cookieOnly = await fetch(`${server.url}${API}/lists/accounts/query`, { headers: { cookie: `access_token=${session.jwt}` } });
    expect(cookieOnly.status).toBe(401);
    const forged = await fetch(`${server.url}${API}/lists/accounts/query`, { headers: { authorization: `Bearer ${session.jwt.slice(0, -3)}abc` } });
    expect(forged.status).toBe(401);
  });
});

describe('ETag and gzip', () => {
  it.each(SPEC_PATHS)('%s: If-None-Match gives 304 with no body; another tag gives 200', async (path) => {
    const url = `${server.url}${API}/lists${fill(path)}`;
    const first = await fetch(url, { headers: session.bearer });
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await fetch(url, { headers: { ...session.bearer, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const other = await fetch(url, { headers: { ...session.bearer, 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  it('gzip when asked, identity otherwise, the same JSON either way, each with its own strong tag', async () => {
    const path = fill(`${API}/lists/accounts/{accountId}/items/query`);
    const raw = (encoding: string | null) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = { ...session.bearer };
        if (encoding) headers['accept-encoding'] = encoding;
        request(server.url + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const zipped = await raw('gzip, deflate');
    const plain = await raw(null);
    const refused = await raw('gzip;q=0');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    expect(zipped.headers.vary).toBe('Accept-Encoding');
  });
});
