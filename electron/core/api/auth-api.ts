// The ten authentication operations of /v1/auth/pub (spec section 4). They carry the session
// cookie and, as spec 5.5 says, no Authorization header, except where a server refuses a call that
// identifies the caller (/jwt, /jwt/list, DELETE /jwt, the user lookup) without one: then once more
// with `Authorization: Bearer`, and from then on with it (remembered per server). Every answer is
// read with the lenient schemas of auth-schemas.ts.
import { AisleError } from '../../contract/errors.ts';
import type { SessionInfo } from '../../contract/types.ts';
import { licensesSchema, sessionInfoSchema, sessionResponseSchema, userSchema, validate, type License, type User } from './auth-schemas.ts';
import { CookieJar } from './cookie-jar.ts';
import { createHttpClient, headerValue, parseJson, type HttpClient, type HttpOptions, type HttpRequest, type HttpResponse } from './http-client.ts';
import { captureToken, jwtExpiry, WHERE_WE_LOOK, type TokenHint, type TokenSource } from './token-capture.ts';

const AUTH = '/v1/auth/pub';

/**
 * How long a session is taken to last when neither the answer (`expiresAt`) nor the token (`exp`)
 * says: short enough that a renewal comes before most servers' sessions end; a 401 before then
 * renews too.
 */
export const DEFAULT_SESSION_MS = 10 * 60_000;

export interface Credentials {
  email: string;
  password: string;
}

/**
 * `spec`: the refresh token in `refreshToken`, refreshed as the spec says (e-mail, password and the
 * token). `oauth2`: in `refresh_token` beside `access_token` and `expires_in`, refreshed as OAuth2
 * does, by the token alone: the password is not sent again while the refresh token works.
 */
export type RefreshForm = 'spec' | 'oauth2';

export interface OpenedSession {
  accessToken: string;
  tokenSource: TokenSource;
  /** Where exactly the token was (the header, cookie, parameter or field name with its source). */
  token: TokenHint;
  /** Null when the server gave none: the session is then renewed by signing in again. */
  refreshToken: string | null;
  /** The form the refresh token came in, and so the form its refresh takes (RefreshForm). */
  refreshForm: RefreshForm;
  /** ISO instant, as the server's clock has it. */
  expiresAt: string;
  /** Where the expiry came from: the answer's `expiresAt`, the token's `exp`, or DEFAULT_SESSION_MS. */
  expirySource: 'answer' | 'token' | 'default';
  /** The server's clock when it answered (its Date header), ms; null when absent. */
  serverDate: number | null;
}

/** What a server was seen to do where the spec is silent, remembered per server (server-habits.ts). */
export interface ServerHabits {
  /** Where its session answers put the access token. */
  token?: TokenHint | null;
  /** Its auth calls that identify the caller want `Authorization: Bearer`, not only the cookie. */
  authBearer?: boolean;
}

export interface AuthApiOptions extends HttpOptions {
  /** What was learned about this server before. */
  habits?: ServerHabits;
  /** Told whenever something new is learned about the server. */
  onLearned?: (habits: ServerHabits) => void;
}

export interface AuthApi {
  readonly baseUrl: string;
  readonly cookies: CookieJar;
  /** What this server was seen to do (token place, Bearer on auth calls). */
  readonly habits: Readonly<ServerHabits>;
  licenses(credentials: Credentials, signal?: AbortSignal): Promise<License[]>;
  openSession(request: Credentials & { licenseId: string; locale: string; snType?: string }, signal?: AbortSignal): Promise<OpenedSession>;
  refreshSession(request: Credentials & { refreshToken: string; form?: RefreshForm; locale: string; snType?: string }, signal?: AbortSignal): Promise<OpenedSession>;
  sessionInfo(signal?: AbortSignal): Promise<SessionInfo>;
  endSession(signal?: AbortSignal): Promise<SessionInfo>;
  endSessionById(sessionId: string, signal?: AbortSignal): Promise<SessionInfo>;
  profile(signal?: AbortSignal): Promise<User>;
  validate(credentials: Credentials, signal?: AbortSignal): Promise<boolean>;
  userByEmail(email: string, includeDisabled: boolean, signal?: AbortSignal): Promise<User>;
  ping(signal?: AbortSignal): Promise<{ latencyMs: number }>;
}

export function createAuthApi(options: AuthApiOptions, http: HttpClient = createHttpClient(options)): AuthApi {
  const cookies = new CookieJar();
  const habits: ServerHabits = { ...options.habits };
  let accessToken: string | null = null;

  function learn(next: ServerHabits): void {
    const changed = (Object.keys(next) as (keyof ServerHabits)[]).some((k) => JSON.stringify(habits[k]) !== JSON.stringify(next[k]));
    if (!changed) return;
    Object.assign(habits, next);
    options.onLearned?.({ ...habits });
  }

  async function send(request: HttpRequest, bearer: boolean): Promise<HttpResponse> {
    const cookie = cookies.header();
    const headers = { ...request.headers, ...(cookie ? { Cookie: cookie } : {}), ...(bearer && accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) };
    const response = await http.request({ ...request, headers });
    cookies.absorb(response.headers['set-cookie']);
    return response;
  }

  /** A call; one that identifies the caller is tried once more with a Bearer token when refused without. */
  async function call(request: HttpRequest, identifies = false): Promise<HttpResponse> {
    const bearerFirst = identifies && habits.authBearer === true;
    try {
      return await send(request, bearerFirst);
    } catch (error) {
      const refused = error instanceof AisleError && (error.code === 'unauthorized' || error.code === 'forbidden');
      if (!identifies || bearerFirst || !accessToken || !refused || request.signal?.aborted) throw error;
      const response = await send(request, true);
      learn({ authBearer: true });
      return response;
    }
  }

  async function json(request: HttpRequest, identifies = false): Promise<unknown> {
    const response = await call(request, identifies);
    return parseJson(response.text, request.what ?? 'the call');
  }

  async function session(request: HttpRequest & { what: string }): Promise<OpenedSession> {
    const { what } = request;
    const response = await call(request);
    const raw = response.text.trim() === '' ? {} : parseJson(response.text, what);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new AisleError('bad_response', `The server's answer to ${what} is not what the interface describes (expected a JSON object).`);
    }
    const body = validate(sessionResponseSchema, raw, what);
    const refreshForm: RefreshForm = body.refreshToken === null && body.refresh_token !== null ? 'oauth2' : 'spec';
    const refreshToken = body.refreshToken ?? body.refresh_token;
    const captured = captureToken(
      { headers: response.headers, body: raw as Record<string, unknown>, redirectUrl: body.redirectURL, refreshToken },
      habits.token,
    );
    if (!captured) throw new AisleError('bad_response', `The server opened a session but delivered no access token (${what}). Aisle looked in ${WHERE_WE_LOOK}.`);
    accessToken = captured.token;
    cookies.ensureToken(captured.token);
    learn({ token: { source: captured.source, name: captured.name } });
    const date = Date.parse(headerValue(response.headers.date) ?? '');
    const serverDate = Number.isNaN(date) ? null : date;
    const fromToken = jwtExpiry(captured.token);
    const [expiresAt, expirySource] =
      body.expiresAt !== null ? [body.expiresAt, 'answer' as const]
      : body.expires_in !== null ? [(serverDate ?? Date.now()) + body.expires_in * 1000, 'answer' as const]
      : fromToken !== null ? [fromToken, 'token' as const]
      : [(serverDate ?? Date.now()) + DEFAULT_SESSION_MS, 'default' as const];
    return {
      accessToken: captured.token,
      tokenSource: captured.source,
      token: { source: captured.source, name: captured.name },
      refreshToken,
      refreshForm,
      expiresAt: new Date(expiresAt).toISOString(),
      expirySource,
      serverDate,
    };
  }

  const info = async (request: HttpRequest & { what: string }) => validate(sessionInfoSchema, await json(request, true), request.what) as SessionInfo;

  return {
    baseUrl: http.baseUrl,
    cookies,
    habits,
    async licenses({ email, password }, signal) {
      const what = 'the license list';
      return validate(licensesSchema, await json({ method: 'POST', path: `${AUTH}/user/licenses`, body: { email, password }, idempotent: true, signal, what }), what);
    },
    openSession({ email, password, licenseId, locale, snType = 'SYSTEM' }, signal) {
      return session({
        method: 'POST',
        path: `${AUTH}/user/session`,
        query: { locale },
        body: { email, password, licenseId, snType },
        idempotent: false,
        signal,
        what: 'opening the session',
      });
    },
    refreshSession({ email, password, refreshToken, form = 'spec', locale, snType = 'SYSTEM' }, signal) {
      return session({
        method: 'POST',
        path: `${AUTH}/user/session/refresh`,
        query: { sn_type: snType, locale },
        body: form === 'oauth2' ? { grant_type: 'refresh_token', refresh_token: refreshToken } : { email, password, refreshToken },
        idempotent: false,
        signal,
        what: 'the session refresh',
      });
    },
    sessionInfo: (signal) => info({ method: 'GET', path: `${AUTH}/jwt`, idempotent: true, signal, what: 'the session information' }),
    endSession: (signal) => info({ method: 'DELETE', path: `${AUTH}/jwt`, idempotent: true, signal, what: 'ending the session' }),
    endSessionById: async (sessionId, signal) =>
      info({ method: 'DELETE', path: `${AUTH}/jwt/${pathSegment(sessionId, 'session id')}`, idempotent: true, signal, what: 'ending a session' }),
    async profile(signal) {
      const what = 'the user profile';
      return validate(userSchema, await json({ method: 'GET', path: `${AUTH}/jwt/list`, idempotent: true, signal, what }, true), what);
    },
    async validate({ email, password }, signal) {
      try {
        await call({ method: 'POST', path: `${AUTH}/user/validate`, body: { email, password }, idempotent: true, signal, what: 'the credential check' });
        return true;
      } catch (error) {
        if (error instanceof AisleError && (error.code === 'unauthorized' || error.code === 'forbidden')) return false;
        throw error;
      }
    },
    async userByEmail(email, includeDisabled, signal) {
      const what = 'the user lookup';
      const path = `${AUTH}/users/email/${pathSegment(email, 'e-mail address')}`;
      return validate(userSchema, await json({ method: 'GET', path, query: { includeDisabled }, idempotent: true, signal, what }, true), what);
    },
    async ping(signal) {
      const started = performance.now();
      await http.request({ method: 'GET', path: `${AUTH}/ping`, idempotent: true, signal, retries: 0, what: 'the ping' });
      return { latencyMs: Math.round(performance.now() - started) };
    },
  };
}

/** Text for a URL path; a string with lone surrogates cannot be encoded and is refused as an argument. */
function pathSegment(value: string, what: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    throw new AisleError('invalid_argument', `The ${what} is not valid text.`);
  }
}
