// What every route handler may use.
import type { IncomingMessage } from 'node:http';
import type { Auth } from '../auth/auth-service.ts';
import type { World } from '../data/world.ts';

export type TokenDelivery = 'cookie' | 'header' | 'redirect';

export interface DemoContext {
  world: World;
  auth: Auth;
  tokenDelivery: TokenDelivery;
  accessTtlSeconds: number;
  /** The server's own base URL (set once it listens). */
  baseUrl(): string;
  /** What the data depends on besides revision: part of every ETag. */
  fingerprint(): string;
}

export const ACCESS_COOKIE = 'access_token';

export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m ? m[1] : null;
}

export function cookieToken(req: IncomingMessage): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === ACCESS_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
