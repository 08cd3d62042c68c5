// Table-driven routing: each route is a method, a path pattern with :params, and a handler.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest } from './errors.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
}

export interface Route {
  method: Method;
  /** e.g. '/v1/api/pub/lists/accounts/:accountId/carriers/query' */
  path: string;
  handle(ctx: RequestContext): Promise<void> | void;
}

interface Compiled {
  route: Route;
  segments: string[];
  literals: number;
}

export type Match = { kind: 'found'; route: Route; params: Record<string, string> } | { kind: 'wrong-method'; allowed: Method[] } | { kind: 'none' };

export function createRouter(routes: Route[]): (method: string, pathname: string) => Match {
  const compiled: Compiled[] = routes
    .map((route) => {
      const segments = route.path.split('/').filter(Boolean);
      return { route, segments, literals: segments.filter((s) => !s.startsWith(':')).length };
    })
    .sort((a, b) => b.literals - a.literals);
  return (method, pathname) => {
    const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
    const allowed = new Set<Method>();
    for (const entry of compiled) {
      const params = matchSegments(entry.segments, parts);
      if (!params) continue;
      if (entry.route.method === method) return { kind: 'found', route: entry.route, params };
      allowed.add(entry.route.method);
    }
    return allowed.size ? { kind: 'wrong-method', allowed: [...allowed] } : { kind: 'none' };
  };
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(':')) {
      try {
        params[pattern[i].slice(1)] = decodeURIComponent(parts[i]);
      } catch {
        throw badRequest(`The path segment "${parts[i].slice(0, 100)}" is not valid percent-encoding.`);
      }
    } else if (pattern[i] !== parts[i]) {
      return null;
    }
  }
  return params;
}
