// The relay's tables in PostgreSQL. Per scope (a license) and dataset: its current generation, the
// horizon below which a caller gets the dataset whole, and when the relay last read it from the
// warehouse server; per row its content hash, its record (null for a tombstone) and the generation
// in which it last changed, and for an event of a log (history) its time; per generation one immutable chunk of what changed, gzipped once.
// A dataset the relay's mirror dropped keeps its row in relay_datasets, marked removed (its rows and
// chunks deleted): its generations go on counting if it comes back (remove.ts says why).
import type pg from 'pg';

export const RELAY_SCHEMA = `
CREATE TABLE IF NOT EXISTS relay_datasets (
  scope text NOT NULL,
  key text NOT NULL,
  list text NOT NULL,
  scope_kind text NOT NULL,
  scope_id text,
  generation bigint NOT NULL DEFAULT 0,
  horizon bigint NOT NULL DEFAULT 0,
  source_etag text,
  read_at timestamptz,
  PRIMARY KEY (scope, key)
);
ALTER TABLE relay_datasets ADD COLUMN IF NOT EXISTS removed_at timestamptz;
CREATE TABLE IF NOT EXISTS relay_rows (
  scope text NOT NULL,
  key text NOT NULL,
  id text NOT NULL,
  hash bigint NOT NULL,
  raw text,
  generation bigint NOT NULL,
  PRIMARY KEY (scope, key, id)
);
ALTER TABLE relay_rows ADD COLUMN IF NOT EXISTS event_at text;
CREATE INDEX IF NOT EXISTS relay_rows_by_generation ON relay_rows (scope, key, generation);
CREATE TABLE IF NOT EXISTS relay_chunks (
  scope text NOT NULL,
  key text NOT NULL,
  generation bigint NOT NULL,
  changed integer NOT NULL,
  deleted integer NOT NULL,
  body_gzip bytea NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key, generation)
);
`;

/** Creates the tables when missing; several relay processes may start at once, so one at a time. */
export async function ensureRelaySchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('aisle-relay:schema'))");
    await client.query(RELAY_SCHEMA);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
