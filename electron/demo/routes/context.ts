// What every route handler may use.
import type { IncomingMessage } from 'node:http';
import type { Auth } from '../auth/auth-service.ts';
import type { World } from '../data/world.ts';
import type { RequestContext } from '../http/router.ts';
import type { IdMap } from '../profile/record-shape.ts';
import type { ServerLies } from '../profile/server-lies.ts';
import type { ServerProfile } from '../profile/server-profile.ts';

/** The demo server's own three ways of handing out the JWT (a profile may choose others). */
export type TokenDelivery = 'cookie' | 'header' | 'redirect';

export interface DemoContext {
  world: World;
  auth: Auth;
  /** How this server answers where the spec is silent (the default: the demo server's own way). */
  profile: ServerProfile;
  /** The profile's ids, and back. */
  ids: IdMap;
  accessTtlSeconds: number;
  /** The server's own base URL (set once it listens). */
  baseUrl(): string;
  /** What the data depends on besides revision: part of every ETag. */
  fingerprint(): string;
  /** The server's lies now (server-lies.ts). */
  lies(): Partial<ServerLies>;
  /** Answers with one list's records (`list` names their kind: items, locations, inventory, ...) as the profile serves lists. */
  sendList(ctx: RequestContext, list: string, source: Iterable<unknown> | (() => Iterable<unknown>), etag: string): Promise<void>;
  /** A request body with the profile's ids turned back into the server's own. */
  bodyIds(body: unknown): unknown;
  /** A scope id from a path, turned back into the server's own. */
  pathId(id: string): string;
}

export const ACCESS_COOKIE = 'access_token';

export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m ? m[1] : null;
}

export function cookieToken(req: IncomingMessage, name = ACCESS_COOKIE): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
