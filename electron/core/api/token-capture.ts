// How the access token reaches us after session creation or refresh is not in the spec
// (design.md section 3). We look in every common place: a response header (`Authorization: Bearer`,
// `X-Auth-Token` and the like), a cookie of any name whose value is a JWT, `redirectURL`'s query or
// fragment, and the body's token fields. A refresh token is never taken for the access token,
// whatever it is called and in whatever order the server sets its cookies.
import { decodeJwt } from 'jose';
import { parseSetCookie } from './cookie-jar.ts';

export type TokenSource = 'header' | 'cookie' | 'redirect' | 'body';

/** Where a server put its token: remembered per server so that the same place is read first next time. */
export interface TokenHint {
  source: TokenSource;
  /** The header, cookie, parameter or body field name. */
  name: string;
}

export interface CapturedToken extends TokenHint {
  token: string;
}

export interface SessionAnswer {
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  redirectUrl: string | null;
  /** The refresh token the answer carries, never to be taken for the access token. */
  refreshToken: string | null;
}

/** Names that say "this is the access token", most telling first. */
const TOKEN_NAMES = ['access_token', 'accessToken', 'access-token', 'token', 'jwt', 'JWT', 'idToken', 'id_token', 'authToken', 'auth_token', 'bearer'];
const BODY_FIELDS = ['token', 'accessToken', 'access_token', 'jwt', 'idToken', 'id_token', 'authToken', 'auth_token'];
const BODY_FIELD_KEYS = BODY_FIELDS.map((field) => field.toLowerCase());
const HEADER_NAME = /token|jwt|^authorization$/i;
/** Names of things that are not the access token, though they may look like one. */
const NOT_ACCESS = /refresh|^rt$|^rft$|csrf|xsrf|expires|type|ttl/i;

/** Where Aisle looks, in words, for the error that says none was found. */
export const WHERE_WE_LOOK =
  'the response headers (Authorization: Bearer, X-Auth-Token and other *token*/*jwt* headers), every cookie whose value is a JWT, ' +
  "the query and fragment of redirectURL, and the body fields token, accessToken, access_token, jwt, idToken in any case (also under 'data')";

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
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** A JWT that says of itself that it is a refresh token (`typ`, `type`, `token_type`, `token_use`). */
function saysRefresh(value: string): boolean {
  if (!looksLikeJwt(value)) return false;
  const claims = decodeJwt(value) as Record<string, unknown>;
  return ['typ', 'type', 'token_type', 'tokenType', 'token_use'].some((k) => typeof claims[k] === 'string' && /refresh/i.test(claims[k]));
}

/** Every place of the answer that holds a plausible access token, in the order we trust them. */
export function tokenCandidates(answer: SessionAnswer): CapturedToken[] {
  const out: CapturedToken[] = [];
  const refresh = answer.refreshToken;
  const add = (source: TokenSource, name: string, raw: string, needsJwt: boolean) => {
    const token = raw.trim();
    if (!token || /\s/.test(token) || token === refresh || NOT_ACCESS.test(name) || saysRefresh(token)) return;
    if (needsJwt && !looksLikeJwt(token)) return;
    out.push({ source, name, token });
  };

  for (const [name, value] of Object.entries(answer.headers)) {
    if (name === 'set-cookie' || !HEADER_NAME.test(name)) continue;
    const first = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
    add('header', name, first.replace(/^Bearer\s+/i, ''), false);
  }

  const setCookie = answer.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((line) => parseSetCookie(line)).filter((c) => c !== null && !c.expired);
  for (const cookie of byTelling(cookies.map((c) => [c!.name, c!.value] as const))) add('cookie', cookie[0], cookie[1], true);

  const url = parseUrl(answer.redirectUrl);
  if (url) {
    const params = [...url.searchParams.entries(), ...new URLSearchParams(url.hash.replace(/^#/, '')).entries()];
    for (const [name, value] of byTelling(params)) add('redirect', name, value, true);
  }

  const nested = answer.body.data !== null && typeof answer.body.data === 'object' ? (answer.body.data as Record<string, unknown>) : {};
  for (const [prefix, body] of [['', answer.body], ['data.', nested]] as const) {
    // a server spells a field in its own case (`JWT`, `Token`): matched without case, in the list's order
    const fields = Object.keys(body).filter((key) => typeof body[key] === 'string' && BODY_FIELD_KEYS.includes(key.toLowerCase()));
    fields.sort((a, b) => BODY_FIELD_KEYS.indexOf(a.toLowerCase()) - BODY_FIELD_KEYS.indexOf(b.toLowerCase()));
    for (const field of fields) add('body', `${prefix}${field}`, body[field] as string, false);
  }
  // The spec's token is a JWT: an opaque value (a header or body field) is taken only when no JWT came.
  return [...out.filter((c) => looksLikeJwt(c.token)), ...out.filter((c) => !looksLikeJwt(c.token))];
}

/** The access token of a session answer: the remembered place first, else the first candidate; null when none. */
export function captureToken(answer: SessionAnswer, hint?: TokenHint | null): CapturedToken | null {
  const candidates = tokenCandidates(answer);
  if (hint) {
    const same = candidates.find((c) => c.source === hint.source && c.name === hint.name) ?? candidates.find((c) => c.source === hint.source);
    if (same) return same;
  }
  return candidates[0] ?? null;
}

/** Pairs with the telling names first, the rest after in their own order. */
function byTelling(pairs: readonly (readonly [string, string])[]): (readonly [string, string])[] {
  const rank = (name: string) => {
    const i = TOKEN_NAMES.indexOf(name);
    return i === -1 ? TOKEN_NAMES.length : i;
  };
  return [...pairs].sort((a, b) => rank(a[0]) - rank(b[0]));
}

function parseUrl(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    return new URL(raw, 'http://redirect.invalid');
  } catch {
    return null;
  }
}
