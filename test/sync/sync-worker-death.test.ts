// A sync worker that dies in the middle of a round (its thread ended after it began writing): the
// round fails in words, the death is logged, the mirror keeps its last good data and opens clean,
// and the next round starts a new worker and completes. A real demo server and mirror file.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import type { SyncStatus } from '../../electron/contract/types.ts';
import { DEMO_PASSWORD, startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { createNodeCore, type NodeCore } from '../../electron/hosts/node-core.ts';
import { logEntries } from '../support/read-logs.ts';
import { tempDir } from '../support/temp-dir.ts';

const DYING_WORKER = new URL('../support/dying-sync-worker.ts', import.meta.url);

describe('a sync worker that dies mid-round', () => {
  const dir = tempDir('aisle-worker-death-');
  const marker = path.join(dir.path, 'die-once');
  let demo: DemoServer;
  let core: NodeCore;
  beforeAll(async () => {
    process.env.AISLE_TEST_DIE_MARKER = marker;
    demo = await startDemoServer({ seed: 6, items: 300, facilities: 1, accounts: 1, historyDays: 2, rateLimit: 0 });
    core = createNodeCore({ host: 'browser', dataDir: path.join(dir.path, 'data'), overrides: { autoSync: false, syncWorkerUrl: DYING_WORKER } });
  });
  afterAll(async () => {
    delete process.env.AISLE_TEST_DIE_MARKER;
    await core?.close();
    await demo?.close();
    dir.remove();
  });

  const status = async () => ((await dispatch(core.handlers, 'sync.status', {})) as { ok: true; value: SyncStatus }).value;
  const itemsFound = async () => {
    const answer = await dispatch(core.handlers, 'search.query', { q: 'a', limit: 5 });
    return answer.ok ? (answer.value as { hits: unknown[] }).hits.length : -1;
  };
  const round = async () => {
    const before = (await status()).lastRoundFinishedAt;
    const over = new Promise<void>((resolve) => {
      const off = core.events.on('sync.status', (s) => {
        if (!s.running && s.lastRoundFinishedAt !== before) {
          off();
          resolve();
        }
      });
    });
    await dispatch(core.handlers, 'sync.now', {});
    await over;
  };

  it('fails the round in words, logs it, keeps the mirror whole, and the next round starts a new worker', async () => {
    expect((await dispatch(core.handlers, 'session.signIn', { server: demo.url, email: 'solo@example.com', password: DEMO_PASSWORD, rememberMe: false })).ok).toBe(true);
    await round();
    const found = await itemsFound();
    expect(found).toBeGreaterThan(0);

    writeFileSync(marker, '');
    await round();
    const logged = logEntries(path.join(dir.path, 'data'));
    expect(logged.filter((e) => e.message === 'sync: the worker stopped in the middle of a round; its writes were rolled back, the next round starts a new worker')).toMatchObject([{ level: 'error', exitCode: 70, tasks: 1 }]);
    expect(logged.filter((e) => e.message === 'sync: round failed').at(-1)).toMatchObject({ level: 'warn', code: 'internal', error: 'The sync worker stopped (exit 70).' });
    // the last good data still answers, from a mirror that opens clean
    expect(await itemsFound()).toBe(found);
    const integrity = await dispatch(core.handlers, 'sync.status', {});
    expect(integrity.ok).toBe(true);

    await round();
    const after = await status();
    expect(after.datasets.length).toBeGreaterThan(0);
    expect(after.datasets.filter((d) => d.lastError !== null)).toEqual([]);
    expect(logEntries(path.join(dir.path, 'data')).filter((e) => e.message === 'sync: round finished').at(-1)).toMatchObject({ failed: 0 });
  });
});
