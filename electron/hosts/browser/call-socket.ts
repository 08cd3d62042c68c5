// Contract calls over one WebSocket (`/api/socket`): the same calls as POST /api/call/<method>,
// without a request's setup per call (a keystroke's search round trip is a few milliseconds
// shorter). A message is `{ id, method, args }`; the answer `{ id, result }`, result as over HTTP.
// The upgrade passes the same checks as every request: known Host, same-origin Origin (browsers
// always send one on a WebSocket handshake), the per-launch key (in the handshake's URL, `?k=`,
// as a browser cannot give a WebSocket handshake a header; browser-host.ts).
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Result } from '../../contract/errors.ts';
import { answerText } from '../sendable.ts';

export const SOCKET_PATH = '/api/socket';

export interface CallSocketOptions {
  /** Runs one call, exactly as POST /api/call/<method> would (never throws). */
  call(method: string, args: unknown): Promise<Result<unknown>>;
  maxPayload: number;
  /** Whether an upgrade request may open the socket (host, origin, secret). */
  allowed(req: http.IncomingMessage): boolean;
  /** Told when a socket failed while answering (it is then closed); never with the call's arguments. */
  onSendFailure?(error: unknown): void;
}

export interface CallSocket {
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

export function createCallSocket(options: CallSocketOptions): CallSocket {
  const server = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload, perMessageDeflate: false });

  server.on('connection', (ws: WebSocket) => {
    ws.on('message', (data, isBinary) => {
      answer(ws, isBinary ? null : data.toString()).catch((error: unknown) => {
        // The call itself never throws and the answer's text cannot fail: only the socket can.
        options.onSendFailure?.(error);
        ws.terminate();
      });
    });
  });

  async function answer(ws: WebSocket, text: string | null): Promise<void> {
    const message = parseMessage(text);
    if (!message) {
      send(ws, null, 'the socket', { ok: false, error: { code: 'invalid_argument', message: 'Send { id, method, args } as JSON text.' } });
      return;
    }
    const result = await options.call(message.method, message.args ?? {});
    send(ws, message.id, message.method, result);
  }

  function send(ws: WebSocket, id: number | null, method: string, result: unknown): void {
    if (ws.readyState !== ws.OPEN) return;
    // The result is serialised on its own, so that an answer that cannot be becomes a typed error
    // under the caller's own id.
    ws.send(`{"id":${JSON.stringify(id)},"result":${answerText(method, result)}}`);
  }

  return {
    handleUpgrade(req, socket, head) {
      if (new URL(req.url ?? '/', 'http://placeholder').pathname !== SOCKET_PATH || !options.allowed(req)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      server.handleUpgrade(req, socket, head, (ws) => server.emit('connection', ws, req));
    },
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}

function parseMessage(text: string | null): { id: number; method: string; args: unknown } | null {
  if (text === null) return null;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { id, method, args } = message as Record<string, unknown>;
  return typeof id === 'number' && typeof method === 'string' ? { id, method, args } : null;
}
