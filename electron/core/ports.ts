// What the core's parts need from each other, as small interfaces. core.ts wires them together.
import type { SessionView } from '../contract/types.ts';

/** Whose mirror: one SQLite file per (server, user, license) (design.md section 5). */
export interface MirrorIdentity {
  server: string;
  email: string;
  licenseId: string;
}

/** What sync and the API need from the session (core/session implements it). */
export interface SessionPort {
  view(): SessionView;
  /** The signed-in identity (online or offline), or null. */
  identity(): MirrorIdentity | null;
  /** Base URL of the server of the current session, or null. */
  baseUrl(): string | null;
  /** A valid access token, refreshed first when close to expiry. Throws AisleError (session_expired, offline, not_signed_in). */
  accessToken(): Promise<string>;
  /** After a 401 from `/v1/api/pub`: refresh once and resolve to the new token, or throw session_expired. */
  refreshAfterUnauthorized(rejectedToken: string): Promise<string>;
  /** Profile facilities of the signed-in user (from GET /jwt/list). */
  facilities(): { id: string; code: string; name: string }[];
  /** The facilities a sync keeps because the profile names none (by name), for the session to tell the user. */
  keptFacilities?(names: string[]): void;
  /** A request elsewhere (a sync download) could not reach the server: check connectivity now rather than at the next ping. */
  unreachable(): void;
}
