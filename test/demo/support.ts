// Helpers for the demo server's tests: real HTTP on 127.0.0.1 through Node's fetch.
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../electron/demo/index.ts';

export const AUTH = '/v1/auth/pub';
export const API = '/v1/api/pub';
export const PASSWORD = 'demo1234';
export const TODAY = '2026-06-15';

export function start(options: DemoServerOptions = {}): Promise<DemoServer> {
  return startDemoServer({ items: 1000, today: TODAY, ...options });
}

export function postJson(server: DemoServer, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export async function licensesOf(server: DemoServer, email: string): Promise<{ id: string; license_type: string; enabled: boolean }[]> {
  const response = await postJson(server, `${AUTH}/user/licenses`, { email, password: PASSWORD });
  if (response.status !== 200) throw new Error(`licenses: ${response.status}`);
  return (await response.json()) as { id: string; license_type: string; enabled: boolean }[];
}

export interface SignedIn {
  jwt: string;
  refreshToken: string;
  expiresAt: string;
  licenseId: string;
  /** Authorization header for the API */
  bearer: Record<string, string>;
}

/** Signs in (cookie delivery) and returns the JWT from Set-Cookie. */
export async function signIn(server: DemoServer, email = 'demo@example.com', licenseIndex = 0): Promise<SignedIn> {
  const licenses = await licensesOf(server, email);
  const licenseId = licenses[licenseIndex].id;
  const response = await postJson(server, `${AUTH}/user/session`, { email, password: PASSWORD, licenseId, snType: 'SYSTEM' });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { refreshToken: string; expiresAt: string; redirectURL: string };
  const jwt = tokenFrom(response, body.redirectURL);
  return { jwt, refreshToken: body.refreshToken, expiresAt: body.expiresAt, licenseId, bearer: { authorization: `Bearer ${jwt}` } };
}

/** The JWT from whichever delivery the server uses. */
export function tokenFrom(response: Response, redirectURL: string): string {
  const header = response.headers.get('authorization');
  if (header) return header.replace(/^Bearer /, '');
  const cookie = /access_token=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (cookie) return cookie[1];
  const token = new URL(redirectURL).searchParams.get('token');
  if (token) return token;
  throw new Error('no token delivered');
}

export async function getJson<T = unknown>(server: DemoServer, path: string, headers: Record<string, string>): Promise<{ status: number; body: T; etag: string | null }> {
  const response = await fetch(server.url + path, { headers });
  return { status: response.status, body: (await response.json()) as T, etag: response.headers.get('etag') };
}

/** Asserts the error body shape and returns it. */
export async function errorBody(response: Response): Promise<{ status: number; error: string; message: string; path: string; timestamp: string; details?: unknown[] }> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new Error(`error without JSON body: ${response.status} ${type}`);
  const body = (await response.json()) as { status: number; error: string; message: string; path: string; timestamp: string; details?: unknown[] };
  for (const key of ['status', 'error', 'message', 'path', 'timestamp']) if (!(key in body)) throw new Error(`error body lacks ${key}: ${JSON.stringify(body)}`);
  if (body.status !== response.status) throw new Error(`error body status ${body.status} != ${response.status}`);
  return body;
}
