// After the relay's round: the datasets its mirror no longer holds leave the catalog, so that seats
// drop them as a workstation syncing directly would. Only when the mirror says a round read its plan
// whole (the core's round then settled the datasets it left out, and every dataset it planned has its
// row, even one that failed or was held): a dataset the mirror does not hold is then one the core
// itself dropped (a facility or account gone from the server's lists, twice) or never planned. A
// mirror that never read its plan whole (a relay taking over, whose first round failed) removes nothing.
import type pg from 'pg';
import { allDatasets, planSettledAt } from '../db/read/datasets.ts';
import type { ReadDb } from '../db/handles.ts';
import { removeDatasetsNotIn } from '../db/relay-pg/remove.ts';

/** Removes from the scope's catalog the datasets the mirror no longer holds; their keys (none when the mirror never read its plan whole). */
export async function removeDroppedDatasets(db: ReadDb, pool: pg.Pool, scope: string): Promise<string[]> {
  if (planSettledAt(db) === null) return [];
  return removeDatasetsNotIn(pool, scope, allDatasets(db).map((d) => d.key));
}
