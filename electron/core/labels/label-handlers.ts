// The contract's `labels.print`: a label of an item or location of the signed-in user's mirror, to
// the label printer the settings name.
import type { Handlers } from '../../contract/dispatch.ts';
import type { CoreContext } from '../context.ts';
import { guardAgainstDamage } from '../lookup/damage-guard.ts';
import { signedInMirror } from '../lookup/signed-in-mirror.ts';
import type { MirrorManager } from '../mirror/mirror-manager.ts';
import { printLabel } from './print-label.ts';

export type LabelHandlers = Pick<Handlers, 'labels.print'>;

export function createLabelHandlers(ctx: CoreContext, parts: { mirrors: MirrorManager }): LabelHandlers {
  return guardAgainstDamage(parts.mirrors, {
    'labels.print': (record) => printLabel(signedInMirror(parts.mirrors).db, record, ctx.deps.settings.get()),
  });
}
