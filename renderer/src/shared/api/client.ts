// The one client the app uses: main.ts puts in the app's (transport.ts), a test its own, before mounting.
import type { AisleClient } from '@contract/client.ts';

let current: AisleClient | null = null;

export function useClient(): AisleClient {
  if (!current) throw new Error('No client to call the core with: main.ts sets one before mounting the app.');
  return current;
}

export function setClient(client: AisleClient): void {
  current = client;
}
