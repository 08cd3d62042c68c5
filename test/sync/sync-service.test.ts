import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import type { SyncProgress, SyncStatus } from '../../electron/contract/types.ts';
import type { CoreContext } from '../../electron/core/context.ts';
import { createRequestLog } from '../../electron/core/api/request-log.ts';
import { silentLogger } from '../../electron/core/context.ts';
import { CoreEvents } from '../../electron/core/events.ts';
import { createMirrorManager, type MirrorManager } from '../../electron/core/mirror/mirror-manager.ts';
import { createMemorySettingsStore } from '../../electron/core/settings/settings-store.ts';
import { createSyncService, type SyncService } from '../../electron/core/sync/sync-service.ts';
import { recordSyncFailure } from '../../electron/core/sync/sync-failure.ts';
import { tempDir } from '../support/temp-dir.ts';
import { LISTS, serveOneAccountAndFacility, startFixtureServer, type FixtureServer } from './fixture-server.ts';
import { sessionStub } from './session-stub.ts';
import { noticeInEnglish } from '../../electron/contract/notices.ts';

let dir: ReturnType<typeof tempDir>;
let server: FixtureServer;
let ctx: CoreContext;
let mirrors: MirrorManager;
let sync: SyncService;
let session: ReturnType<typeof sessionStub>;

const items = (count: number, v = 0) => Array.from({ length: count }, (_, n) => ({ id: `item-${n}`, sku: `SKU-${n}`, description: `Thing ${n} v${v}` }));

function waitFor<T>(event: 'sync.status' | 'sync.progress', test: (payload: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const off = ctx.events.on(event, (payload) => {
      if (test(payload as T)) {
        off();
        resolve(payload as T);
      }
    });
  });
}
const roundEnded = () => waitFor<SyncStatus>('sync.status', (s) => !s.running && s.lastRoundFinishedAt !== null);

beforeEach(async () => {
  dir = tempDir();
  server = await startFixtureServer();
  serveOneAccountAndFacility(server);
  server.set(`${LISTS}/accounts/acc-1/items/query`, items(300));
  ctx = { deps: { host: 'cli', version: '0', dataDir: dir.path, settings: createMemorySettingsStore() }, events: new CoreEvents(), log: silentLogger, requests: createRequestLog() };
  session = sessionStub(ctx.events, server);
  mirrors = createMirrorManager(ctx, session.port);
  sync = createSyncService(ctx, { session: session.port, mirrors }, { retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 1000 } });
});
afterEach(async () => {
  await sync.close();
  await mirrors.close();
  await server.close();
  dir.remove();
});

describe('a sync that failed before reading any list', () => {
  it('is said by the status while it is newer than every list\'s last attempt, and only for its own identity', async () => {
    const ended = roundEnded();
    session.signIn();
    const first = await ended;
    expect(first.summary).toMatchObject({ state: 'up-to-date', failedBefore: null });
    const at = new Date(Date.now() + 60_000).toISOString();
    recordSyncFailure(dir.path, { at, code: 'wrong_credentials', message: 'The e-mail or password is wrong.', server: server.url, email: 'ann@example.com' });
    const said = sync.handlers['sync.status'](undefined as never) as SyncStatus;
    expect(said.summary).toMatchObject({ state: 'failed', failedBefore: { code: 'wrong_credentials', at } });
    // another person's failed sync is not this workstation user's
    recordSyncFailure(dir.path, { at, code: 'wrong_credentials', message: 'x', server: server.url, email: 'bob@example.com' });
    expect((sync.handlers['sync.status'](undefined as never) as SyncStatus).summary.failedBefore).toBeNull();
    // older than the lists' last attempts: a round has spoken since
    recordSyncFailure(dir.path, { at: '2000-01-01T00:00:00.000Z', code: 'offline', message: 'x', server: server.url, email: 'ann@example.com' });
    expect((sync.handlers['sync.status'](undefined as never) as SyncStatus).summary.state).toBe('up-to-date');
  });
});

describe('the sync service', () => {
  it('syncs in its worker after sign-in, reports progress and status, and dates every dataset', async () => {
    const progress: SyncProgress[] = [];
    ctx.events.on('sync.progress', (p) => progress.push(p));
    const ended = roundEnded();
    session.signIn();
    const status = await ended;
    const mirror = mirrors.current()!;
    expect(statSync(mirror.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(dir.path, 'mirrors'))).toContain(path.basename(mirror.path));
    expect(mirror.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(300);
    const itemsStatus = status.datasets.find((d) => d.key === 'items@account:acc-1')!;
    expect(itemsStatus).toMatchObject({ list: 'items', rows: 300, stale: false, lastError: null, held: null, syncing: false, scope: { kind: 'account', id: 'acc-1', name: 'Acme' } });
    expect(progress.filter((p) => p.key === 'items@account:acc-1').map((p) => p.phase)).toEqual(expect.arrayContaining(['queued', 'downloading', 'applying', 'done']));
    expect(status.nextRoundAt).not.toBeNull();
    expect(sync.handlers['sync.status'](undefined as never)).toMatchObject({ running: false });
  });

  it('a list the server does not offer is not asked for by the rounds that follow, and is by Sync now', async () => {
    const hazmat = `${LISTS}/hazmat/query`;
    const asked = () => server.requests.filter((r) => r.path === hazmat).length;
    server.fault(hazmat, 'not_found', 10);
    const first = roundEnded();
    session.signIn();
    const status = await first;
    expect(status.datasets.find((d) => d.key === 'hazmat')!.lastError).toEqual({ code: 'not_found', message: expect.stringMatching(/^Hazmat: not offered by this server \(GET \S+ answered 404: No such list here\)/) });
    expect(asked()).toBe(1);
    const again = roundEnded();
    ctx.events.emit('connectivity.changed', { state: 'online', since: new Date().toISOString(), lastCheckedAt: null });
    await again;
    expect(asked()).toBe(1);
    const now = roundEnded();
    expect(sync.handlers['sync.now'](undefined as never)).toEqual({ started: true });
    await now;
    expect(asked()).toBe(2);
  });

  it('runs at most one round at a time, on demand and when connectivity returns', async () => {
    const first = roundEnded();
    session.signIn();
    await first;
    server.set(`${LISTS}/accounts/acc-1/items/query`, items(300, 1));
    server.fault(`${LISTS}/accounts/acc-1/items/query`, 'slow');
    const second = roundEnded();
    expect(sync.handlers['sync.now'](undefined as never)).toEqual({ started: true });
    expect(sync.handlers['sync.now'](undefined as never)).toEqual({ started: false });
    ctx.events.emit('connectivity.changed', { state: 'online', since: new Date().toISOString(), lastCheckedAt: null });
    await second;
    expect(mirrors.current()!.db.prepare(`SELECT count(*) FROM items WHERE description LIKE '% v1'`).pluck().get()).toBe(300);
    const third = roundEnded();
    ctx.events.emit('connectivity.changed', { state: 'online', since: new Date().toISOString(), lastCheckedAt: null });
    const status = await third;
    expect(status.datasets.every((d) => d.lastError === null)).toBe(true);
    expect(server.requests.filter((r) => r.status === 304).length).toBeGreaterThan(0);
  });

  it('tells the session at once when a download cannot reach the server, so offline shows without waiting for the next ping', async () => {
    const first = roundEnded();
    session.signIn();
    await first;
    expect(session.unreachable()).toBe(0);
    server.fault('*', 'drop', 1000);
    const failed = roundEnded();
    sync.handlers['sync.now'](undefined as never);
    const status = await failed;
    expect(status.datasets.some((d) => d.lastError?.code === 'offline')).toBe(true);
    expect(session.unreachable()).toBeGreaterThan(0);
  });

  it('a session back from expired catches up at once; connectivity starts nothing when automatic sync is off', async () => {
    const first = roundEnded();
    session.signIn();
    await first;
    const requestsAfterFirst = server.requests.length;
    session.setState('expired');
    expect(sync.handlers['sync.status'](undefined as never)).toMatchObject({ running: false });
    expect(server.requests.length).toBe(requestsAfterFirst);
    const caughtUp = roundEnded();
    session.setState('signed-in');
    await caughtUp;
    expect(server.requests.length).toBeGreaterThan(requestsAfterFirst);

    await sync.close();
    sync = createSyncService(ctx, { session: session.port, mirrors }, { automatic: false });
    const before = server.requests.length;
    ctx.events.emit('connectivity.changed', { state: 'online', since: new Date().toISOString(), lastCheckedAt: null });
    session.setState('expired');
    session.setState('signed-in');
    expect(sync.handlers['sync.status'](undefined as never)).toMatchObject({ running: false });
    expect(server.requests.length).toBe(before);
    const manual = roundEnded();
    expect(sync.handlers['sync.now'](undefined as never)).toEqual({ started: true });
    await manual;
    expect(server.requests.length).toBeGreaterThan(before);
  });

  it('a trigger during a round runs one more round right after it, never two at once', async () => {
    const first = roundEnded();
    session.signIn();
    await first;
    const path = `${LISTS}/accounts/acc-1/items/query`;
    server.set(path, items(300, 2));
    server.fault(path, 'slow');
    let running = 0;
    let overlap = false;
    ctx.events.on('sync.progress', (p) => {
      if (p.key === 'accounts' && p.phase === 'queued') overlap ||= ++running > 1;
      if (p.key === 'items@account:acc-1' && (p.phase === 'done' || p.phase === 'unchanged')) running--;
    });
    const ended = roundEnded();
    expect(sync.handlers['sync.now'](undefined as never)).toEqual({ started: true });
    ctx.events.emit('connectivity.changed', { state: 'online', since: new Date().toISOString(), lastCheckedAt: null });
    ctx.events.emit('connectivity.changed', { state: 'online', since: new Date().toISOString(), lastCheckedAt: null });
    await ended;
    const before = server.requests.length;
    await roundEnded();
    expect(server.requests.length).toBeGreaterThan(before);
    expect(server.requests.slice(before).every((r) => r.status === 304)).toBe(true);
    expect(overlap).toBe(false);
  });

  it('saved settings apply at once: a changed choice of lists syncs now, a shorter interval brings the next round forward', async () => {
    const first = roundEnded();
    session.signIn();
    const synced = await first;
    expect(synced.datasets.map((d) => d.list)).toContain('carriers');
    const settings = ctx.deps.settings;
    const save = (patch: Parameters<typeof settings.set>[0]) => sync.settingsChanged(settings.get(), settings.set(patch));

    const requests = server.requests.length;
    const sent = waitFor<SyncStatus>('sync.status', () => true);
    save({ theme: 'dark' });
    expect((await sent).running).toBe(false);
    expect(server.requests.length).toBe(requests);

    const nextAt = () => Date.parse((sync.handlers['sync.status'](undefined as never) as SyncStatus).nextRoundAt!) - Date.now();
    expect(nextAt()).toBeGreaterThan(2 * 60_000);
    save({ syncIntervalMinutes: 1 });
    expect(nextAt()).toBeLessThanOrEqual(60_000 * 1.2);
    save({ syncIntervalMinutes: 60 });
    expect(nextAt()).toBeLessThanOrEqual(60_000 * 1.2);

    const dropped = roundEnded();
    save({ offlineLists: ['items'] });
    const status = await dropped;
    expect(status.datasets.map((d) => d.list)).not.toContain('carriers');
    expect(status.datasets.map((d) => d.list)).toContain('items');
    expect(mirrors.current()!.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(300);
  });

  it('tells the user in its status of an account the server stops listing, and of its datasets removed a round later', async () => {
    server.set(`${LISTS}/accounts/query`, [{ id: 'acc-1', accountid: 'ACME', name: 'Acme' }, { id: 'acc-2', accountid: 'GLOBEX', name: 'Globex' }]);
    server.set(`${LISTS}/accounts/acc-2/items/query`, items(3));
    const first = roundEnded();
    session.signIn();
    expect((await first).notices).toEqual([]);
    server.set(`${LISTS}/accounts/query`, [{ id: 'acc-1', accountid: 'ACME', name: 'Acme' }]);
    const gone = roundEnded();
    sync.handlers['sync.now'](undefined as never);
    const status = await gone;
    expect(status.notices!.map(noticeInEnglish)).toEqual([expect.stringMatching(/^Account Globex is no longer on the server's list: its carriers, channels, customers and items stay on this workstation/)]);
    expect(status.datasets.find((d) => d.key === 'items@account:acc-2')).toMatchObject({ rows: 3, lastError: { code: 'not_found' } });
    const removed = roundEnded();
    sync.handlers['sync.now'](undefined as never);
    const after = await removed;
    expect(after.notices!.map(noticeInEnglish)).toEqual(['Account Globex is gone from the server: its carriers, channels, customers and items were removed from this workstation.']);
    expect(after.datasets.some((d) => d.scope.id === 'acc-2')).toBe(false);
  });

  it('caps each answer by the settings: past datasetCapMinRows a list that held few rows stops, with the reason', async () => {
    server.set(`${LISTS}/accounts/acc-1/items/query`, items(5));
    ctx.deps.settings.set({ datasetCapMinRows: 100 });
    const first = roundEnded();
    session.signIn();
    expect((await first).datasets.find((d) => d.key === 'items@account:acc-1')).toMatchObject({ rows: 5, lastError: null });
    server.set(`${LISTS}/accounts/acc-1/items/query`, items(300));
    const capped = roundEnded();
    sync.handlers['sync.now'](undefined as never);
    const items300 = (await capped).datasets.find((d) => d.key === 'items@account:acc-1');
    expect(items300).toMatchObject({ rows: 5, lastError: { code: 'bad_response' } });
    expect(items300?.lastError?.message).toMatch(/^Items of Acme: the server sent more than 100 records \(the cap: 10 times the 5 kept, at least 100\)/);
  });

  it('holds a catalog that shrinks past the setting shrinkHoldPercent with no total; a larger setting lets it apply', async () => {
    const first = roundEnded();
    session.signIn();
    await first;
    server.set(`${LISTS}/accounts/acc-1/items/query`, items(250));
    const held = roundEnded();
    sync.handlers['sync.now'](undefined as never);
    expect((await held).datasets.find((d) => d.key === 'items@account:acc-1')?.held).toMatchObject({ currentRows: 300, incomingRows: 250, wouldDelete: 50 });
    // a held answer the server answers again unchanged stays held: the next one is another
    ctx.deps.settings.set({ shrinkHoldPercent: 20 });
    server.set(`${LISTS}/accounts/acc-1/items/query`, items(260));
    const applied = roundEnded();
    sync.handlers['sync.now'](undefined as never);
    expect((await applied).datasets.find((d) => d.key === 'items@account:acc-1')).toMatchObject({ rows: 260, held: null });
  });

  it('holds a mass deletion until the user confirms it; discarding keeps the data', async () => {
    const first = roundEnded();
    session.signIn();
    await first;
    server.set(`${LISTS}/accounts/acc-1/items/query`, items(20));
    const held = roundEnded();
    sync.handlers['sync.now'](undefined as never);
    const status = await held;
    expect(status.datasets.find((d) => d.key === 'items@account:acc-1')?.held).toMatchObject({ currentRows: 300, incomingRows: 20, wouldDelete: 280 });
    const discarded = await sync.handlers['sync.discardHeld']({ key: 'items@account:acc-1' });
    expect(discarded).toMatchObject({ held: null, rows: 300 });
    await expect(sync.handlers['sync.confirmHeld']({ key: 'items@account:acc-1' })).rejects.toMatchObject({
      code: 'conflict',
      message: 'Dataset items@account:acc-1 (Items) is not held.',
      notice: { code: 'dataset_not_held', key: 'items@account:acc-1', list: { list: 'items', label: 'Items' } },
    });
    const again = roundEnded();
    sync.handlers['sync.now'](undefined as never);
    await again;
    const confirmed = await sync.handlers['sync.confirmHeld']({ key: 'items@account:acc-1' });
    expect(confirmed).toMatchObject({ held: null, rows: 20 });
    expect(mirrors.current()!.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(20);
  });

  it('a list whose server renamed its SKU field fails in words until IT has its fields learned again (fields.relearn)', async () => {
    const first = roundEnded();
    session.signIn();
    await first;
    server.set(`${LISTS}/accounts/acc-1/items/query`, items(300).map(({ sku, ...rest }) => ({ ...rest, itemNumber: sku })));
    const failed = roundEnded();
    sync.handlers['sync.now'](undefined as never);
    const itemsOf = (status: SyncStatus) => status.datasets.find((d) => d.key === 'items@account:acc-1')!;
    expect(itemsOf(await failed).lastError?.message).toMatch(/^Items of Acme: the field `sku` that Aisle reads as the SKU is missing since .*; the records now carry `itemNumber`\./);
    const skuOf = (id: string) => mirrors.current()!.db.prepare('SELECT sku FROM items WHERE id = ?').pluck().get(id);
    expect(skuOf('item-5')).toBe('SKU-5');

    await expect(sync.handlers['fields.relearn']({ list: 'itemz' })).rejects.toMatchObject({ code: 'not_found' });
    const learned = waitFor<SyncStatus>('sync.status', (s) => !s.running && itemsOf(s).lastError === null);
    expect(await sync.handlers['fields.relearn']({ list: 'items' })).toEqual({ started: true });
    expect(itemsOf(await learned)).toMatchObject({ rows: 300, lastError: null });
    // the answer with the new name applied, its SKU read from it
    expect(mirrors.current()!.db.prepare('SELECT raw FROM items WHERE id = ?').pluck().get('item-5')).toContain('"itemNumber":"SKU-5"');
    expect(skuOf('item-5')).toBe('SKU-5');
  });

  it("signing in as someone else opens another file, without the last user's round times; signing out closes the mirror", async () => {
    const first = roundEnded();
    session.signIn('ann@example.com');
    await first;
    const annPath = mirrors.current()!.path;
    session.signOut();
    expect(mirrors.current()).toBeNull();
    expect(sync.handlers['sync.status'](undefined as never)).toMatchObject({ lastRoundStartedAt: null, lastRoundFinishedAt: null, notices: [] });
    expect(() => sync.handlers['sync.now'](undefined as never)).toThrow(expect.objectContaining({ code: 'not_signed_in' }));
    session.signIn('bob@example.com');
    expect(mirrors.current()!.path).not.toBe(annPath);
    expect(mirrors.current()!.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(0);
    expect(sync.handlers['sync.status'](undefined as never)).toMatchObject({ lastRoundFinishedAt: null });
    await roundEnded();
  });

  it('gives a round the session token with its task: asked once; none (expired) fails each dataset in words, with no request sent', async () => {
    await sync.close();
    sync = createSyncService(ctx, { session: session.port, mirrors }, { automatic: false });
    const given = session.port.accessToken;
    let asked = 0;
    session.port.accessToken = () => (asked++, given());
    session.signIn();
    const round = await sync.runRound();
    expect(round.datasets.every((d) => d.outcome === 'applied')).toBe(true);
    expect(asked).toBe(1);

    const before = server.requests.length;
    session.port.accessToken = () => Promise.reject(new AisleError('session_expired', 'The session has expired; sign in again.'));
    const expired = await sync.runRound();
    expect(expired.datasets.map((d) => d.error?.code)).toEqual(expired.datasets.map(() => 'session_expired'));
    expect(expired.datasets[0].error?.message).toContain('The session has expired');
    expect(server.requests.length).toBe(before);
  });

  it('a sign-out while the round waits for its token starts no round on the closed mirror', async () => {
    await sync.close();
    sync = createSyncService(ctx, { session: session.port, mirrors }, { automatic: false });
    let giveToken: (token: string) => void = () => undefined;
    session.port.accessToken = () => new Promise((resolve) => (giveToken = resolve));
    session.signIn();
    const round = sync.runRound();
    session.signOut();
    giveToken('t1');
    await expect(round).rejects.toMatchObject({ code: 'not_signed_in' });
    expect(server.requests).toEqual([]);
  });
});
