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
