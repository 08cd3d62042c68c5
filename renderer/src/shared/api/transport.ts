// Picks the transport: Electron's preload bridge when present, else the browser host's HTTP.
import { createClient, type AisleClient, type Transport } from '@contract/client.ts';
import type { Result } from '@contract/errors.ts';

declare global {
  interface Window {
    aisle?: Transport;
  }
}

const NOT_ANSWERING: Result<unknown> = { ok: false, error: { code: 'internal', message: 'The app host is not answering.' } };
/** After a socket failed to open or closed, calls go over HTTP this long before it is tried again. */
const SOCKET_RETRY_MS = 5000;

/**
 * The browser host's per-launch key, from the page's own address (`/?k=<key>`, as printed). It is
 * never kept in a cookie: cookies ignore ports, and another listener on 127.0.0.1 would get it.
 */
function pageKey(): string {
  return typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('k') ?? '');
}

/**
 * The browser host's transport. Calls go over its WebSocket when that is open (no request setup
 * per call: a search keystroke's round trip is shorter), else as POST /api/call/<method>; events
 * come as server-sent events.
 */
export function httpTransport(base = '', key = pageKey()): Transport {
  let source: EventSource | null = null;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: WebSocket | null = null;
  let socketTriedAt = -Infinity;
  let nextId = 1;
  const waiting = new Map<number, (result: Result<unknown>) => void>();

  function ensureSource(): EventSource {
    if (source) return source;
    source = new EventSource(`${base}/api/events?k=${encodeURIComponent(key)}`);
    return source;
  }

  function ensureSocket(): void {
    if (socket || typeof WebSocket === 'undefined' || performance.now() - socketTriedAt < SOCKET_RETRY_MS) return;
    socketTriedAt = performance.now();
    const url = new URL(`${base}/api/socket?k=${encodeURIComponent(key)}`, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    ws.onmessage = (message) => {
      const { id, result } = JSON.parse(message.data as string) as { id: number; result: Result<unknown> };
      waiting.get(id)?.(result);
      waiting.delete(id);
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      socketTriedAt = performance.now();
      // Calls sent on it get no answer now; whether main ran them is unknown, as with a lost request.
      for (const settle of waiting.values()) settle(NOT_ANSWERING);
      waiting.clear();
    };
  }

  async function post(method: string, args: unknown): Promise<Result<unknown>> {
    try {
      const response = await fetch(`${base}/api/call/${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Aisle-Key': key },
        body: JSON.stringify(args ?? {}),
        credentials: 'same-origin',
      });
      return (await response.json()) as Result<unknown>;
    } catch {
      return NOT_ANSWERING;
    }
  }

  return {
    invoke(method, args) {
      const ws = socket;
      if (!ws || ws.readyState !== ws.OPEN) {
        ensureSocket();
        return post(method, args);
      }
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ id, method, args: args ?? {} }));
      });
    },
    on(event, listener) {
      const es = ensureSource();
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
        es.addEventListener(event, (message) => {
          const payload = JSON.parse((message as MessageEvent<string>).data) as unknown;
          for (const l of listeners.get(event) ?? []) l(payload);
        });
      }
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

export function createAppClient(): AisleClient {
  return createClient(window.aisle ?? httpTransport());
}
