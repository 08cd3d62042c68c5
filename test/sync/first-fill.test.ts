// A mirror's first sync writes the file once, without the WAL, while lookups read an empty stand-in
// (db/first-fill.ts); every later round writes as usual.
import { closeSync, existsSync, openSync, readSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncProgress, SyncStatus } from '../../electron/contract/types.ts';
import type { CoreContext } from '../../electron/core/context.ts';
import { createRequestLog } from '../../electron/core/api/request-log.ts';
import { silentLogger } from '../../electron/core/context.ts';
import { CoreEvents } from '../../electron/core/events.ts';
import { firstFillMarkerPath } from '../../electron/core/db/first-fill.ts';
import { createMirrorManager, type MirrorManager } from '../../electron/core/mirror/mirror-manager.ts';
import { viewSchema } from '../../electron/contract/methods.ts';
import { exportCsvFile } from '../../electron/core/lookup/export-csv.ts';
import { createMemorySettingsStore } from '../../electron/core/settings/settings-store.ts';
import { createSyncService, type SyncService } from '../../electron/core/sync/sync-service.ts';
import { tempDir } from '../support/temp-dir.ts';
import { LISTS, serveOneAccountAndFacility, startFixtureServer, type FixtureServer } from './fixture-server.ts';
import { sessionStub } from './session-stub.ts';

let dir: ReturnType<typeof tempDir>;
let server: FixtureServer;
let ctx: CoreContext;
let mirrors: MirrorManager;
let sync: SyncService;
let session: ReturnType<typeof sessionStub>;

const ITEMS = `${LISTS}/accounts/acc-1/items/query`;
const items = (count: number, v = 0) => Array.from({ length: count }, (_, n) => ({ id: `item-${n}`, sku: `SKU-${n}`, description: `Thing ${n} v${v}` }));

/** Byte 18 of a database file's header: 1 while it uses a rollback journal, 2 in WAL mode. */
function headerJournal(file: string): number {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(20);
    readSync(fd, header, 0, 20, 0);
    return header[18];
  } finally {
    closeSync(fd);
  }
}

/** What the file and the lookups' connection are when the first of the round's datasets is done. */
function seenMidRound(): Promise<{ marker: boolean; journal: number; lookupsInMemory: boolean; lookupItems: number; statusSaysDone: boolean; exported: number }> {
  return new Promise((resolve) => {
    const off = ctx.events.on('sync.progress', async (p: SyncProgress) => {
      if (p.phase !== 'done') return;
      off();
      const open = mirrors.current()!;
      const seen = {
        marker: existsSync(firstFillMarkerPath(open.path)),
        journal: headerJournal(open.path),
        lookupsInMemory: open.db.memory,
        lookupItems: open.db.prepare('SELECT count(*) FROM items').pluck().get() as number,
        // the status says the dataset read, from the file or, during a fill, from the round's progress
        statusSaysDone: (sync.handlers['sync.status'](undefined as never) as SyncStatus).datasets.some((d) => d.key === p.key && d.lastSuccessAt !== null && !d.syncing),
      };
      // an export of the items asked now: what the lookups read, nothing yet during a fill
      const exported = await exportCsvFile(open.db, viewSchema.parse({ list: 'items', scopeId: null, sort: [], columns: ['sku'] }), dir.path);
      resolve({ ...seen, exported: exported.rows });
    });
  });
}

beforeEach(async () => {
  dir = tempDir();
  server = await startFixtureServer();
  serveOneAccountAndFacility(server);
  server.set(ITEMS, items(300));
  ctx = { deps: { host: 'cli', version: '0', dataDir: dir.path, settings: createMemorySettingsStore() }, events: new CoreEvents(), log: silentLogger, requests: createRequestLog() };
  session = sessionStub(ctx.events, server);
  mirrors = createMirrorManager(ctx, session.port);
  sync = createSyncService(ctx, { session: session.port, mirrors }, { automatic: false, retry: { retries: 0, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 1000 } });
});
afterEach(async () => {
  await sync.close();
  await mirrors.close();
  await server.close();
  dir.remove();
});

describe("a mirror's first sync", () => {
  it('writes the file without the WAL while lookups read an empty stand-in, then opens it in WAL mode; the next round writes the WAL', async () => {
    session.signIn();
    const file = mirrors.current()!.path;
    server.fault(ITEMS, 'pause');
    const during = seenMidRound();
    // a dataset still being read shows as syncing, under its scope's name, as it does from the file
    const itemsSyncing = new Promise<SyncStatus['datasets'][number] | undefined>((resolve) => {
      const off = ctx.events.on('sync.progress', (p: SyncProgress) => {
        if (p.key !== 'items@account:acc-1' || p.phase !== 'downloading') return;
        off();
        resolve((sync.handlers['sync.status'](undefined as never) as SyncStatus).datasets.find((d) => d.key === p.key));
      });
    });
    const first = await sync.runRound();
    expect(await itemsSyncing).toMatchObject({ list: 'items', scope: { kind: 'account', id: 'acc-1', name: 'Acme' }, syncing: true, lastSuccessAt: null });
    expect(first.datasets.every((d) => d.outcome === 'applied')).toBe(true);
    expect(await during).toEqual({ marker: true, journal: 1, lookupsInMemory: true, lookupItems: 0, statusSaysDone: true, exported: 0 });

    const open = mirrors.current()!;
    expect(open.path).toBe(file);
    expect(open.db.memory).toBe(false);
    expect(open.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(300);
    expect(open.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(headerJournal(file)).toBe(2);
    expect(existsSync(firstFillMarkerPath(file))).toBe(false);
    expect((sync.handlers['sync.status'](undefined as never) as SyncStatus).datasets.length).toBeGreaterThan(0);

    server.set(ITEMS, items(300, 1));
    server.fault(ITEMS, 'pause');
    const later = seenMidRound();
    await sync.runRound();
    expect(await later).toMatchObject({ marker: false, journal: 2, lookupsInMemory: false, lookupItems: 300, exported: 300 });
    expect(mirrors.current()!.db.prepare("SELECT count(*) FROM items WHERE description LIKE '% v1'").pluck().get()).toBe(300);
  });

  it('keeps every answer read whole and none read in part: a broken answer rolls back in the journal', async () => {
    session.signIn();
    server.fault(ITEMS, 'truncate');
    const round = await sync.runRound();
    expect(round.datasets.find((d) => d.key === 'items@account:acc-1')!.outcome).toBe('error');
    expect(round.datasets.filter((d) => d.outcome === 'applied').length).toBeGreaterThan(0);
    const db = mirrors.current()!.db;
    expect(db.memory).toBe(false);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM datasets WHERE last_success_at IS NOT NULL').pluck().get()).toBeGreaterThan(0);
    // a mirror that holds data fills no more: the next round is an ordinary one
    server.fault(ITEMS, 'pause');
    const next = seenMidRound();
    await sync.runRound();
    expect(await next).toMatchObject({ marker: false, journal: 2, lookupsInMemory: false });
    expect(mirrors.current()!.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(300);
  });

  it('that a sign-out stops leaves the file whole and in WAL mode; signing in again opens it', async () => {
    session.signIn();
    const file = mirrors.current()!.path;
    server.fault(ITEMS, 'pause');
    const during = seenMidRound();
    const round = sync.runRound().catch((error: Error) => error);
    expect(await during).toMatchObject({ marker: true, lookupsInMemory: true });
    session.signOut();
    await round;
    expect(existsSync(firstFillMarkerPath(file))).toBe(false);
    expect(headerJournal(file)).toBe(2);
    session.signIn();
    const db = mirrors.current()!.db;
    expect(db.memory).toBe(false);
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(0);
  });

  it('signed out and in again before it winds down: lookups read the stand-in, then the file once the round ends', async () => {
    session.signIn();
    server.fault(ITEMS, 'pause');
    const during = seenMidRound();
    const round = sync.runRound().catch((error: Error) => error);
    await during;
    session.signOut();
    session.signIn();
    expect(mirrors.current()?.db.memory).toBe(true);
    await round;
    const db = mirrors.current()!.db;
    expect(db.memory).toBe(false);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('that did not end (the process stopped) is thrown away at the next open and synced afresh', async () => {
    session.signIn();
    const file = mirrors.current()!.path;
    await sync.runRound();
    expect(mirrors.current()!.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(300);
    session.signOut();
    // as a fill that the process did not live to end leaves it
    writeFileSync(firstFillMarkerPath(file), '');
    session.signIn();
    expect(mirrors.current()!.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(0);
    expect(existsSync(firstFillMarkerPath(file))).toBe(false);
    const afresh = await sync.runRound();
    expect(afresh.datasets.every((d) => d.outcome === 'applied')).toBe(true);
    expect(mirrors.current()!.db.prepare('SELECT count(*) FROM items').pluck().get()).toBe(300);
  });
});
