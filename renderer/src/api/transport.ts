// Picks the transport: Electron's preload bridge when present, else the browser host's HTTP.
import { createClient, type AisleClient, type Transport } from '../../../electron/contract/client.ts';
import type { Result } from '../../../electron/contract/errors.ts';

declare global {
  interface Window {
    aisle?: Transport;
  }
}

export function httpTransport(base = ''): Transport {
  let source: EventSource | null = null;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  function ensureSource(): EventSource {
    if (source) return source;
    source = new EventSource(`${base}/api/events`);
    return source;
  }

  return {
    async invoke(method, args) {
      try {
        const response = await fetch(`${base}/api/call/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(args ?? {}),
          credentials: 'same-origin',
        });
        return (await response.json()) as Result<unknown>;
      } catch {
        return { ok: false, error: { code: 'internal', message: 'The app host is not answering.' } };
      }
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
