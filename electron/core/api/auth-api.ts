// The ten authentication operations of /v1/auth/pub (spec section 4). They carry the session
// cookie and never an Authorization header (spec 5.5); every answer is validated with zod.
import { AisleError } from '../../contract/errors.ts';
import type { SessionInfo } from '../../contract/types.ts';
import { licensesSchema, sessionInfoSchema, sessionResponseSchema, userSchema, validate, type License, type User } from './auth-schemas.ts';
import { CookieJar } from './cookie-jar.ts';
import { createHttpClient, headerValue, parseJson, type HttpClient, type HttpOptions, type HttpRequest, type HttpResponse } from './http-client.ts';
import { captureJwt, type TokenSource } from './token-capture.ts';

const AUTH = '/v1/auth/pub';

export interface Credentials {
  email: string;
  password: string;
}

export interface OpenedSession {
  accessToken: string;
  tokenSource: TokenSource;
  refreshToken: string;
  /** ISO instant, as the server's clock has it. */
  expiresAt: string;
  /** The server's clock when it answered (its Date header), ms; null when absent. */
  serverDate: number | null;
}

export interface AuthApi {
  readonly baseUrl: string;
  readonly cookies: CookieJar;
  licenses(credentials: Credentials, signal?: AbortSignal): Promise<License[]>;
  openSession(request: Credentials & { licenseId: string; locale: string; snType?: string }, signal?: AbortSignal): Promise<OpenedSession>;
  refreshSession(request: Credentials & { refreshToken: string; locale: string; snType?: string }, signal?: AbortSignal): Promise<OpenedSession>;
  sessionInfo(signal?: AbortSignal): Promise<SessionInfo>;
  endSession(signal?: AbortSignal): Promise<SessionInfo>;
  endSessionById(sessionId: string, signal?: AbortSignal): Promise<SessionInfo>;
  profile(signal?: AbortSignal): Promise<User>;
  validate(credentials: Credentials, signal?: AbortSignal): Promise<boolean>;
  userByEmail(email: string, includeDisabled: boolean, signal?: AbortSignal): Promise<User>;
  ping(signal?: AbortSignal): Promise<{ latencyMs: number }>;
}

export function createAuthApi(options: HttpOptions, http: HttpClient = createHttpClient(options)): AuthApi {
  const cookies = new CookieJar();

  async function call(request: HttpRequest): Promise<HttpResponse> {
    const cookie = cookies.header();
    const response = await http.request({ ...request, headers: { ...request.headers, ...(cookie ? { Cookie: cookie } : {}) } });
    cookies.absorb(response.headers['set-cookie']);
    return response;
  }

  async function json(request: HttpRequest, what: string): Promise<unknown> {
    const response = await call(request);
    return parseJson(response.text, what);
  }

  async function session(request: HttpRequest, what: string): Promise<OpenedSession> {
    const response = await call(request);
    const body = validate(sessionResponseSchema, parseJson(response.text, what), what);
    const captured = captureJwt(response.headers, body.redirectURL);
    if (!captured) throw new AisleError('bad_response', `The server opened a session but delivered no access token (${what}).`);
    cookies.ensureToken(captured.token);
    const date = Date.parse(headerValue(response.headers.date) ?? '');
    return {
      accessToken: captured.token,
      tokenSource: captured.source,
      refreshToken: body.refreshToken,
      expiresAt: body.expiresAt,
      serverDate: Number.isNaN(date) ? null : date,
    };
  }

  const info = async (request: HttpRequest, what: string) => validate(sessionInfoSchema, await json(request, what), what) as SessionInfo;

  return {
    baseUrl: http.baseUrl,
    cookies,
    async licenses({ email, password }, signal) {
      const what = 'the license list';
      return validate(licensesSchema, await json({ method: 'POST', path: `${AUTH}/user/licenses`, body: { email, password }, idempotent: true, signal }, what), what);
    },
    openSession({ email, password, licenseId, locale, snType = 'SYSTEM' }, signal) {
      return session(
        { method: 'POST', path: `${AUTH}/user/session`, query: { locale }, body: { email, password, licenseId, snType }, idempotent: false, signal },
        'opening the session',
      );
    },
    refreshSession({ email, password, refreshToken, locale, snType = 'SYSTEM' }, signal) {
      return session(
        { method: 'POST', path: `${AUTH}/user/session/refresh`, query: { sn_type: snType, locale }, body: { email, password, refreshToken }, idempotent: false, signal },
        'the session refresh',
      );
    },
    sessionInfo: (signal) => info({ method: 'GET', path: `${AUTH}/jwt`, idempotent: true, signal }, 'the session information'),
    endSession: (signal) => info({ method: 'DELETE', path: `${AUTH}/jwt`, idempotent: true, signal }, 'ending the session'),
    endSessionById: (sessionId, signal) =>
      info({ method: 'DELETE', path: `${AUTH}/jwt/${encodeURIComponent(sessionId)}`, idempotent: true, signal }, 'ending a session'),
    async profile(signal) {
      const what = 'the user profile';
      return validate(userSchema, await json({ method: 'GET', path: `${AUTH}/jwt/list`, idempotent: true, signal }, what), what);
    },
    async validate({ email, password }, signal) {
      try {
        await call({ method: 'POST', path: `${AUTH}/user/validate`, body: { email, password }, idempotent: true, signal });
        return true;
      } catch (error) {
        if (error instanceof AisleError && (error.code === 'unauthorized' || error.code === 'forbidden')) return false;
        throw error;
      }
    },
    async userByEmail(email, includeDisabled, signal) {
      const what = 'the user lookup';
      const path = `${AUTH}/users/email/${encodeURIComponent(email)}`;
      return validate(userSchema, await json({ method: 'GET', path, query: { includeDisabled }, idempotent: true, signal }, what), what);
    },
    async ping(signal) {
      const started = performance.now();
      await http.request({ method: 'GET', path: `${AUTH}/ping`, idempotent: true, signal, retries: 0 });
      return { latencyMs: Math.round(performance.now() - started) };
    },
  };
}
