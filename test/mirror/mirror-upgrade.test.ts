// A mirror written by an older Aisle is upgraded (its migrations run) in a worker, not on the thread
// that answers lookups: meanwhile lookups say so (`mirror_preparing`), then the file opens as usual.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import { silentLogger, type CoreContext } from '../../electron/core/context.ts';
import { createRequestLog } from '../../electron/core/api/request-log.ts';
import { CoreEvents } from '../../electron/core/events.ts';
import { createLookupService } from '../../electron/core/lookup/lookup-handlers.ts';
import { createMirrorManager, mirrorPath, type MirrorManager, type OpenMirror } from '../../electron/core/mirror/mirror-manager.ts';
import { schemaVersionOf } from '../../electron/core/db/connection.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../electron/core/db/migrations/index.ts';
import { createMemorySettingsStore } from '../../electron/core/settings/settings-store.ts';
import { upgradeInWorker } from '../../electron/core/sync/sync-worker-client.ts';
import { tempDir } from '../support/temp-dir.ts';
import { sessionStub } from '../sync/session-stub.ts';

const OLD_VERSION = 4;

let dir: ReturnType<typeof tempDir>;
let ctx: CoreContext;
let session: ReturnType<typeof sessionStub>;
let mirrors: MirrorManager | null;
let file: string;

/** A schema 4 mirror holding one item, as an older Aisle left it. */
function writeOldMirror(at: string): void {
  const old = new Database(at);
  for (const migration of MIGRATIONS.slice(0, OLD_VERSION)) old.exec(migration.sql);
  old.pragma(`user_version = ${OLD_VERSION}`);
  old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, path, last_success_at) VALUES (1, 'items', 'items', 'global', '/items', '2026-11-20T10:00:00Z')`).run();
  old.prepare(`INSERT INTO items (rid, dataset_id, id, sku, description, hash, raw) VALUES (1, 1, 'i-1', 'BR-1', 'Green bracket', 1, '{"id":"i-1","sku":"BR-1"}')`).run();
  old.prepare(`INSERT INTO items_fts (rowid, sku, description) VALUES (1, 'BR-1', 'Green bracket')`).run();
  old.close();
}

/** The manager's mirror once it is open. */
function opened(manager: MirrorManager): Promise<OpenMirror> {
  const now = manager.current();
  return now ? Promise.resolve(now) : new Promise((resolve) => manager.onChange((mirror) => mirror && resolve(mirror)));
}

beforeEach(() => {
  dir = tempDir();
  ctx = { deps: { host: 'cli', version: '0', dataDir: dir.path, settings: createMemorySettingsStore() }, events: new CoreEvents(), log: silentLogger, requests: createRequestLog() };
  session = sessionStub(ctx.events, { url: 'http://127.0.0.1:9' });
  session.signIn();
  file = mirrorPath(dir.path, session.port.identity()!);
  mkdirSync(path.dirname(file), { recursive: true });
  writeOldMirror(file);
  mirrors = null;
});
afterEach(async () => {
  await mirrors?.close();
  dir.remove();
});

describe('upgrading an older mirror', () => {
  it('runs the migrations in the worker while lookups answer mirror_preparing, then opens the file', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const upgrade = async (at: string) => {
      await gate;
      await upgradeInWorker(at);
    };
    mirrors = createMirrorManager(ctx, session.port, { upgrade });
    const lookup = createLookupService(ctx, { mirrors });

    expect(mirrors.current()).toBeNull();
    expect(mirrors.upgrading()).toBe(true);
    expect(schemaVersionOf(file)).toBe(OLD_VERSION); // this thread did not migrate it
    let refused: unknown;
    try {
      lookup.handlers['search.query']({ q: 'bracket', limit: 5 });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AisleError);
    expect((refused as AisleError).code).toBe('mirror_preparing');

    const ready = opened(mirrors);
    release();
    const mirror = await ready;
    expect(mirror.path).toBe(file);
    expect(mirrors.upgrading()).toBe(false);
    expect(schemaVersionOf(file)).toBe(SCHEMA_VERSION);
    const result = await lookup.handlers['search.query']({ q: 'bracket', limit: 5 });
    expect(result.hits.map((hit) => hit.id)).toEqual(['i-1']);
  });

  it('opens the file here, once, when the worker fails or leaves it old (the migrations then run here)', async () => {
    const failing = [async () => Promise.reject(new Error('no worker')), async () => undefined];
    for (const attempt of failing) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
      writeOldMirror(file);
      let asked = 0;
      const manager = createMirrorManager(ctx, session.port, { upgrade: () => (asked++, attempt()) });
      const mirror = await opened(manager);
      expect(asked).toBe(1);
      expect(manager.upgrading()).toBe(false);
      expect(mirror.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(mirror.db.prepare('SELECT id FROM items').pluck().all()).toEqual(['i-1']);
      await manager.close();
    }
  });

  it('opens nothing after the upgrade when the user signed out meanwhile', async () => {
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    mirrors = createMirrorManager(ctx, session.port, {
      upgrade: async (at) => {
        await upgradeInWorker(at);
        finished();
      },
    });
    const changes: (OpenMirror | null)[] = [];
    mirrors.onChange((mirror) => changes.push(mirror));
    session.signOut();
    expect(mirrors.upgrading()).toBe(false);
    await done;
    await new Promise((resolve) => setImmediate(resolve));
    expect(mirrors.current()).toBeNull();
    expect(changes).toEqual([]);
    expect(schemaVersionOf(file)).toBe(SCHEMA_VERSION);
  });

  it('opens a new or an up-to-date file at once, without the worker', async () => {
    const asked: string[] = [];
    const upgrade = async (at: string) => {
      asked.push(at);
      await upgradeInWorker(at);
    };
    const first = createMirrorManager(ctx, session.port, { upgrade });
    await opened(first);
    await first.close();
    mirrors = createMirrorManager(ctx, session.port, { upgrade });
    expect(mirrors.current()?.path).toBe(file);
    session.signIn('bo@example.com');
    expect(mirrors.current()?.identity.email).toBe('bo@example.com');
    expect(asked).toEqual([file]);
  });

  it("a newer Aisle's file is left as it is and said where the mirror is asked for, not as a sign-in to do", async () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    const newer = new Database(file);
    newer.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    newer.close();
    mirrors = createMirrorManager(ctx, session.port, { upgrade: upgradeInWorker });
    const manager = mirrors;
    const lookup = createLookupService(ctx, { mirrors: manager });
    const refused = () => {
      try {
        lookup.handlers['search.query']({ q: 'bracket', limit: 5 });
      } catch (error) {
        return error as AisleError;
      }
      return null;
    };
    const fact = { code: 'mirror_newer', version: SCHEMA_VERSION + 1, known: SCHEMA_VERSION };
    await expect.poll(() => manager.openFailure()?.notice).toEqual(fact);
    expect(manager.current()).toBeNull();
    expect(manager.notice()).toEqual(fact);
    expect(refused()).toMatchObject({ code: 'mirror_error', notice: fact });
    expect(schemaVersionOf(file)).toBe(SCHEMA_VERSION + 1);
    // signed out, there is nothing to say about a file
    session.signOut();
    expect(manager.openFailure()).toBeNull();
    expect(refused()).toMatchObject({ code: 'not_signed_in' });
  });
});
