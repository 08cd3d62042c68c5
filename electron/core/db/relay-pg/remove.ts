// Taking datasets out of a scope's catalog, in one transaction: their rows and chunks are deleted
// and their row in relay_datasets is marked removed, not deleted. Its generation is kept so that
// generations go on counting if the dataset comes back: a seat that missed the removal and still
// holds generation N must never meet a new dataset of the same key at that same N and take it for
// its own. Coming back, it is a first load (publish.ts), whose horizon sends every seat to read it whole.
import type pg from 'pg';
import { inPgTransaction } from './transaction.ts';

/** Removes the datasets of `scope` whose keys are not in `kept` (and not removed already); their keys. */
export async function removeDatasetsNotIn(pool: pg.Pool, scope: string, kept: readonly string[]): Promise<string[]> {
  return inPgTransaction(pool, 'BEGIN', async (client) => {
    const gone = await client.query<{ key: string }>(
      'SELECT key FROM relay_datasets WHERE scope = $1 AND removed_at IS NULL AND NOT (key = ANY($2::text[])) ORDER BY key FOR UPDATE',
      [scope, kept],
    );
    const keys = gone.rows.map((r) => r.key);
    if (keys.length > 0) {
      await client.query('DELETE FROM relay_rows WHERE scope = $1 AND key = ANY($2::text[])', [scope, keys]);
      await client.query('DELETE FROM relay_chunks WHERE scope = $1 AND key = ANY($2::text[])', [scope, keys]);
      await client.query('UPDATE relay_datasets SET removed_at = now(), source_etag = NULL WHERE scope = $1 AND key = ANY($2::text[])', [scope, keys]);
    }
    return keys;
  });
}
