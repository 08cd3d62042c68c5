// Opens the mirror of the signed-in (server, user, license) and closes it on sign-out.
// One SQLite file per identity under `<dataDir>/mirrors/`, named by a hash of the identity, so that
// signing in as someone else never shows the previous person's data.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CoreContext } from '../core.ts';
import type { MirrorIdentity, SessionPort } from '../ports.ts';
import { openMirror, type MirrorDb } from './open-mirror.ts';
import { warmFile } from './warm-file.ts';

export interface OpenMirror {
  /** A connection for lookups on the calling thread (query_only: sync writes from its worker). */
  db: MirrorDb;
  path: string;
  identity: MirrorIdentity;
}

export interface MirrorManager {
  /** The open mirror of the current identity, or null when nobody is signed in. */
  current(): OpenMirror | null;
  /** Called after a mirror opens or closes (sync starts/stops its rounds). */
  onChange(listener: (mirror: OpenMirror | null) => void): () => void;
  close(): Promise<void>;
}

export function mirrorFileName(identity: MirrorIdentity): string {
  const key = [identity.server.replace(/\/+$/, '').toLowerCase(), identity.email.trim().toLowerCase(), identity.licenseId].join('\n');
  return `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.sqlite`;
}

export function mirrorPath(dataDir: string, identity: MirrorIdentity): string {
  return path.join(dataDir, 'mirrors', mirrorFileName(identity));
}

/** Remembers whose mirror a file is (for `aisle status`); the file name is only a hash. */
export function writeMirrorIdentity(db: MirrorDb, identity: MirrorIdentity): void {
  const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  db.transaction(() => {
    put.run('server', identity.server);
    put.run('email', identity.email);
    put.run('license_id', identity.licenseId);
  })();
}

export function readMirrorIdentity(db: MirrorDb): MirrorIdentity | null {
  const meta = new Map((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  const server = meta.get('server');
  const email = meta.get('email');
  const licenseId = meta.get('license_id');
  return server && email && licenseId ? { server, email, licenseId } : null;
}

export function createMirrorManager(ctx: CoreContext, session: SessionPort): MirrorManager {
  let open: OpenMirror | null = null;
  let warming: AbortController | null = null;
  const listeners = new Set<(mirror: OpenMirror | null) => void>();

  const notify = () => {
    for (const listener of listeners) listener(open);
  };

  const closeCurrent = () => {
    if (!open) return;
    warming?.abort();
    warming = null;
    open.db.close();
    open = null;
    notify();
  };

  const follow = () => {
    const identity = session.identity();
    if (!identity) return closeCurrent();
    const file = mirrorPath(ctx.deps.dataDir, identity);
    if (open?.path === file) return;
    closeCurrent();
    try {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const db = openMirror(file);
      writeMirrorIdentity(db, identity);
      db.pragma('query_only = ON');
      open = { db, path: file, identity };
      warming = new AbortController();
      void warmFile(file, warming.signal);
      notify();
    } catch (error) {
      ctx.log.error('mirror: cannot open the offline data file', { error: (error as Error).message });
    }
  };

  const unsubscribe = ctx.events.on('session.changed', follow);
  follow();

  return {
    current: () => open,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      unsubscribe();
      closeCurrent();
      listeners.clear();
    },
  };
}
