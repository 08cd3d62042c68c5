// Opens the mirror of the signed-in (server, user, license) and closes it on sign-out.
// One SQLite file per identity under `<dataDir>/mirrors/`, named by a hash of the identity, so that
// signing in as someone else never shows the previous person's data.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AisleError } from '../../contract/errors.ts';
import type { CoreContext } from '../core.ts';
import type { MirrorIdentity, SessionPort } from '../ports.ts';
import { needsUpgrade, openMirror, type MirrorDb } from './open-mirror.ts';
import { warmFile } from './warm-file.ts';

export interface OpenMirror {
  /** A connection for lookups on the calling thread (query_only: sync writes from its worker). */
  db: MirrorDb;
  path: string;
  identity: MirrorIdentity;
}

export interface MirrorManager {
  /** The open mirror of the current identity, or null when nobody is signed in (or it is being upgraded). */
  current(): OpenMirror | null;
  /** True while the signed-in identity's mirror is being upgraded to this version's schema. */
  upgrading(): boolean;
  /** Called after a mirror opens or closes, or its upgrade starts (sync starts/stops its rounds). */
  onChange(listener: (mirror: OpenMirror | null) => void): () => void;
  close(): Promise<void>;
}

/** Why there is no mirror: the file is being upgraded (`mirror_preparing`), else nobody is signed in. */
export function mirrorUnavailable(mirrors: MirrorManager, signIn: string): AisleError {
  return mirrors.upgrading()
    ? new AisleError('mirror_preparing', 'The offline data is being updated for this version of Aisle. It opens in a moment.')
    : new AisleError('not_signed_in', signIn);
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

export interface MirrorManagerOptions {
  /**
   * Upgrades an older mirror file off this thread (the sync worker's writer connection runs the
   * migrations); without it, opening the file here migrates it here.
   */
  upgrade?: (file: string) => Promise<void>;
}

export function createMirrorManager(ctx: CoreContext, session: SessionPort, options: MirrorManagerOptions = {}): MirrorManager {
  let open: OpenMirror | null = null;
  /** The file being upgraded in the worker; null when none. */
  let upgradingFile: string | null = null;
  /** The last file the worker was asked to upgrade: opened here next, whatever came of it (openMirror migrates what is left, or says why). */
  let upgradeTried: string | null = null;
  let closed = false;
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
    if (closed) return;
    const identity = session.identity();
    if (!identity) {
      upgradingFile = null;
      return closeCurrent();
    }
    const file = mirrorPath(ctx.deps.dataDir, identity);
    if (open?.path === file || upgradingFile === file) return;
    closeCurrent();
    upgradingFile = null;
    try {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      if (options.upgrade && upgradeTried !== file && needsUpgrade(file)) return upgradeThenOpen(file, options.upgrade);
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

  /** Meanwhile current() is null and upgrading() true; then the file opens as usual (if still the one wanted). */
  const upgradeThenOpen = (file: string, upgrade: (file: string) => Promise<void>) => {
    upgradingFile = file;
    upgradeTried = file;
    ctx.log.info('mirror: upgrading the offline data file in the worker', { file: path.basename(file) });
    // still no mirror, but now an upgrading one: listeners (the sync status) say so
    notify();
    upgrade(file)
      .catch((error: Error) => {
        ctx.log.error('mirror: the upgrade in the worker failed; opening the file here', { error: error.message });
      })
      .finally(() => {
        if (upgradingFile !== file) return;
        upgradingFile = null;
        follow();
      });
  };

  const unsubscribe = ctx.events.on('session.changed', follow);
  follow();

  return {
    current: () => open,
    upgrading: () => upgradingFile !== null,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      upgradingFile = null;
      unsubscribe();
      closeCurrent();
      listeners.clear();
    },
  };
}
