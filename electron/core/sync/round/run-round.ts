// One sync round on the writer connection: fetch datasets a few at a time (conditional, streamed),
// apply each atomically, record what happened. Runs in the sync worker; callable directly in tests.
//
// The steps, one file each, pass one round state along (round-state.ts): plan.ts reads the planned
// datasets in order, each by read-dataset.ts (read-answer.ts, read-whole.ts or read-part.ts, then
// apply-answer.ts page by page with read-page.ts); finish.ts settles the round.
import type { WriteDb } from '../../db/handles.ts';
import { buildDeferredIndexes } from '../../db/write/deferred-indexes.ts';
import { finishRound } from './finish.ts';
import { readPlanned } from './plan.ts';
import { startRound } from './round-state.ts';
import type { RoundOptions, RoundResult } from './types.ts';

export type { ReadingOptions, RoundResult } from './types.ts';

export async function runRound(db: WriteDb, options: RoundOptions): Promise<RoundResult> {
  // indexes a round that stopped between two first loads left dropped (db/write/deferred-indexes.ts)
  buildDeferredIndexes(db);
  const r = startRound(db, options);
  const planned = await readPlanned(r);
  return finishRound(r, planned);
}
