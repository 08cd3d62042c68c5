// A real loopback server of the auth endpoints shaped unlike the demo: the test chooses how the
// access token is delivered, what the session answer holds, and what the profile and session
// information look like (or how they fail). It checks the caller on the auth calls that identify
// it (a cookie holding the token, or a Bearer token) and on a list call (Bearer only).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fakeJwt, json, localServer, type LocalServer } from './local-server.ts';

export type Delivery =
  | { kind: 'cookie'; name: string; refreshCookie?: string }
  | { kind: 'header'; name: string; bearer?: boolean }
  | { kind: 'body'; field: string }
  | { kind: 'redirect'; where: 'query' | 'fragment'; name: string };

type Answer = unknown | ((res: ServerResponse) => void);

export interface AnyAuthOptions {
  delivery: Delivery;
  licenses?: Answer;
  /** Extra fields of the session answer (e.g. expiresAt in another form); refreshToken unless null. */
  session?: Record<string, unknown>;
  refreshToken?: string | null;
  /** Claims of the access token (exp included unless set to undefined). */
  claims?: Record<string, unknown>;
  profile?: Answer;
  info?: Answer;
  /** The identifying auth calls accept only a Bearer token, not the cookie. */
  bearerOnly?: boolean;
  /** A path that sends its headers and then one byte every 200 ms, never finishing. */
  trickle?: string;
}

export interface AnyAuthServer extends LocalServer {
  /** Access tokens issued, in order. */
  issued: string[];
  /** Request counts by path. */
  count(path: string, method?: string): number;
  /** Resolves when the trickling path was first asked for. */
  trickling: Promise<void>;
}

export const CREDS = { email: 'ann@example.com', password: 'pw-ann' };

export async function anyAuthServer(options: AnyAuthOptions): Promise<AnyAuthServer> {
  const issued: string[] = [];
  let refreshCount = 0;
  const answer = (res: ServerResponse, value: Answer) => (typeof value === 'function' ? (value as (r: ServerResponse) => void)(res) : json(res, 200, value));
  const current = () => issued[issued.length - 1];
  const identified = (req: IncomingMessage) => {
    const token = current();
    if (!token) return false;
    const bearer = req.headers.authorization === `Bearer ${token}`;
    const cookie = (req.headers.cookie ?? '').split(/;\s*/).some((c) => c.endsWith(`=${token}`));
    return bearer || (!options.bearerOnly && cookie);
  };

  let reached!: () => void;
  const trickling = new Promise<void>((resolve) => (reached = resolve));
  const server = await localServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    if (path === options.trickle) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('[');
      const timer = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(timer));
      return reached();
    }
    if (path === '/v1/auth/pub/user/licenses') {
      return answer(res, options.licenses ?? [{ id: 'lic-1', license_type: 'COMMUNITY', enabled: true, description: 'Main' }]);
    }
    if (path === '/v1/auth/pub/user/session' || path === '/v1/auth/pub/user/session/refresh') {
      const token = fakeJwt({ n: issued.length, ...options.claims });
      issued.push(token);
      const refreshToken = options.refreshToken === null ? undefined : (options.refreshToken ?? fakeJwt({ typ: 'refresh', n: refreshCount++ }));
      const body: Record<string, unknown> = { refreshToken, ...options.session };
      const headers: Record<string, string | string[]> = {};
      const d = options.delivery;
      if (d.kind === 'cookie') {
        const cookies = [`${d.name}=${token}; HttpOnly; Path=/`];
        if (d.refreshCookie) cookies.unshift(`${d.refreshCookie}=${refreshToken ?? fakeJwt({ other: true })}; HttpOnly; Path=/`);
        headers['Set-Cookie'] = cookies;
      } else if (d.kind === 'header') headers[d.name] = d.bearer ? `Bearer ${token}` : token;
      else if (d.kind === 'body') body[d.field] = token;
      else body.redirectURL = d.where === 'query' ? `/home?${d.name}=${token}` : `/home#${d.name}=${token}`;
      return json(res, 200, body, headers);
    }
    if (path.startsWith('/v1/auth/pub/jwt') || path.startsWith('/v1/api/pub/')) {
      const ok = path.startsWith('/v1/api/pub/') ? req.headers.authorization === `Bearer ${current()}` : identified(req);
      if (!ok) return json(res, 401, { timestamp: new Date().toISOString(), status: 401, error: 'Unauthorized', message: 'Full authentication is required', path });
      if (path === '/v1/auth/pub/jwt/list') return answer(res, options.profile ?? { id: 7, email: CREDS.email, name: 'Ann', facilities: [], roles: [] });
      if (path === '/v1/api/pub/lists/facilities/query') return json(res, 200, []);
      return answer(res, options.info ?? { userEmail: CREDS.email, licenseId: 'lic-1', sn: 'sn-1', zoneIdStr: 'UTC' });
    }
    if (path === '/v1/auth/pub/ping') return json(res, 200, 'pong');
    json(res, 404, { message: 'no such path' });
  });
  return {
    ...server,
    issued,
    trickling,
    count: (path, method) => server.requests.filter((r) => r.url.split('?')[0] === path && (!method || r.method === method)).length,
  };
}
