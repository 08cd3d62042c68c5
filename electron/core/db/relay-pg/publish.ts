// Writing one dataset's round into PostgreSQL: everything between begin and commit is one
// transaction, so a reader sees the dataset at one generation or the next, never between, and a
// relay killed half-way leaves the last generation as it was.
import type pg from 'pg';

export interface RelayDatasetIdentity {
  /** The license whose service user read it. */
  scope: string;
  key: string;
  list: string;
  scopeKind: string;
  scopeId: string | null;
}

export interface PublishTx {
  /** The dataset's generation and horizon before this round (0, 0 for a new one). */
  readonly generation: number;
  readonly horizon: number;
  /** The dataset was removed from the catalog (remove.ts): it holds no rows, and its next generation is a first load. */
  readonly removed: boolean;
  /** The etag of the reading the last generation was made from. */
  readonly sourceEtag: string | null;
  /** Every live row's id and content hash. */
  /** Every live row's content hash, read `pageRows` at a time. */
  liveHashes(pageRows?: number): Promise<Map<string, number>>;
  /** The times of these live events of a log (null for a row written without one). */
  eventTimes(ids: readonly string[]): Promise<Map<string, string | null>>;
  writeRows(rows: readonly { id: string; hash: number; raw: string; time?: string | null }[], generation: number): Promise<void>;
  writeTombstones(ids: readonly string[], generation: number): Promise<void>;
  writeChunk(generation: number, changed: number, deleted: number, bodyGzip: Buffer): Promise<void>;
  /** Chunks and tombstones at or below the horizon are no longer kept. */
  dropBelow(horizon: number): Promise<void>;
  commit(state: { generation: number; horizon: number; sourceEtag: string | null; readAt: string | null }): Promise<void>;
  rollback(): Promise<void>;
}

const LIVE_PAGE_ROWS = 50_000;

export async function beginPublish(pool: pg.Pool, ds: RelayDatasetIdentity): Promise<PublishTx> {
  const client = await pool.connect();
  // a connection PostgreSQL ends mid-transaction (a restart) fails the next query; the transaction
  // is PostgreSQL's to roll back, and the connection is not given back to the pool
  let broken = false;
  const onError = () => (broken = true);
  client.on('error', onError);
  let done = false;
  const end = async (sql: string) => {
    if (done) return;
    done = true;
    try {
      await client.query(sql);
    } catch (error) {
      broken = true;
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  };
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO relay_datasets (scope, key, list, scope_kind, scope_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (scope, key) DO NOTHING`,
      [ds.scope, ds.key, ds.list, ds.scopeKind, ds.scopeId],
    );
    const head = await client.query<{ generation: string; horizon: string; source_etag: string | null; removed: boolean }>(
      'SELECT generation, horizon, source_etag, removed_at IS NOT NULL AS removed FROM relay_datasets WHERE scope = $1 AND key = $2 FOR UPDATE',
      [ds.scope, ds.key],
    );
    const { generation, horizon, source_etag, removed } = head.rows[0];
    return {
      generation: Number(generation),
      horizon: Number(horizon),
      removed,
      sourceEtag: source_etag,
      async liveHashes(pageRows = LIVE_PAGE_ROWS) {
        // page by page along the primary key: one result of a stock of millions of rows is held whole
        // as row objects beside the map made of it, which doubled the relay's memory while it published
        const live = new Map<string, number>();
        let after = '';
        for (;;) {
          const page = await client.query<{ id: string; hash: string }>('SELECT id, hash FROM relay_rows WHERE scope = $1 AND key = $2 AND raw IS NOT NULL AND id > $3 ORDER BY id LIMIT $4', [ds.scope, ds.key, after, pageRows]);
          for (const r of page.rows) live.set(r.id, Number(r.hash));
          if (page.rows.length < pageRows) return live;
          after = page.rows[page.rows.length - 1].id;
        }
      },
      async eventTimes(ids) {
        const result = await client.query<{ id: string; event_at: string | null }>('SELECT id, event_at FROM relay_rows WHERE scope = $1 AND key = $2 AND id = ANY($3::text[])', [ds.scope, ds.key, ids]);
        return new Map(result.rows.map((r) => [r.id, r.event_at]));
      },
      async writeRows(rows, gen) {
        if (!rows.length) return;
        await client.query(
          `INSERT INTO relay_rows (scope, key, id, hash, raw, generation, event_at)
           SELECT $1, $2, r.id, r.hash, r.raw, $3, r.event_at FROM unnest($4::text[], $5::bigint[], $6::text[], $7::text[]) AS r(id, hash, raw, event_at)
           ON CONFLICT (scope, key, id) DO UPDATE SET hash = EXCLUDED.hash, raw = EXCLUDED.raw, generation = EXCLUDED.generation, event_at = EXCLUDED.event_at`,
          [ds.scope, ds.key, gen, rows.map((r) => r.id), rows.map((r) => r.hash), rows.map((r) => r.raw), rows.map((r) => r.time ?? null)],
        );
      },
      async writeTombstones(ids, gen) {
        if (!ids.length) return;
        await client.query('UPDATE relay_rows SET raw = NULL, generation = $3 WHERE scope = $1 AND key = $2 AND id = ANY($4::text[])', [ds.scope, ds.key, gen, ids]);
      },
      async writeChunk(gen, changed, deleted, bodyGzip) {
        await client.query('INSERT INTO relay_chunks (scope, key, generation, changed, deleted, body_gzip) VALUES ($1, $2, $3, $4, $5, $6)', [ds.scope, ds.key, gen, changed, deleted, bodyGzip]);
      },
      async dropBelow(h) {
        await client.query('DELETE FROM relay_chunks WHERE scope = $1 AND key = $2 AND generation <= $3', [ds.scope, ds.key, h]);
        await client.query('DELETE FROM relay_rows WHERE scope = $1 AND key = $2 AND raw IS NULL AND generation <= $3', [ds.scope, ds.key, h]);
      },
      async commit(state) {
        try {
          await client.query('UPDATE relay_datasets SET generation = $3, horizon = $4, source_etag = $5, read_at = $6, removed_at = NULL WHERE scope = $1 AND key = $2', [
            ds.scope,
            ds.key,
            state.generation,
            state.horizon,
            state.sourceEtag,
            state.readAt,
          ]);
        } catch (error) {
          await end('ROLLBACK').catch(() => undefined);
          throw error;
        }
        await end('COMMIT');
      },
      rollback: () => end('ROLLBACK'),
    };
  } catch (error) {
    await end('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
