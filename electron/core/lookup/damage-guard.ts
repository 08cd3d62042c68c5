// A mirror that opened clean can still meet damage later (a disk's bad sector, another program
// writing into the file): the query that finds it fails with SQLITE_CORRUPT or SQLITE_NOTADB. Then
// the file is set aside and synced afresh (mirror-manager.ts), and the caller is told so in words
// instead of an internal error, on this call and not at every later one.
import { noticeError } from '../../contract/errors.ts';
import type { MirrorManager } from '../mirror/mirror-manager.ts';
import { isDamagedMirror } from '../db/connection.ts';

/** Wraps each handler so that damage met by a query heals the mirror and answers mirror_error in words. */
export function guardAgainstDamage<H extends Record<string, (...args: never[]) => unknown>>(mirrors: MirrorManager, handlers: H): H {
  const healed = (error: unknown): never => {
    if (!isDamagedMirror(error)) throw error;
    mirrors.setDamagedAside(error);
    throw noticeError('mirror_error', { code: 'mirror_damaged_ask_again' }, { cause: error });
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
