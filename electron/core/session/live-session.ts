// One user's session as main holds it: identity, tokens and the password (memory only), plus the
// pure helpers that turn it into the contract's views and map sign-in failures to contract codes.
import { AisleError } from '../../contract/errors.ts';
import type { FacilityRef, LicenseView, Notice, SessionState, SessionView } from '../../contract/types.ts';
import type { AuthApi, RefreshForm } from '../api/auth-api.ts';
import type { License, User } from '../api/auth-schemas.ts';
import type { Timer } from '../shared/clock.ts';

export interface LiveSession {
  state: Exclude<SessionState, 'signed-out'>;
  /** The identity's server: a normalized base URL, or 'demo'. */
  server: string;
  baseUrl: string | null;
  api: AuthApi | null;
  email: string;
  /** Held for refresh and for going online after an offline sign-in; dropped on expiry and sign-out. */
  password: string | null;
  licenseId: string;
  licenseType: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  /** The form the refresh token came in: its refresh is asked for in that form (auth-api.ts). */
  refreshForm: RefreshForm;
  /** Access token expiry on this machine's clock (see localExpiry), ms since the epoch. */
  expiresAt: number | null;
  /** When the current access token was received (to size the refresh lead). */
  receivedAt: number;
  sessionId: string | null;
  zoneIdStr: string | null;
  userName: string | null;
  locale: string | null;
  facilities: FacilityRef[];
  roles: { id: string; name: string }[];
  /** Something the user should know about this session (e.g. which facilities are kept offline and why). */
  notice: Notice | null;
  /** A warning about the server itself (a plain http:// address elsewhere), told after `notice`. */
  serverNotice: Notice | null;
  refreshTimer: Timer | null;
  refreshing: Promise<string> | null;
  goingOnline: boolean;
  /** Locked after idle time or by the user (session-lock.ts); the contract refuses reads while set. */
  locked: boolean;
}

export const SIGNED_OUT: SessionView = {
  state: 'signed-out',
  server: null,
  email: null,
  userName: null,
  locale: null,
  licenseId: null,
  licenseType: null,
  sessionId: null,
  expiresAt: null,
  zoneIdStr: null,
  facilities: [],
  roles: [],
  locked: false,
  notices: [],
};

export function sessionView(live: LiveSession | null): SessionView {
  if (!live) return { ...SIGNED_OUT, facilities: [], roles: [] };
  return {
    state: live.state,
    server: live.server,
    email: live.email,
    userName: live.userName,
    locale: live.locale,
    licenseId: live.licenseId,
    licenseType: live.licenseType,
    sessionId: live.sessionId,
    expiresAt: live.expiresAt === null ? null : new Date(live.expiresAt).toISOString(),
    zoneIdStr: live.zoneIdStr,
    facilities: live.facilities.map((f) => ({ ...f })),
    roles: live.roles.map((r) => ({ ...r })),
    locked: live.locked,
    notices: [live.notice, live.serverNotice].filter((n) => n !== null),
  };
}

export function licenseView(license: License): LicenseView {
  return {
    id: license.id,
    license_type: license.license_type,
    description: license.description,
    customer_name: license.customer_name,
    enabled: license.enabled,
    production: license.production,
    number_full_users: license.number_full_users,
    number_rf_users: license.number_rf_users,
    number_ro_users: license.number_ro_users,
    number_facilities: license.number_facilities,
  };
}

export function profileParts(user: User): Pick<LiveSession, 'userName' | 'locale' | 'facilities' | 'roles'> {
  return {
    userName: user.name ?? null,
    locale: user.locale ?? null,
    facilities: user.facilities.map((f) => ({ id: f.id, code: f.code, name: f.name })),
    roles: user.roles.map((r) => ({ id: r.id, name: r.name })),
  };
}

/**
 * When the access token expires by our own clock: the server's expiresAt moved by the difference
 * between the two clocks (from its Date header), so a skewed workstation clock neither refreshes
 * in a loop nor lets the token lapse.
 */
export function localExpiry(opened: { expiresAt: string; serverDate: number | null }, receivedAt: number): number {
  const expiresAt = Date.parse(opened.expiresAt);
  return opened.serverDate === null ? expiresAt : receivedAt + (expiresAt - opened.serverDate);
}

/** How long before expiry to refresh: a quarter of the token's life, at most a minute. */
export function refreshLeadMs(live: Pick<LiveSession, 'expiresAt' | 'receivedAt'>): number {
  if (live.expiresAt === null) return 0;
  return Math.min(60_000, Math.max(0, (live.expiresAt - live.receivedAt) / 4));
}

/** Failures that mean "the server is not usable now", after which an offline sign-in is tried. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof AisleError && (error.code === 'offline' || error.code === 'timeout' || error.code === 'server_error');
}

/** Maps a refused sign-in step to the contract's codes, keeping the server's message. */
export function signInError(error: unknown, step: 'licenses' | 'session'): unknown {
  if (!(error instanceof AisleError)) return error;
  const status = error.status;
  const detail = error.message.replace(/^[^:]*:\s*/, '');
  if (error.code === 'unauthorized') return new AisleError('wrong_credentials', 'Wrong e-mail or password.', { status });
  if (error.code === 'forbidden') {
    const aboutLicense = /licen[cs]e/i.test(error.message);
    if (step === 'session' && aboutLicense) return new AisleError('license_disabled', `This license cannot be used: ${detail}`, { status });
    if (step === 'licenses' || /user|account|disabled/i.test(error.message)) {
      return new AisleError('user_disabled', `This account cannot sign in: ${detail}`, { status });
    }
    return new AisleError('license_disabled', `This license cannot be used: ${detail}`, { status });
  }
  return error;
}

/** The user's locale in the interface's `language_REGION` form. */
export function localeTag(preferred: string | null, language: string): string {
  if (preferred && /^[a-z]{2,3}([_-][A-Za-z]{2})?$/.test(preferred)) return preferred.replace('-', '_');
  const base = language === 'en' || language === 'es' ? language : Intl.DateTimeFormat().resolvedOptions().locale;
  const [lang, region] = base.split(/[-_]/);
  const regions: Record<string, string> = { en: 'US', es: 'ES' };
  return `${lang.toLowerCase()}_${(region ?? regions[lang.toLowerCase()] ?? 'US').toUpperCase()}`;
}
