// Real authentication for the demo server: scrypt-checked credentials, signed JWTs (jose, HS256)
// carrying user, license, session id and expiry, rotating refresh tokens whose reuse ends the session.
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { facility } from '../data/facilities.ts';
import { DEMO_PASSWORD, LICENSES, SIGN_IN_USERS, licenseId, userId, type SignInUser } from '../data/people.ts';
import type { World } from '../data/world.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { hashPassword, verifyPassword, type PasswordHash } from './passwords.ts';
import {
  addRefreshToken,
  createSession,
  endSession,
  findRefreshToken,
  getSession,
  openSessionsOf,
  setAccessExpiry,
  signingKey,
  spendRefreshToken,
  type SessionDb,
  type SessionRow,
} from './session-store.ts';

const ISSUER = 'aisle-demo';

export interface AuthOptions {
  world: World;
  db: SessionDb;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  now?: () => number;
}

export interface IssuedSession {
  sessionId: string;
  jwt: string;
  refreshToken: string;
  expiresAt: number;
}

export interface Caller {
  session: SessionRow;
  user: SignInUser;
  userIndex: number;
  expiresAt: number;
}

// Hashed once per process: every server in a test run shares them (each with its own salt).
let hashes: Promise<Map<string, PasswordHash>> | null = null;
function passwordHashes(): Promise<Map<string, PasswordHash>> {
  hashes ??= Promise.all(SIGN_IN_USERS.map(async (u) => [u.email, await hashPassword(DEMO_PASSWORD)] as const)).then((entries) => new Map(entries));
  return hashes;
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

export async function createAuth(options: AuthOptions) {
  const { world, db } = options;
  const now = options.now ?? Date.now;
  const passwords = await passwordHashes();
  /** Requests that carried a password (tests: a refresh token spares the password). */
  let passwordsChecked = 0;
  const key = signingKey(db);

  function userByEmail(email: string): { user: SignInUser; index: number } | null {
    const index = SIGN_IN_USERS.findIndex((u) => u.email === email.trim().toLowerCase());
    return index < 0 ? null : { user: SIGN_IN_USERS[index], index };
  }

  /** 401 for an unknown e-mail or a wrong password (the same answer for both); 403 when disabled. */
  async function checkCredentials(email: string, password: string): Promise<{ user: SignInUser; index: number }> {
    passwordsChecked++;
    const found = userByEmail(email);
    const hash = found && passwords.get(found.user.email);
    if (!found || !hash || !(await verifyPassword(password, hash))) throw unauthorized('Wrong e-mail or password.');
    if (!found.user.enabled) throw forbidden('This user is disabled.');
    return found;
  }

  function licenseIndex(user: SignInUser, id: string): number {
    return user.licenses.find((n) => licenseId(world, n) === id.toLowerCase()) ?? -1;
  }

  async function issue(session: SessionRow | { id: string; user_email: string; license_id: string }, userIndex: number): Promise<IssuedSession> {
    const issuedAt = Math.floor(now() / 1000);
    const expiresAt = (issuedAt + options.accessTtlSeconds) * 1000;
    const jwt = await new SignJWT({ email: session.user_email, lic: session.license_id, sid: session.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(userId(world, userIndex))
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt / 1000)
      .sign(key);
    const refreshToken = randomBytes(32).toString('base64url');
    addRefreshToken(db, refreshToken, session.id, now() + options.refreshTtlSeconds * 1000);
    setAccessExpiry(db, session.id, expiresAt);
    return { sessionId: session.id, jwt, refreshToken, expiresAt };
  }

  /**
   * The session information body (spec 2.5). Its type is what this literal writes: the demo stands in
   * for another server, so it declares no shape of Aisle's (the contract's `SessionInfo` is what Aisle
   * reads from any server).
   */
  function info(session: SessionRow) {
    const found = userByEmail(session.user_email);
    const first = found && found.user.facilities !== 'all' ? found.user.facilities[0] : 0;
    return {
      userEmail: session.user_email,
      licenseId: session.license_id,
      sn: session.id,
      expiresAt: new Date(session.access_expires_at).toISOString(),
      zoneIdStr: facility(world, Math.min(first, world.facilities - 1)).zoneIdStr,
    };
  }

  return {
    checkCredentials,
    passwordsChecked: () => passwordsChecked,

    async openSession(email: string, password: string, license: string, snType: string): Promise<IssuedSession> {
      const { user, index } = await checkCredentials(email, password);
      const n = licenseIndex(user, license);
      if (n < 0) throw forbidden('This user holds no such license.');
      if (!LICENSES[n].enabled) throw forbidden('This license is disabled.');
      const row = { id: randomUUID(), user_email: user.email, license_id: licenseId(world, n), sn_type: snType, created_at: now(), access_expires_at: 0 };
      createSession(db, row);
      return issue(row, index);
    },

    /** A refresh with the user's credentials (the spec's form), or with the refresh token alone (null: OAuth2's). */
    async refresh(credentials: { email: string; password: string } | null, refreshToken: string): Promise<IssuedSession> {
      const token = findRefreshToken(db, refreshToken);
      const session = token && getSession(db, token.session_id);
      const { user, index } = credentials ? await checkCredentials(credentials.email, credentials.password) : (userByEmail(session?.user_email ?? '') ?? { user: null, index: -1 });
      if (!token || !session || !user || session.user_email !== user.email) throw unauthorized('Unknown refresh token.');
      if (session.ended_at !== null) throw unauthorized('This session has ended.');
      if (token.expires_at <= now()) throw unauthorized('The refresh token has expired.');
      if (token.used_at !== null || !spendRefreshToken(db, refreshToken, now())) {
        endSession(db, session.id, 'refresh token reused', now());
        throw unauthorized('This refresh token was already used; the session has been ended.');
      }
      const n = licenseIndex(user, session.license_id);
      if (n < 0 || !LICENSES[n].enabled) throw forbidden('This license is disabled.');
      return issue(session, index);
    },

    /** The caller behind a JWT (cookie or Bearer), or 401. */
    async caller(jwt: string | null): Promise<Caller> {
      if (!jwt) throw unauthorized();
      let payload;
      try {
        ({ payload } = await jwtVerify(jwt, key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: new Date(now()) }));
      } catch {
        throw unauthorized('The access token is invalid or has expired.');
      }
      const session = typeof payload.sid === 'string' ? getSession(db, payload.sid) : undefined;
      if (!session || session.ended_at !== null) throw unauthorized('This session has ended.');
      const found = userByEmail(session.user_email);
      if (!found || !found.user.enabled) throw unauthorized('This user is disabled.');
      return { session, user: found.user, userIndex: found.index, expiresAt: (payload.exp ?? 0) * 1000 };
    },

    session: (id: string) => getSession(db, id),
    /** The user's open sessions, newest first, each as session information plus when it began. */
    openSessions(email: string) {
      return openSessionsOf(db, email, now()).map((row) => ({ ...info(row), createdAt: new Date(row.created_at).toISOString() }));
    },
    end: (id: string, reason: string) => endSession(db, id, reason, now()),

    info,
  };
}
