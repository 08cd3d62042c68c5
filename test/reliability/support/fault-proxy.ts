// A fault-injecting HTTP proxy for loopback: it sits between a client and the demo server and, on
// the requests a fault matches, refuses, resets, truncates, stalls, delays, rewrites or replaces
// the answer. It counts every request and every fault it injected.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FaultKind =
  | 'reset-mid-body' // headers and half the body, then a TCP reset
  | 'truncate-body' // headers and half the body, then a clean end of a chunked answer
  | 'short-body' // Content-Length says the whole body, half is sent, then the connection closes
  | 'stall-body' // headers and half the body, then nothing
  | 'status' // an error status with the server's JSON error body
  | 'rate-limit' // 429 with Retry-After
  | 'latency' // the real answer, late
  | 'invalid-json' // 200 application/json that is not JSON
  | 'wrong-shape' // 200 JSON that holds no list of records (an object with no array in it: an envelope with one is read)
  | 'bad-records' // the real records, some without id, some with fields of the wrong type
  | 'expired-token' // 401 as the server answers an expired JWT
  | 'html'; // 200 text/html (a captive portal)

export interface Fault {
  kind: FaultKind;
  /** Which requests (method and path) the fault hits; default: the data API (/v1/api/pub/). */
  match?: (method: string, path: string) => boolean;
  /** How many matching requests are hit; default: all of them. */
  times?: number;
  status?: number;
  retryAfterSeconds?: number;
  delayMs?: number;
}

export interface ProxyLog {
  at: number;
  method: string;
  path: string;
  status: number | null;
  bytesOut: number;
  fault: FaultKind | null;
  /** Headers and body of answers the proxy was asked to record (`record` option). */
  recorded?: { headers: http.IncomingHttpHeaders; body: string };
}

export interface FaultProxy {
  readonly url: string;
  /** Every request seen, in order (answered or not). */
  readonly log: ProxyLog[];
  /** Faults injected so far, by kind (plus `refused` connections while down). */
  readonly injected: Map<string, number>;
  setFault(fault: Fault | null): void;
  /** Rewrites the Date header of every answer by this many ms (a server clock that is off). */
  setClockOffset(ms: number): void;
  /** Stops listening: connections are refused until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

const dataApi = (_method: string, path: string) => path.startsWith('/v1/api/pub/');

export async function startFaultProxy(target: string, options: { now?: () => number; record?: (path: string) => boolean } = {}): Promise<FaultProxy> {
  const upstream = new URL(target);
  const now = options.now ?? Date.now;
  const log: ProxyLog[] = [];
  const injected = new Map<string, number>();
  const sockets = new Set<Socket>();
  let fault: (Fault & { left: number }) | null = null;
  let clockOffset = 0;
  let port = 0;
  const count = (kind: string) => injected.set(kind, (injected.get(kind) ?? 0) + 1);

  const take = (method: string, path: string): Fault | null => {
    if (!fault || fault.left <= 0 || !(fault.match ?? dataApi)(method, path)) return null;
    fault.left--;
    count(fault.kind);
    return fault;
  };

  const errorBody = (status: number, message: string, path: string) =>
    JSON.stringify({ status, error: http.STATUS_CODES[status], message, path, timestamp: new Date(now()).toISOString() });

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const entry: ProxyLog = { at: now(), method: req.method ?? 'GET', path, status: null, bytesOut: 0, fault: null };
    log.push(entry);
    const hit = take(entry.method, path);
    entry.fault = hit?.kind ?? null;
    const send = (status: number, headers: http.OutgoingHttpHeaders, body: string | Buffer) => {
      entry.status = status;
      entry.bytesOut += Buffer.byteLength(body);
      res.writeHead(status, { Date: new Date(now() + clockOffset).toUTCString(), ...headers });
      res.end(body);
    };
    const json = { 'Content-Type': 'application/json; charset=utf-8' };

    if (hit?.kind === 'status') return drain(req, () => send(hit.status ?? 503, json, errorBody(hit.status ?? 503, 'Injected failure.', path)));
    if (hit?.kind === 'rate-limit') {
      const wait = hit.retryAfterSeconds ?? 1;
      return drain(req, () => send(429, { ...json, 'Retry-After': String(wait) }, errorBody(429, `Too many requests; try again in ${wait} s.`, path)));
    }
    if (hit?.kind === 'expired-token') return drain(req, () => send(401, json, errorBody(401, 'The access token has expired.', path)));
    if (hit?.kind === 'invalid-json') return drain(req, () => send(200, json, '[{"id": "a1", "name": "ok"}, {"id": "a2", "name": nul'));
    if (hit?.kind === 'wrong-shape') return drain(req, () => send(200, json, JSON.stringify({ content: { id: 'x' }, totalElements: 1 })));
    if (hit?.kind === 'html') return drain(req, () => send(200, { 'Content-Type': 'text/html' }, '<html><body>Sign in to the guest Wi-Fi</body></html>'));

    const headers = { ...req.headers, host: upstream.host };
    delete headers['accept-encoding']; // bodies pass through as plain bytes, so they can be cut
    const forward = () => {
      const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
        const responseHeaders: http.OutgoingHttpHeaders = { ...answer.headers, date: new Date(now() + clockOffset).toUTCString() };
        entry.status = answer.statusCode ?? 502;
        const whole = !hit || hit.kind === 'latency';
        if (whole) {
          res.writeHead(entry.status, responseHeaders);
          const recording = options.record?.(path) ? { headers: answer.headers, body: '' } : null;
          if (recording) entry.recorded = recording;
          answer.on('data', (chunk: Buffer) => {
            entry.bytesOut += chunk.length;
            if (recording) recording.body += chunk.toString('utf8');
          });
          answer.pipe(res);
          return;
        }
        collect(answer, (body) => {
          const half = body.subarray(0, Math.max(1, Math.floor(body.length / 2)));
          if (hit.kind === 'bad-records') {
            const changed = spoilRecords(body);
            delete responseHeaders['content-length'];
            delete responseHeaders.etag;
            entry.bytesOut += changed.length;
            res.writeHead(entry.status!, responseHeaders);
            res.end(changed);
            return;
          }
          entry.bytesOut += half.length;
          if (hit.kind === 'short-body') {
            res.writeHead(entry.status!, { ...responseHeaders, 'content-length': String(body.length) });
            res.write(half, () => res.socket?.end());
            return;
          }
          delete responseHeaders['content-length'];
          res.writeHead(entry.status!, responseHeaders);
          if (hit.kind === 'truncate-body') res.end(half);
          else if (hit.kind === 'reset-mid-body') res.write(half, () => res.socket?.resetAndDestroy());
          else res.write(half); // stall-body: the client must give up by itself
        });
      });
      out.on('error', () => {
        if (!res.headersSent) send(502, json, errorBody(502, 'The proxy could not reach the server.', path));
        else res.destroy();
      });
      req.pipe(out);
    };
    if (hit?.kind === 'latency') setTimeout(forward, hit.delayMs ?? 2000);
    else forward();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  let isUp = true;

  return {
    url: `http://127.0.0.1:${port}`,
    log,
    injected,
    setFault(next) {
      fault = next ? { ...next, left: next.times ?? Number.POSITIVE_INFINITY } : null;
    },
    setClockOffset(ms) {
      clockOffset = ms;
    },
    async down() {
      if (!isUp) return;
      isUp = false;
      count('refused');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async up() {
      if (isUp) return;
      await listen();
      isUp = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (isUp) await new Promise<void>((resolve) => server.close(() => resolve()));
      isUp = false;
    },
  };
}

function drain(req: http.IncomingMessage, then: () => void): void {
  req.resume();
  req.on('end', then);
}

function collect(stream: http.IncomingMessage, then: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => then(Buffer.concat(chunks)));
}

/** Records of the wrong kind: one without an id, the others with fields of the wrong type. */
export function spoilRecords(body: Buffer): Buffer {
  let records: unknown;
  try {
    records = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  if (!Array.isArray(records) || records.length === 0) return Buffer.from('[{"name":"no id"}]');
  const spoiled = records.map((record, n) => {
    if (n === Math.floor(records.length / 2)) {
      const { id: _drop, ...rest } = record as Record<string, unknown>;
      return rest;
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record as Record<string, unknown>)) {
      out[key] = key === 'id' ? value : typeof value === 'string' ? { nested: [value] } : typeof value === 'number' ? String(value) : 12345;
    }
    return out;
  });
  return Buffer.from(JSON.stringify(spoiled));
}
