// How the JWT reaches us after session creation or refresh is not in the spec (design.md section 3).
// We take it from an `Authorization: Bearer` response header, else from a Set-Cookie whose value is
// a JWT, else from a JWT-shaped parameter of `redirectURL`.
import { decodeJwt } from 'jose';
import { parseSetCookie } from './cookie-jar.ts';

export type TokenSource = 'header' | 'cookie' | 'redirect';

const PREFERRED_NAMES = ['access_token', 'token', 'jwt', 'accessToken', 'access-token'];

export function looksLikeJwt(value: string): boolean {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value)) return false;
  try {
    decodeJwt(value);
    return true;
  } catch {
    return false;
  }
}

/** The token's `exp` in ms since the epoch, or null. */
export function jwtExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function captureJwt(
  headers: Record<string, string | string[] | undefined>,
  redirectUrl: string | null | undefined,
): { token: string; source: TokenSource } | null {
  const auth = headers['authorization'];
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(Array.isArray(auth) ? (auth[0] ?? '') : (auth ?? ''));
  if (bearer && looksLikeJwt(bearer[1])) return { token: bearer[1], source: 'header' };

  const setCookie = headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map(parseSetCookie).filter((c) => c !== null);
  const fromCookie = pick(cookies.filter((c) => !c.expired).map((c) => [c.name, c.value] as const));
  if (fromCookie) return { token: fromCookie, source: 'cookie' };

  if (redirectUrl) {
    let url: URL | null = null;
    try {
      url = new URL(redirectUrl, 'http://redirect.invalid');
    } catch {
      url = null;
    }
    if (url) {
      const params = [...url.searchParams.entries(), ...new URLSearchParams(url.hash.replace(/^#/, '')).entries()];
      const fromUrl = pick(params);
      if (fromUrl) return { token: fromUrl, source: 'redirect' };
    }
  }
  return null;
}

function pick(pairs: readonly (readonly [string, string])[]): string | null {
  const jwts = pairs.filter(([, value]) => looksLikeJwt(value));
  for (const name of PREFERRED_NAMES) {
    const hit = jwts.find(([key]) => key === name);
    if (hit) return hit[1];
  }
  return jwts[0]?.[1] ?? null;
}
