// Opens the mirror of the signed-in (server, user, license) and closes it on sign-out.
// (Issue 5 replaces this placeholder with the real mirror.)
import type { CoreContext } from '../core.ts';
import type { SessionPort } from '../ports.ts';

export interface MirrorManager {
  /** The open mirror of the current identity, or null when nobody is signed in. */
  current(): null;
  close(): Promise<void>;
}

export function createMirrorManager(_ctx: CoreContext, _session: SessionPort): MirrorManager {
  return { current: () => null, async close() {} };
}
