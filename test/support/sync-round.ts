// One sync round of a core, as the app's Sync now runs it: resolves once the round has finished.
import type { NodeCore } from '../../electron/hosts/node-core.ts';

export async function syncRound(core: NodeCore): Promise<void> {
  const ended = new Promise<void>((resolve) => {
    const off = core.events.on('sync.status', (s) => {
      if (!s.running && s.lastRoundFinishedAt !== null) {
        off();
        resolve();
      }
    });
  });
  if (!(await core.handlers['sync.now']({})).started) throw new Error('the core did not start its round: one was already running');
  await ended;
}
