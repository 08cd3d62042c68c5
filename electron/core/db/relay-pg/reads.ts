// Reads of the relay's tables: the catalog, the chunks between two generations, a dataset whole.
import type pg from 'pg';
import { inPgTransaction } from './transaction.ts';

export interface RelayDatasetHead {
  key: string;
  list: string;
  scopeKind: string;
  scopeId: string | null;
  generation: number;
  horizon: number;
  /** When the relay last read it whole from the warehouse server (ISO), null before. */
  readAt: string | null;
}

interface HeadRow {
  key: string;
  list: string;
  scope_kind: string;
  scope_id: string | null;
  generation: string;
  horizon: string;
  read_at: Date | null;
}

const head = (r: HeadRow): RelayDatasetHead => ({
  key: r.key,
  list: r.list,
  scopeKind: r.scope_kind,
  scopeId: r.scope_id,
  generation: Number(r.generation),
  horizon: Number(r.horizon),
  readAt: r.read_at ? r.read_at.toISOString() : null,
});

/** The datasets of a scope that have a generation and were not removed, in key order. */
export async function relayCatalog(pool: pg.Pool, scope: string): Promise<RelayDatasetHead[]> {
  const result = await pool.query<HeadRow>('SELECT key, list, scope_kind, scope_id, generation, horizon, read_at FROM relay_datasets WHERE scope = $1 AND generation > 0 AND removed_at IS NULL ORDER BY key', [scope]);
  return result.rows.map(head);
}

/** A dataset of a scope, or null when there is none or it was removed. */
export async function relayDatasetHead(pool: pg.Pool, scope: string, key: string): Promise<RelayDatasetHead | null> {
  const result = await pool.query<HeadRow>('SELECT key, list, scope_kind, scope_id, generation, horizon, read_at FROM relay_datasets WHERE scope = $1 AND key = $2 AND removed_at IS NULL', [scope, key]);
  return result.rows[0] ? head(result.rows[0]) : null;
}

/** The gzipped chunks of generations from+1 … to, in order; null when one of them is not kept. */
export async function relayChunks(pool: pg.Pool, scope: string, key: string, from: number, to: number): Promise<Buffer[] | null> {
  const result = await pool.query<{ generation: string; body_gzip: Buffer }>(
    'SELECT generation, body_gzip FROM relay_chunks WHERE scope = $1 AND key = $2 AND generation > $3 AND generation <= $4 ORDER BY generation',
    [scope, key, from, to],
  );
  if (result.rows.length !== to - from) return null;
  return result.rows.map((r) => r.body_gzip);
}

/**
 * Reads a dataset's live rows at one generation, page by page (in the primary key's order, so each
 * page is one index range), in one repeatable-read transaction.
 */
export async function readWholeDataset(
  pool: pg.Pool,
  scope: string,
  key: string,
  pageSize: number,
  onPage: (rows: { id: string; hash: number; raw: string; generation: number }[]) => Promise<void>,
): Promise<number> {
  return inPgTransaction(pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => {
    const gen = await client.query<{ generation: string }>('SELECT generation FROM relay_datasets WHERE scope = $1 AND key = $2 AND removed_at IS NULL', [scope, key]);
    let after = '';
    for (;;) {
      const page = await client.query<{ id: string; hash: string; raw: string; generation: string }>(
        'SELECT id, hash, raw, generation FROM relay_rows WHERE scope = $1 AND key = $2 AND raw IS NOT NULL AND id > $3 ORDER BY id LIMIT $4',
        [scope, key, after, pageSize],
      );
      if (!page.rows.length) break;
      await onPage(page.rows.map((r) => ({ id: r.id, hash: Number(r.hash), raw: r.raw, generation: Number(r.generation) })));
      after = page.rows[page.rows.length - 1].id;
    }
    return Number(gen.rows[0]?.generation ?? 0);
  });
}
