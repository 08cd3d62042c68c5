// Sync rounds, their schedule and their progress. (Issue 5 replaces this placeholder.)
import { AisleError } from '../../contract/errors.ts';
import type { Handlers } from '../../contract/dispatch.ts';
import type { CoreContext } from '../core.ts';
import type { MirrorManager } from '../mirror/mirror-manager.ts';
import type { SessionPort } from '../ports.ts';

export type SyncHandlers = Pick<Handlers, 'sync.status' | 'sync.now' | 'sync.confirmHeld' | 'sync.discardHeld'>;

export interface SyncService {
  readonly handlers: SyncHandlers;
  close(): Promise<void>;
}

export function createSyncService(_ctx: CoreContext, _parts: { session: SessionPort; mirrors: MirrorManager }): SyncService {
  const notYet = () => {
    throw new AisleError('not_implemented', 'Sync is not available yet.');
  };
  return {
    handlers: {
      'sync.status': () => ({ running: false, lastRoundStartedAt: null, lastRoundFinishedAt: null, nextRoundAt: null, datasets: [] }),
      'sync.now': notYet,
      'sync.confirmHeld': notYet,
      'sync.discardHeld': notYet,
    },
    async close() {},
  };
}
