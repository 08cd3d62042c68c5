// A small warehouse stand-in over real HTTP for sync tests: serves JSON arrays by path with strong
// ETags, checks the Bearer token, and can misbehave on request (truncate, corrupt, 401, 429, 500).
// `inv/query` answers only the stock of the items in `itemIds` when the body names some.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from '../support/loopback.ts';

export type Fault = 'truncate' | 'invalid' | 'unauthorized' | 'rate_limited' | 'server_error' | 'bad_request' | 'not_found' | 'slow' | 'pause' | 'drop' | 'unfiltered';

/** How long a `pause` fault stops in the middle of a body. */
export const PAUSE_MS = 700;

export interface FixtureServer {
  url: string;
  /** Replaces the records of a path (list GET path, or `inv/query:<facilityId>` / `inv/history:<facilityId>`). */
  set(path: string, records: object[]): void;
  /** The next `count` requests to `path` (or '*' for any) misbehave. */
  fault(path: string, fault: Fault, count?: number): void;
  /** Tokens the server accepts; default ['t1']. */
  tokens: Set<string>;
  requests: { path: string; status: number; ifNoneMatch: string | null; itemIds?: string[] }[];
  /** `asked <path> <n>` when a request came, `sent <path> <n>` when its answer was all sent, in order. */
  timeline: string[];
  close(): Promise<void>;
}

export const LISTS = '/v1/api/pub/lists';

/** Serves one account (`acc-1`) and one facility (`fac-1`): the smallest warehouse a round plans from. */
export function serveOneAccountAndFacility(server: FixtureServer): void {
  server.set(`${LISTS}/accounts/query`, [{ id: 'acc-1', accountid: 'ACME', name: 'Acme' }]);
  server.set(`${LISTS}/facilities/query`, [{ id: 'fac-1', code: 'MAIN', name: 'Main DC' }]);
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const data = new Map<string, { body: Buffer; etag: string }>();
  const faults: { path: string; fault: Fault; left: number }[] = [];
  const tokens = new Set(['t1']);
  const requests: FixtureServer['requests'] = [];
  const timeline: string[] = [];
  let seq = 0;
  /** The items a stock request asked for, by its response. */
  const askedItems = new WeakMap<ServerResponse, string[]>();
  const itemIdsOf = (res: ServerResponse) => askedItems.get(res);

  const takeFault = (path: string): Fault | null => {
    const f = faults.find((x) => (x.path === path || x.path === '*') && x.left > 0);
    if (!f) return null;
    f.left--;
    return f.fault;
  };

  const send = (res: ServerResponse, path: string, status: number, body: string | Buffer, headers: Record<string, string> = {}, ifNoneMatch: string | null = null) => {
    requests.push({ path, status, ifNoneMatch, ...(itemIdsOf(res) ? { itemIds: itemIdsOf(res) } : {}) });
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    let key = url.pathname;
    let itemIds: string[] | undefined;
    if (req.method === 'POST' && key.startsWith('/v1/api/pub/inv/')) {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { facilityId?: string; itemIds?: string[] };
      key = `${key.slice('/v1/api/pub/'.length)}:${body.facilityId ?? ''}`;
      itemIds = body.itemIds;
      if (itemIds) askedItems.set(res, itemIds);
    }
    const n = ++seq;
    timeline.push(`asked ${key} ${n}`);
    res.on('finish', () => timeline.push(`sent ${key} ${n}`));
    const ifNoneMatch = (req.headers['if-none-match'] as string | undefined) ?? null;
    const auth = req.headers.authorization ?? '';
    const fault = takeFault(key);
    if (fault === 'unauthorized' || !tokens.has(auth.replace(/^Bearer /, ''))) return send(res, key, 401, JSON.stringify({ status: 401, error: 'Unauthorized', message: 'bad token' }));
    if (fault === 'rate_limited') return send(res, key, 429, JSON.stringify({ status: 429, message: 'slow down' }), { 'retry-after': '0' });
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === 'server_error') return send(res, key, 503, JSON.stringify({ status: 503, message: 'down' }));
    if (fault === 'not_found') return send(res, key, 404, JSON.stringify({ status: 404, error: 'Not Found', message: 'No such list here' }));
    if (fault === 'bad_request') return send(res, key, 400, JSON.stringify({ status: 400, message: 'itemIds: too many' }));
    let entry = data.get(key) ?? { body: Buffer.from('[]'), etag: '"empty"' };
    // `unfiltered`: a server that ignores itemIds and answers the whole stock
    if (itemIds && fault !== 'unfiltered') {
      const wanted = new Set(itemIds);
      const part = (JSON.parse(entry.body.toString()) as { item_id?: string }[]).filter((r) => r.item_id !== undefined && wanted.has(r.item_id));
      entry = { body: Buffer.from(JSON.stringify(part)), etag: `"part-${createHash('sha1').update(JSON.stringify(part)).digest('hex').slice(0, 16)}"` };
    }
    if (ifNoneMatch === entry.etag && !fault) return send(res, key, 304, '', { etag: entry.etag }, ifNoneMatch);
    requests.push({ path: key, status: 200, ifNoneMatch, ...(itemIds ? { itemIds } : {}) });
    if (fault === 'invalid') {
      res.writeHead(200, { 'content-type': 'application/json', etag: '"bad"' });
      return res.end(Buffer.concat([entry.body.subarray(0, Math.floor(entry.body.length / 2)), Buffer.from('}}garbage]')]));
    }
    if (fault === 'truncate') {
      res.writeHead(200, { 'content-type': 'application/json', etag: '"cut"', 'content-length': String(entry.body.length) });
      res.write(entry.body.subarray(0, Math.floor(entry.body.length / 2)));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', etag: entry.etag });
    if (fault === 'pause') {
      // half the body, then nothing for PAUSE_MS, then the rest
      res.write(entry.body.subarray(0, entry.body.length >> 1));
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      return res.end(entry.body.subarray(entry.body.length >> 1));
    }
    if (fault === 'slow') {
      // dribble the body in small pieces so a test can read while the apply is in progress
      for (let at = 0; at < entry.body.length; at += 4096) {
        if (!res.write(entry.body.subarray(at, at + 4096))) await new Promise((r) => res.once('drain', r));
        await new Promise((r) => setImmediate(r));
      }
      return res.end();
    }
    res.end(entry.body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      res.writeHead(500);
      res.end(error.message);
    });
  });
  return {
    url: await listenOnLoopback(server),
    set(path, records) {
      const body = Buffer.from(JSON.stringify(records));
      data.set(path, { body, etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"` });
    },
    fault(path, fault, count = 1) {
      faults.push({ path, fault, left: count });
    },
    tokens,
    requests,
    timeline,
    close: () => closeServer(server),
  };
}
