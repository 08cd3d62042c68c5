// A warehouse stand-in on 127.0.0.1 whose lists a test shapes: each path answers what its handler
// says (any envelope, any paging, any body); paths without one answer an empty array. Every request
// is recorded with its query.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';
import type { RoundOptions } from '../../electron/core/sync/round/types.ts';
import { afterEach, beforeEach } from 'vitest';
import { closeServer, listenOnLoopback } from '../support/loopback.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

export const LISTS = '/v1/api/pub/lists';
export const USERS = `${LISTS}/users/query`;

export type ListHandler = (query: URLSearchParams, res: ServerResponse, req: IncomingMessage) => void;

export interface ListServer {
  url: string;
  handle(path: string, handler: ListHandler): void;
  /** Requests as `path?query`, in order. */
  asked: { path: string; query: URLSearchParams; ifNoneMatch: string | null }[];
  timesAsked(path: string): number;
  close(): Promise<void>;
}

export async function startListServer(): Promise<ListServer> {
  const handlers = new Map<string, ListHandler>();
  const asked: ListServer['asked'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push({ path: url.pathname, query: url.searchParams, ifNoneMatch: (req.headers['if-none-match'] as string | undefined) ?? null });
    req.resume();
    req.on('end', () => {
      const handler = handlers.get(url.pathname);
      if (handler) return handler(url.searchParams, res, req);
      sendJson(res, []);
    });
  });
  return {
    url: await listenOnLoopback(server),
    handle: (path, handler) => void handlers.set(path, handler),
    asked,
    timesAsked: (path) => asked.filter((a) => a.path === path).length,
    close: () => closeServer(server),
  };
}

export function sendJson(res: ServerResponse, body: unknown, headers: Record<string, string> = {}, status = 200): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

export const users = (count: number, version = 0) => Array.from({ length: count }, (_, n) => ({ id: `u-${n}`, email: `user${n}@example.com`, firstname: `User${version}`, lastname: `N${n}` }));

/** One sync round of these lists from the server into the mirror, with a token that always works and no retries. */
export function roundFrom(db: WriteDb, server: ListServer, lists = ['users'], extra: Partial<RoundOptions> = {}) {
  return runRound(db, {
    baseUrl: server.url,
    accessToken: async () => 't1',
    refreshAfterUnauthorized: async () => 't1',
    plan: { offlineLists: lists, offlineFacilities: [], userFacilities: [], historyDays: 30 },
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 100 },
    ...extra,
  });
}

/** What a round of the users list alone did with it. */
export async function usersRound(db: WriteDb, server: ListServer) {
  return (await roundFrom(db, server)).datasets.find((d) => d.key === 'users')!;
}

/** Registers the hooks of the test file it is called in: each test gets a fresh mirror and a fresh list server. */
export function eachTestListServer(use: (db: WriteDb, server: ListServer) => void): void {
  let db: WriteDb;
  let server: ListServer;
  eachTestMirror((opened) => (db = opened));
  beforeEach(async () => {
    server = await startListServer();
    use(db, server);
  });
  afterEach(async () => {
    await server.close();
  });
}
