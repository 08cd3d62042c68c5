// A core as the browser host builds it, over a temp data folder and a small demo server of its own,
// with a way to wait for its events. Everything it starts is handed to `cleanup`, newest last.
import type { EventName, Events } from '../../electron/contract/events.ts';
import { startDemoServer, type DemoServerOptions } from '../../electron/demo/index.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { tempDir } from './temp-dir.ts';

export async function demoCore(cleanup: (() => Promise<void> | void)[], demo: DemoServerOptions = {}) {
  const server = await startDemoServer({ port: 0, items: 300, accounts: 1, facilities: 1, rateLimit: 0, ...demo });
  cleanup.push(() => server.close());
  const dir = tempDir();
  cleanup.push(() => dir.remove());
  const core = createNodeCore({ host: 'browser', dataDir: dir.path, overrides: { startDemoServer: async () => ({ url: server.url }) } });
  cleanup.push(() => core.close());
  /** Resolves with the first `event` (from now on) that satisfies `match`. */
  const next = <E extends EventName>(event: E, match: (payload: Events[E]) => boolean) =>
    new Promise<Events[E]>((resolve) => {
      const off = core.events.on(event, (payload) => {
        if (match(payload)) {
          off();
          resolve(payload);
        }
      });
    });
  /** The first sync round after sign-in has finished. */
  const firstRound = () => next('sync.status', (s) => !s.running && s.lastRoundFinishedAt !== null);
  return { server, core, dir, next, firstRound };
}
