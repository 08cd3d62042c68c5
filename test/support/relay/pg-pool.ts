// A private PostgreSQL holding the relay's schema, with a pool on it, for the tests of one file:
// started before them, the pool ended and PostgreSQL removed after them (postgres.ts).
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { ensureRelaySchema } from '../../../electron/core/entrances/relay.ts';
import { startTestPostgres, type TestPostgres } from './postgres.ts';

export interface RelayPostgres {
  readonly pool: pg.Pool;
  readonly postgres: TestPostgres;
}

/** `max`: the pool's connections (pg's default when left out); `ready`: more setup on the pool, before the tests. */
export function relayPostgresForFile(options: { max?: number; ready?: (pool: pg.Pool) => Promise<void> } = {}): RelayPostgres {
  let postgres: TestPostgres | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    postgres = await startTestPostgres();
    pool = new pg.Pool({ connectionString: postgres.url, ...(options.max ? { max: options.max } : {}) });
    pool.on('error', () => undefined); // a connection still closing when PostgreSQL stops at the end
    await ensureRelaySchema(pool);
    await options.ready?.(pool);
  }, 120_000);
  afterAll(async () => {
    try {
      await pool?.end();
    } finally {
      await postgres?.remove();
    }
  });
  return {
    get pool() {
      if (!pool) throw new Error('the relay PostgreSQL is not started: use it inside a test');
      return pool;
    },
    get postgres() {
      if (!postgres) throw new Error('the relay PostgreSQL is not started: use it inside a test');
      return postgres;
    },
  };
}
