// Opens the mirror of the signed-in (server, user, license) and closes it on sign-out.
// One SQLite file per identity under `<dataDir>/mirrors/`, named by a hash of the identity, so that
// signing in as someone else never shows the previous person's data.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AisleError } from '../../contract/errors.ts';
import type { Notice } from '../../contract/types.ts';
import type { CoreContext } from '../context.ts';
import type { MirrorIdentity, SessionPort } from '../ports.ts';
import { discardUnfinishedFirstFill, unfinishedFirstFill } from '../db/first-fill.ts';
import { isDamagedMirror, needsUpgrade, openEmptyMirror, openMirror, openReaderOnFullDisk, quickCheck, readOnly, removeQuietly, setMirrorAside, walLeftBehind } from '../db/connection.ts';
import type { ReadDb, WriteDb } from '../db/handles.ts';
import { metaEntries } from '../db/read/meta.ts';
import { putMetaEntries } from '../db/write/meta.ts';
import { DISK_FULL, isDiskFull } from './full-disk.ts';
import { warmFile } from './warm-file.ts';

export interface OpenMirror {
  /** A connection for lookups on the calling thread (query_only: sync writes from its worker). */
  db: ReadDb;
  path: string;
  identity: MirrorIdentity;
  /** Opened on a full disk (full-disk.ts): lookups only, until retryAfterDiskFull opens it as usual. */
  diskFull?: boolean;
}

export interface MirrorManager {
  /** The open mirror of the current identity, or null when nobody is signed in (or it is being upgraded). */
  current(): OpenMirror | null;
  /** True while the signed-in identity's mirror is being upgraded to this version's schema. */
  upgrading(): boolean;
  /**
   * A fact for the user about the offline data file, when there is one to tell: a damaged file
   * was moved aside and is synced afresh, or the file cannot be opened (a newer Aisle's). Null otherwise.
   */
  notice(): Notice | null;
  /** Why the signed-in identity's file could not be opened (a newer Aisle's, unreadable); null when it is open or nobody is signed in. */
  openFailure(): AisleError | null;
  /**
   * A query met damage in the open file (isDamagedMirror): the file is moved aside, said in words,
   * and a fresh one opened that the next sync fills, as at an open after an unclean exit.
   */
  setDamagedAside(error: unknown): void;
  /**
   * For a mirror opened on a full disk: opens it as usual again if the disk has room now (true),
   * else keeps it open for lookups (false). Nothing else sees the change but the connection.
   */
  retryAfterDiskFull(): boolean;
  /**
   * For the mirror's first sync: closes this thread's reader of the file, so that the sync's writer
   * may take it for itself and write it once (db/first-fill.ts). Meanwhile lookups and the status
   * read an empty mirror in memory, as they read the file, which holds no data yet. Returns what to
   * call when the round ended: the file opens for lookups again, silently, as it was (or, if the
   * session changed meanwhile, as the session now asks). Null, with nothing changed, when no mirror
   * is open or it is open on a full disk.
   */
  lendForFirstFill(): (() => void) | null;
  /** Called after a mirror opens or closes, or its upgrade starts (sync starts/stops its rounds). */
  onChange(listener: (mirror: OpenMirror | null) => void): () => void;
  close(): Promise<void>;
}

/** Why there is no mirror: the file is being upgraded (`mirror_preparing`), it could not be opened, else nobody is signed in. */
export function mirrorUnavailable(mirrors: MirrorManager, signIn: string): AisleError {
  if (mirrors.upgrading()) return new AisleError('mirror_preparing', 'The offline data is being updated for this version of Aisle. It opens in a moment.');
  return mirrors.openFailure() ?? new AisleError('not_signed_in', signIn);
}

/**
 * The file name of an identity's mirror. The server address keeps its path exactly: `/TenantA` and
 * `/tenanta` may be two tenants of one host, and a path is case-sensitive on most servers. Only the
 * scheme and host, which are not, are written in lower case (the URL parser does).
 */
export function mirrorFileName(identity: MirrorIdentity): string {
  return hashedName([serverKey(identity.server), identity.email.trim().toLowerCase(), identity.licenseId]);
}

/** The name mirrors were made under before: the whole address in lower case, its path too. */
function legacyFileName(identity: MirrorIdentity): string {
  return hashedName([identity.server.replace(/\/+$/, '').toLowerCase(), identity.email.trim().toLowerCase(), identity.licenseId]);
}

function hashedName(parts: string[]): string {
  return `${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32)}.sqlite`;
}

function serverKey(server: string): string {
  const trimmed = server.replace(/\/+$/, '');
  try {
    const url = new URL(trimmed);
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return trimmed; // 'demo', or an address from before the URL was checked
  }
}

export function mirrorPath(dataDir: string, identity: MirrorIdentity): string {
  return path.join(dataDir, 'mirrors', mirrorFileName(identity));
}

/**
 * The file of an identity's mirror: its own name, or, when there is no file of that name yet, a
 * file made before under the old name whose recorded identity is exactly this one (the same path,
 * case and all). A file under the old name that is another identity's, or says none, is not taken:
 * a guess could show one tenant the other's data.
 */
export function mirrorFileOf(dataDir: string, identity: MirrorIdentity): string {
  const file = mirrorPath(dataDir, identity);
  const legacy = path.join(dataDir, 'mirrors', legacyFileName(identity));
  if (legacy === file || existsSync(file) || !existsSync(legacy)) return file;
  return recordedIdentity(legacy) === identityKey(identity) ? legacy : file;
}

function identityKey(identity: MirrorIdentity): string {
  return [serverKey(identity.server), identity.email.trim().toLowerCase(), identity.licenseId].join('\n');
}

/** The identity a mirror file records, as identityKey writes it; null when it cannot be read. */
function recordedIdentity(file: string): string | null {
  try {
    const db = openMirror(file, { readonly: true });
    try {
      const recorded = readMirrorIdentity(db);
      return recorded ? identityKey(recorded) : null;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/**
 * Beside a mirror file while a process has it open, removed when it closes it: found at open, it
 * says the last process did not close the file (killed, power cut), and the file is checked.
 */
export function openMarkerPath(file: string): string {
  return `${file}.open`;
}

/** Remembers whose mirror a file is (for `aisle status`); the file name is only a hash. */
export function writeMirrorIdentity(db: WriteDb, identity: MirrorIdentity): void {
  putMetaEntries(db, { server: identity.server, email: identity.email, license_id: identity.licenseId });
}

export function readMirrorIdentity(db: ReadDb): MirrorIdentity | null {
  const meta = metaEntries(db);
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
  /** The file lent to its first sync (lendForFirstFill); null when none. */
  let fillingFile: string | null = null;
  /** What lookups read while that file is lent: an empty mirror in memory; null when none is open. */
  let standIn: ReadDb | null = null;
  /** The last file the worker was asked to upgrade: opened here next, whatever came of it (openMirror migrates what is left, or says why). */
  let upgradeTried: string | null = null;
  let closed = false;
  let warming: AbortController | null = null;
  let mirrorNotice: Notice | null = null;
  let openFailure: AisleError | null = null;
  const listeners = new Set<(mirror: OpenMirror | null) => void>();

  const notify = () => {
    for (const listener of listeners) listener(open);
  };

  const closeCurrent = () => {
    if (!open) return;
    warming?.abort();
    warming = null;
    open.db.close();
    if (open.db === standIn) standIn = null;
    removeQuietly(openMarkerPath(open.path));
    open = null;
    notify();
  };

  /** Lookups of `file`, lent to its first sync, read an empty mirror in memory, as they read the empty file. */
  const openStandIn = (file: string, identity: MirrorIdentity) => {
    const db = openEmptyMirror();
    writeMirrorIdentity(db, identity);
    standIn = readOnly(db);
    open = { db: standIn, path: file, identity };
  };

  const follow = () => {
    if (closed) return;
    const identity = session.identity();
    if (!identity) {
      upgradingFile = null;
      openFailure = null;
      return closeCurrent();
    }
    const file = mirrorFileOf(ctx.deps.dataDir, identity);
    // a file lent to its first sync opens when that round ends (lendForFirstFill)
    if (open?.path === file || upgradingFile === file) return;
    closeCurrent();
    upgradingFile = null;
    // signed in again while the file's first sync winds down: the stand-in until that round ends (lendForFirstFill)
    if (fillingFile === file) {
      openStandIn(file, identity);
      return notify();
    }
    try {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      if (options.upgrade && upgradeTried !== file && needsUpgrade(file)) return upgradeThenOpen(file, options.upgrade);
      const db = openOrHeal(file);
      try {
        writeMirrorIdentity(db, identity);
      } catch (error) {
        // a full disk: the file is still readable, and lookups are what matters on the floor
        ctx.log.warn('mirror: could not record whose offline data this is (is the disk full?)', { error: (error as Error).message });
      }
      open = { db: readOnly(db), path: file, identity };
      openFailure = null;
      warming = new AbortController();
      void warmFile(file, warming.signal);
      notify();
    } catch (error) {
      if (isDiskFull(error) && existsSync(file)) return openOnFullDisk(file, identity, error);
      ctx.log.error('mirror: cannot open the offline data file', { error: (error as Error).message });
      // said where the mirror is asked for (lookups, Sync now, the sync status), not as "sign in"
      openFailure = error instanceof AisleError ? error : null;
      notify();
    }
  };

  /** Opens the file for lookups only; listeners hear of it when a mirror opened or was lost, not when a retry found the disk still full. */
  const openOnFullDisk = (file: string, identity: MirrorIdentity, cause: unknown, retrying = false) => {
    try {
      open = { db: openReaderOnFullDisk(file), path: file, identity, diskFull: true };
      if (!retrying) ctx.log.error('mirror: the disk is full; the offline data file is open for lookups only', { error: (cause as Error).message });
      if (!retrying) notify();
    } catch (error) {
      ctx.log.error('mirror: the disk is full; the offline data file cannot be opened', { error: (error as Error).message });
      if (retrying) notify();
    }
  };

  /**
   * Opens the file, checking it first after an unclean exit. A damaged file is a cache gone bad: it
   * is moved aside, said in words (the log, notice()), and a new one is made that the next sync
   * fills. Anything else (a newer Aisle's file, a busy or full disk) is thrown as it is.
   */
  const openOrHeal = (file: string): WriteDb => {
    if (unfinishedFirstFill(file)) {
      // what a first sync left half written (db/first-fill.ts) held nothing before it: sync it afresh
      ctx.log.warn('mirror: the first sync of the offline data file did not finish; it starts afresh', { file: path.basename(file) });
      discardUnfinishedFirstFill(file);
    }
    const marker = openMarkerPath(file);
    const unclean = existsSync(file) && (existsSync(marker) || walLeftBehind(file));
    let db: WriteDb | null = null;
    try {
      db = openMirror(file);
      if (unclean) {
        ctx.log.info('mirror: the offline data file was not closed last time; checking it', { file: path.basename(file) });
        quickCheck(db);
      }
    } catch (error) {
      db?.close();
      if (!isDamagedMirror(error)) throw error;
      moveAside(file, error);
      db = openMirror(file);
    }
    try {
      writeFileSync(marker, '', { mode: 0o600 });
    } catch {
      // without the marker an unclean exit is still seen by its WAL
    }
    return db;
  };

  const moveAside = (file: string, error: unknown) => {
    const aside = setMirrorAside(file);
    mirrorNotice = { code: 'mirror_damaged' };
    ctx.log.error('mirror: the offline data file was damaged; moved aside, syncing afresh', { error: (error as Error).message, movedTo: aside });
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
    notice: () => (open?.diskFull ? DISK_FULL : (openFailure?.notice ?? mirrorNotice)),
    openFailure: () => (open ? null : openFailure),
    retryAfterDiskFull() {
      if (!open?.diskFull) return true;
      const { path: file, identity } = open;
      open.db.close();
      try {
        open = { db: readOnly(openOrHeal(file)), path: file, identity };
        ctx.log.info('mirror: the disk has room again; the offline data file is open as usual');
        return true;
      } catch (error) {
        if (!isDiskFull(error)) ctx.log.error('mirror: cannot open the offline data file', { error: (error as Error).message });
        open = null;
        openOnFullDisk(file, identity, error, true);
        return false;
      }
    },
    lendForFirstFill() {
      if (!open || open.diskFull) return null;
      const lent = open;
      warming?.abort();
      warming = null;
      lent.db.close();
      openStandIn(lent.path, lent.identity);
      fillingFile = lent.path;
      return () => {
        if (fillingFile !== lent.path) return;
        fillingFile = null;
        // signed out, or in as someone else, meanwhile: open what the session asks for now
        if (!standIn || open?.db !== standIn) return follow();
        const { identity } = open;
        standIn.close();
        standIn = null;
        try {
          open = { db: readOnly(openOrHeal(lent.path)), path: lent.path, identity };
        } catch (error) {
          open = null;
          ctx.log.error('mirror: cannot open the offline data file after its first sync', { error: (error as Error).message });
          openFailure = error instanceof AisleError ? error : null;
          notify();
        }
      };
    },
    setDamagedAside(error) {
      if (!open) return;
      const file = open.path;
      closeCurrent();
      try {
        moveAside(file, error);
      } catch (moveError) {
        ctx.log.error('mirror: the damaged offline data file could not be moved aside', { error: (moveError as Error).message });
      }
      follow();
    },
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
