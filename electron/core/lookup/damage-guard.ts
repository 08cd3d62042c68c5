// A mirror that opened clean can still meet damage later (a disk's bad sector, another program
// writing into the file): the query that finds it fails with SQLITE_CORRUPT or SQLITE_NOTADB. Then
// the file is set aside and synced afresh (mirror-manager.ts), and the caller is told so in words
// instead of an internal error, on this call and not at every later one.
import { AisleError } from '../../contract/errors.ts';
import type { MirrorManager } from '../mirror/mirror-manager.ts';
import { isDamagedMirror } from '../db/connection.ts';

export const DAMAGED_DURING_QUERY = 'The offline data file is damaged: it was moved aside and the offline data is being downloaded again. Ask again in a moment.';

/** Wraps each handler so that damage met by a query heals the mirror and answers mirror_error in words. */
export function guardAgainstDamage<H extends Record<string, (...args: never[]) => unknown>>(mirrors: MirrorManager, handlers: H): H {
  const healed = (error: unknown): never => {
    if (!isDamagedMirror(error)) throw error;
    mirrors.setDamagedAside(error);
    throw new AisleError('mirror_error', DAMAGED_DURING_QUERY, { cause: error });
  };
  const guarded = Object.entries(handlers).map(([name, handler]) => [
    name,
    (...args: never[]) => {
      try {
        const answer = handler(...args);
        return answer instanceof Promise ? answer.catch(healed) : answer;
      } catch (error) {
        return healed(error);
      }
    },
  ]);
  return Object.fromEntries(guarded) as H;
}
