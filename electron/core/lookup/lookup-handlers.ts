// Answers the floor's questions from the mirror. (Issue 6 replaces this placeholder.)
import { AisleError } from '../../contract/errors.ts';
import type { Handlers } from '../../contract/dispatch.ts';
import type { CoreContext } from '../core.ts';
import type { MirrorManager } from '../mirror/mirror-manager.ts';

export type LookupHandlers = Pick<
  Handlers,
  | 'search.query'
  | 'scan.parse'
  | 'inventory.byItem'
  | 'inventory.byLocation'
  | 'inventory.byLot'
  | 'history.query'
  | 'lists.catalog'
  | 'lists.page'
  | 'records.get'
  | 'export.csv'
>;

export function createLookupHandlers(_ctx: CoreContext, _parts: { mirrors: MirrorManager }): LookupHandlers {
  const notYet = () => {
    throw new AisleError('not_implemented', 'Lookups are not available yet.');
  };
  return {
    'search.query': notYet,
    'scan.parse': notYet,
    'inventory.byItem': notYet,
    'inventory.byLocation': notYet,
    'inventory.byLot': notYet,
    'history.query': notYet,
    'lists.catalog': notYet,
    'lists.page': notYet,
    'records.get': notYet,
    'export.csv': notYet,
  };
}
