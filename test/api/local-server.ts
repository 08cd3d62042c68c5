// A tiny real HTTP server on 127.0.0.1 whose answers a test scripts, for the faults the demo server
// does not produce (garbage bodies, 5xx, stalls).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback } from '../support/loopback.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface LocalServer {
  url: string;
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

export async function localServer(handler: Handler): Promise<LocalServer> {
  const requests: LocalServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  return {
    url: await listenOnLoopback(server),
    requests,
    close: () => closeServer(server),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** A free port nothing listens on (for "server down"). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const url = await listenOnLoopback(server);
  await closeServer(server);
  return url;
}

/** An unsigned JWT-shaped token with the given payload (enough for token capture). */
export function fakeJwt(payload: Record<string, unknown> = {}): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'x', exp: Math.floor(Date.now() / 1000) + 900, ...payload })}.c2ln`;
}

/** Reads a streamed body to its end; resolves to the parsed JSON. */
export async function readJson(body: NodeJS.ReadableStream): Promise<unknown> {
  let text = '';
  for await (const chunk of body) text += chunk.toString();
  return JSON.parse(text);
}
