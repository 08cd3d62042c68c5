// The contract's `scans.get` and `scans.save`: the scan list kept per signed-in user.
import type { Handlers } from '../../contract/dispatch.ts';
import type { CoreContext } from '../context.ts';
import { signedInMirror } from '../lookup/signed-in-mirror.ts';
import type { MirrorManager } from '../mirror/mirror-manager.ts';
import { createScanLists } from './scan-lists.ts';

export type ScanListHandlers = Pick<Handlers, 'scans.get' | 'scans.save'>;

export function createScanListHandlers(ctx: CoreContext, parts: { mirrors: MirrorManager }): ScanListHandlers {
  const scanLists = createScanLists(ctx.deps.dataDir);
  return {
    'scans.get': () => scanLists.get(signedInMirror(parts.mirrors).identity),
    'scans.save': (list) => scanLists.save(signedInMirror(parts.mirrors).identity, list),
  };
}
