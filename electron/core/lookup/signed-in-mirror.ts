// The open mirror of whoever is signed in, for a handler that answers from it: every lookup and
// the features built on lookups (labels, scan lists) refuse the same way when there is none.
import { mirrorUnavailable, type MirrorManager, type OpenMirror } from '../mirror/mirror-manager.ts';

export function signedInMirror(mirrors: MirrorManager): OpenMirror {
  const open = mirrors.current();
  if (!open) throw mirrorUnavailable(mirrors, 'Sign in to open the offline data.');
  return open;
}
