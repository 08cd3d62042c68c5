// What a web console does to talk to the demo warehouse: sign in for a JWT, then plain REST calls.
import { DEMO_PASSWORD } from '../../../electron/demo/index.ts';

export const DEMO_EMAIL = 'demo@example.com';
export { DEMO_PASSWORD };

export interface DemoIds {
  accounts: string[];
  facilities: string[];
  demoLicenses: string[];
}

/** Signs in as the demo user on its first license and returns the access JWT (from the cookie). */
export async function signInForJwt(url: string, licenseId: string): Promise<string> {
  const response = await fetch(`${url}/v1/auth/pub/user/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD, licenseId }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.get('set-cookie') ?? '';
  const jwt = /access_token=([^;]+)/.exec(cookie)?.[1];
  if (!jwt) throw new Error('sign-in gave no access_token cookie');
  await response.arrayBuffer();
  return jwt;
}

export const itemsPath = (accountId: string) => `/v1/api/pub/lists/accounts/${accountId}/items/query`;
export const locationsPath = (facilityId: string) => `/v1/api/pub/lists/facilities/${facilityId}/locations/query`;
export const INVENTORY_PATH = '/v1/api/pub/inv/query';
export const INVENTORY_AT_LOCATIONS_PATH = '/v1/api/pub/inv/query/locations';

/** GET or POST with the JWT; the body as a stream. */
export function call(url: string, jwt: string, path: string, body?: unknown): Promise<Response> {
  return fetch(url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${jwt}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** How much of each large answer a warm-up reads: enough for the server to compile the code that makes it. */
const WARM_UP_BYTES = 10_000_000;

/**
 * The demo server stands in for a production server, which is warm: its code compiled and its
 * indexes built. The demo builds some of those on the first request (the order of a facility's
 * history), which a first sync would otherwise pay for alone, and the floor's download, run after it,
 * never. So each large answer the sync reads is asked for once, in part, before anything is timed.
 */
export async function warmDemoServer(url: string, ids: DemoIds): Promise<void> {
  const jwt = await signInForJwt(url, ids.demoLicenses[0]);
  const from = new Date(Date.parse('2026-11-01T00:00:00Z') - 30 * 86_400_000).toISOString();
  const asks: { path: string; body?: unknown }[] = [
    ...ids.accounts.map((a) => ({ path: itemsPath(a) })),
    ...ids.facilities.flatMap((f) => [{ path: locationsPath(f) }, { path: INVENTORY_PATH, body: { facilityId: f } }, { path: '/v1/api/pub/inv/history', body: { facilityId: f, from, limit: 10_000 } }]),
  ];
  for (const ask of asks) {
    const stop = new AbortController();
    const response = await fetch(url + ask.path, {
      method: ask.body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${jwt}`, ...(ask.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: ask.body === undefined ? undefined : JSON.stringify(ask.body),
      signal: stop.signal,
    });
    if (!response.ok || !response.body) throw new Error(`warm-up ${ask.path}: ${response.status}`);
    let read = 0;
    try {
      for await (const chunk of response.body) if ((read += (chunk as Uint8Array).length) > WARM_UP_BYTES) break;
    } finally {
      stop.abort();
    }
  }
}
