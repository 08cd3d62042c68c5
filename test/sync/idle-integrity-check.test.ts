// The mirror looks after itself: once idle after it opens or after a round, at most once a day, the
// sync worker reads the whole file. A clean file is marked checked; pages garbled on disk after a
// clean exit, which no query has met, are found, the file set aside and said in words, and a round
// fills a fresh one. A real demo server, real mirror files, the real worker.
import { openSync, readdirSync, statSync, utimesSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import type { SyncStatus } from '../../electron/contract/types.ts';
import type { Logger } from '../../electron/core/index.ts';
import { checkDue, checkedMarker } from '../../electron/core/sync/idle-check.ts';
import { DEMO_PASSWORD, startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { createNodeCore, type NodeCore } from '../../electron/hosts/node-core.ts';
import { tempDir } from '../support/temp-dir.ts';

/** A log that resolves a wait when a message is written. */
function waitingLog() {
  const messages: string[] = [];
  const waiters: { message: string; resolve(): void }[] = [];
  const at = (message: string) => {
    messages.push(message);
    for (const w of waiters.filter((w) => w.message === message)) w.resolve();
  };
  const log: Logger = { info: at, warn: at, error: at };
  const next = (message: string) => new Promise<void>((resolve) => waiters.push({ message, resolve }));
  return { log, messages, next };
}

describe('the idle integrity check', () => {
  const dir = tempDir('aisle-idle-check-');
  const dataDir = path.join(dir.path, 'data');
  let demo: DemoServer;
  let core: NodeCore | null = null;
  beforeAll(async () => {
    demo = await startDemoServer({ seed: 8, items: 2000, facilities: 1, accounts: 1, historyDays: 30, rateLimit: 0 });
  });
  afterAll(async () => {
    await core?.close();
    await demo?.close();
    dir.remove();
  });

  const open = (log: Logger) => createNodeCore({ host: 'browser', dataDir, overrides: { autoSync: false, idleCheckMs: 20, log } });
  const signIn = async (c: NodeCore) => expect((await dispatch(c.handlers, 'session.signIn', { server: demo.url, email: 'solo@example.com', password: DEMO_PASSWORD, rememberMe: false })).ok).toBe(true);
  const round = async (c: NodeCore) => {
    const before = ((await dispatch(c.handlers, 'sync.status', {})) as { ok: true; value: SyncStatus }).value.lastRoundFinishedAt;
    const over = new Promise<void>((resolve) => {
      const off = c.events.on('sync.status', (s) => {
        if (!s.running && s.lastRoundFinishedAt !== before) {
          off();
          resolve();
        }
      });
    });
    await dispatch(c.handlers, 'sync.now', {});
    await over;
  };
  const mirrorFile = () => path.join(dataDir, 'mirrors', readdirSync(path.join(dataDir, 'mirrors')).find((f) => /^[0-9a-f]{32}\.sqlite$/.test(f))!);

  it('marks a clean file checked, and does not check it again within the day', async () => {
    const first = waitingLog();
    core = open(first.log);
    const passed = first.next('mirror: integrity check passed');
    await signIn(core);
    await round(core);
    await passed;
    const file = mirrorFile();
    expect(statSync(checkedMarker(file)).isFile()).toBe(true);
    expect(checkDue(file, Date.now())).toBe(false);
    expect(checkDue(file, Date.now() + 24 * 60 * 60_000)).toBe(true);
    await core.close();
    core = null;
  });

  it('finds pages garbled after a clean exit, sets the file aside in words, and a round fills a fresh one', async () => {
    const file = mirrorFile();
    // a day later, and meanwhile the disk garbled pages near the end of the file (history, indexes)
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    utimesSync(checkedMarker(file), dayAgo, dayAgo);
    const pages = Math.floor(statSync(file).size / 4096);
    const fd = openSync(file, 'r+');
    for (let n = 0; n < 8; n++) writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, (pages - 2 - n * 3) * 4096);
    closeSync(fd);

    const second = waitingLog();
    core = open(second.log);
    const found = second.next('mirror: the integrity check found damage');
    await signIn(core);
    await found;
    expect(second.messages).toContain('mirror: the offline data file was damaged; moved aside, syncing afresh');
    expect(readdirSync(path.join(dataDir, 'mirrors')).some((f) => f.includes('.damaged-'))).toBe(true);
    expect(checkDue(file, Date.now()), 'the fresh file is due a check of its own').toBe(true);
    const status = (await dispatch(core.handlers, 'sync.status', {})) as { ok: true; value: SyncStatus };
    expect(status.value.notice).toMatchObject({ code: 'mirror_damaged' });
    await round(core);
    const hits = await dispatch(core.handlers, 'search.query', { q: 'a', limit: 5 });
    expect(hits.ok && (hits.value as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
  });
});
