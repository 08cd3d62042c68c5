// The demo server playing other servers: named profiles over real HTTP on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../electron/demo/index.ts';
import { coherent, DEFAULT_PROFILE, type ServerProfile } from '../../electron/demo/profile/server-profile.ts';
import { API, AUTH, PASSWORD, licensesOf, postJson, start } from './support.ts';

async function signInAs(server: DemoServer): Promise<{ response: Response; body: Record<string, unknown> }> {
  const [license] = await licensesOf(server, 'demo@example.com');
  const response = await postJson(server, `${AUTH}/user/session`, { email: 'demo@example.com', password: PASSWORD, licenseId: license.id, snType: 'SYSTEM' });
  expect(response.status).toBe(200);
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe('profile spring', () => {
  let server: DemoServer;
  let bearer: Record<string, string>;
  beforeAll(async () => {
    server = await start({ profile: 'spring', items: 250, accounts: 1, facilities: 1 });
    const { response } = await signInAs(server);
    const jwt = /(?:^|\s)JWT=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    expect(jwt).toMatch(/^ey/);
    bearer = { authorization: `Bearer ${jwt}` };
  });
  afterAll(() => server.close());

  it('delivers the JWT in a cookie named JWT that also identifies the caller on /jwt', async () => {
    const { response } = await signInAs(server);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
    const info = await fetch(server.url + `${AUTH}/jwt`, { headers: { cookie } });
    expect(info.status).toBe(200);
    expect(((await info.json()) as { userEmail: string }).userEmail).toBe('demo@example.com');
  });

  it('answers lists as Spring Pages, page by page with page/size, camelCase fields', async () => {
    const accountId = server.ids().accounts[0];
    const seen: string[] = [];
    for (let page = 0; ; page++) {
      const r = await fetch(server.url + `${API}/lists/accounts/${accountId}/items/query?page=${page}&size=100`, { headers: bearer });
      expect(r.status).toBe(200);
      const body = (await r.json()) as { content: { id: string; accountId: string; sku: string }[]; last: boolean; number: number; totalElements: number; pageable: { pageSize: number } };
      expect(body.number).toBe(page);
      expect(body.totalElements).toBe(250);
      expect(body.pageable.pageSize).toBe(100);
      expect(body.content[0].accountId).toBe(accountId);
      expect(body.content[0]).not.toHaveProperty('account_id');
      seen.push(...body.content.map((i) => i.id));
      if (body.last) break;
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect(seen).toEqual(server.served('items', accountId).map((i) => (i as { id: string }).id));
  });

  it('caps the page size at the server largest and pages without parameters from the first page', async () => {
    const r = await fetch(server.url + `${API}/lists/facilities/query`, { headers: bearer });
    const body = (await r.json()) as { content: unknown[]; first: boolean; totalPages: number };
    expect(body.first).toBe(true);
    expect(body.content).toHaveLength(1);
  });

  it('writes errors as Spring does: {timestamp, status, error, message, path}', async () => {
    const r = await fetch(server.url + `${API}/lists/hazmat/query`);
    expect(r.status).toBe(401);
    const body = (await r.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'path', 'status', 'timestamp']);
    expect(body).toMatchObject({ status: 401, error: 'Unauthorized', path: `${API}/lists/hazmat/query` });
  });
});

describe('generated profiles', () => {
  const profile = (over: Partial<ServerProfile>) => coherent({ ...DEFAULT_PROFILE, ...over });

  it('numeric ids are served everywhere and accepted back in paths and inventory bodies', async () => {
    const server = await start({ profile: profile({ ids: 'number', token: { kind: 'body', field: 'accessToken' }, envelope: 'data' }), items: 50, accounts: 1, facilities: 1 });
    try {
      const { body } = await signInAs(server);
      const bearer = { authorization: `Bearer ${String(body.accessToken)}`, 'content-type': 'application/json' };
      const facilities = (await (await fetch(server.url + `${API}/lists/facilities/query`, { headers: bearer })).json()) as { data: { id: number }[] };
      const facilityId = facilities.data[0].id;
      expect(typeof facilityId).toBe('number');
      const locations = await fetch(server.url + `${API}/lists/facilities/${facilityId}/locations/query`, { headers: bearer });
      expect(locations.status).toBe(200);
      const stock = await fetch(server.url + `${API}/inv/query`, { method: 'POST', headers: bearer, body: JSON.stringify({ facilityId }) });
      expect(stock.status).toBe(200);
      const records = ((await stock.json()) as { data: { facility_id: number }[] }).data;
      expect(records.length).toBeGreaterThan(0);
      expect(records.every((r) => r.facility_id === facilityId)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('Link paging, epoch times, aliases, omitted optional fields, RFC 9457 errors and a failing list', async () => {
    const server = await start({
      profile: profile({ paging: 'link', pageSize: 20, dates: 'epoch-s', aliases: true, omitOptional: true, errors: 'rfc9457', token: { kind: 'header', name: 'Authorization' }, failingList: { list: 'hazmat', status: 404 } }),
      items: 50,
      accounts: 1,
      facilities: 1,
    });
    try {
      const { response } = await signInAs(server);
      const bearer = { authorization: response.headers.get('authorization') ?? '' };
      let url: string | null = server.url + `${API}/lists/accounts/${server.ids().accounts[0]}/items/query`;
      const items: Record<string, unknown>[] = [];
      while (url) {
        const r: Response = await fetch(url, { headers: bearer });
        expect(r.headers.get('x-total-count')).toBe('50');
        items.push(...((await r.json()) as Record<string, unknown>[]));
        url = /<([^>]+)>;\s*rel="next"/.exec(r.headers.get('link') ?? '')?.[1] ?? null;
      }
      expect(items).toHaveLength(50);
      expect(items[0]).toHaveProperty('itemNumber');
      expect(items[0]).toHaveProperty('ean');
      expect(items[0]).not.toHaveProperty('modifiedon');
      const accounts = (await (await fetch(server.url + `${API}/lists/accounts/query`, { headers: bearer })).json()) as { createdon?: unknown }[];
      expect(accounts[0].createdon).toBeUndefined();
      const failing = await fetch(server.url + `${API}/lists/hazmat/query`, { headers: bearer });
      expect(failing.status).toBe(404);
      expect(failing.headers.get('content-type')).toBe('application/problem+json');
      expect(await failing.json()).toMatchObject({ status: 404, title: 'Not Found', instance: `${API}/lists/hazmat/query` });
    } finally {
      await server.close();
    }
  });

  it('cursor paging in an envelope, and a redirectURL fragment carrying the token', async () => {
    const server = await start({ profile: profile({ envelope: 'results', paging: 'cursor', pageSize: 7, token: { kind: 'redirect-fragment', param: 'jwt' }, dates: 'epoch-ms' }), items: 30, accounts: 1, facilities: 1 });
    try {
      const { body } = await signInAs(server);
      const jwt = new URLSearchParams(new URL(String(body.redirectURL)).hash.slice(1)).get('jwt');
      const bearer = { authorization: `Bearer ${jwt}` };
      const ids: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const r = await fetch(server.url + `${API}/lists/accounts/${server.ids().accounts[0]}/customers/query${cursor ? `?cursor=${cursor}` : ''}`, { headers: bearer });
        const page = (await r.json()) as { results: { id: string; modifiedon: number }[]; nextCursor: string | null };
        expect(typeof page.results[0].modifiedon).toBe('number');
        ids.push(...page.results.map((c) => c.id));
        cursor = page.nextCursor;
      }
      expect(ids).toEqual(server.served('customers', server.ids().accounts[0]).map((c) => (c as { id: string }).id));
    } finally {
      await server.close();
    }
  });
});

describe('aisle demo-server --profile', () => {
  it('refuses an unknown profile with exit code 2, naming the known ones', async () => {
    const { main } = await import('../../electron/hosts/cli/cli.ts');
    const err: string[] = [];
    const code = await main(['demo-server', '--profile', 'nope', '--port', '0'], { out: () => {}, err: (l) => err.push(l), env: {}, promptPassword: () => Promise.reject(new Error('no')) });
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('spring');
  });
});
