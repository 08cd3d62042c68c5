// Entrance: the core's lookups over one mirror file, for a host that answers offline without a
// session, the sync worker or the HTTP client (`aisle find`). A call goes through the contract's
// dispatch and the core's lookup handlers, as a window's does: its arguments are checked by the
// same schema, its answer is the same, and a failure is the same typed error.
import { dispatch, type Handlers } from '../../contract/dispatch.ts';
import { AisleError, noticeError } from '../../contract/errors.ts';
import type { MethodArgs, MethodResult } from '../../contract/methods.ts';
import type { Settings } from '../../contract/types.ts';
import { createRequestLog } from '../api/request-log.ts';
import { silentLogger, type CoreContext } from '../context.ts';
import { CoreEvents } from '../events.ts';
import { createLookupService, type LookupHandlers } from '../lookup/lookup-handlers.ts';
import { readMirrorIdentity, type MirrorManager, type OpenMirror } from '../mirror/mirror-manager.ts';
import { openMirror } from '../db/connection.ts';
import type { MirrorIdentity } from '../ports.ts';
import { DEFAULT_SETTINGS } from '../settings/settings-defaults.ts';
import { createMemorySettingsStore } from '../settings/settings-store.ts';

export type LookupMethod = keyof LookupHandlers;

export interface Lookups {
  /** Whose mirror this is, as the file records it; null for a file that does not say. */
  readonly identity: MirrorIdentity | null;
  /** Calls a lookup method of the contract; throws its AisleError when the call fails. */
  call<M extends LookupMethod>(method: M, args: MethodArgs<M>): Promise<MethodResult<M>>;
  close(): void;
}

export interface LookupsOptions {
  /** The mirror file, opened read-only: the lookups never write. */
  file: string;
  dataDir: string;
  /** The settings the command read; the rest are the defaults. */
  settings: Partial<Settings>;
}

export function openLookups(options: LookupsOptions): Lookups {
  const db = openMirror(options.file, { readonly: true });
  let identity: MirrorIdentity | null;
  try {
    identity = readMirrorIdentity(db);
  } catch (error) {
    db.close();
    throw error;
  }
  // The lookups that need whose mirror it is (recent records) are not offered here, so a file that
  // does not say is still answered from; its name stands in for the owner.
  const open: OpenMirror = { db, path: options.file, identity: identity ?? { server: '', email: '', licenseId: options.file } };
  const mirrors: MirrorManager = {
    current: () => open,
    upgrading: () => false,
    notice: () => null,
    openFailure: () => null,
    onChange: () => () => {},
    close: async () => void db.close(),
    // a command reads the file read-only and leaves it where it is: the app or `aisle sync` sets a
    // damaged file aside and downloads the data again
    setDamagedAside: () => {
      throw noticeError('mirror_error', { code: 'mirror_damaged_sync_again', file: options.file });
    },
    retryAfterDiskFull: () => false,
    // these lookups never sync
    lendForFirstFill: () => null,
  };
  const ctx: CoreContext = {
    deps: { host: 'cli', version: '', dataDir: options.dataDir, settings: createMemorySettingsStore({ ...DEFAULT_SETTINGS, ...options.settings }) },
    events: new CoreEvents(),
    log: silentLogger,
    requests: createRequestLog(),
  };
  // Only lookup methods can be named (LookupMethod), so dispatch finds each one it is asked for.
  const handlers = createLookupService(ctx, { mirrors }).handlers as Handlers;
  return {
    identity,
    async call(method, args) {
      const result = await dispatch(handlers, method, args);
      if (!result.ok) throw new AisleError(result.error.code, result.error.message, { status: result.error.status, retryAfterSeconds: result.error.retryAfterSeconds, notice: result.error.notice });
      return result.value as MethodResult<typeof method>;
    },
    close: () => db.close(),
  };
}
