// The one client the app uses. Tests put their own in with `setClient` before mounting.
import type { AisleClient } from '@contract/client.ts';
import type { ContractError } from '@contract/errors.ts';
import { createAppClient } from './transport.ts';

let current: AisleClient | null = null;

export function useClient(): AisleClient {
  current ??= createAppClient();
  return current;
}

export function setClient(client: AisleClient): void {
  current = client;
}

/** A failed call, carried as an exception inside the renderer's own code. */
export class CallError extends Error {
  readonly error: ContractError;
  constructor(error: ContractError) {
    super(error.message);
    this.error = error;
  }
}
