// Exactly one relay process polls the warehouse server per scope: it holds a session-level advisory
// lock on a connection of its own. When that process dies, PostgreSQL ends its connection and with
// it the lock, and the next process that tries takes it over.
import type pg from 'pg';

export interface PollLock {
  /** Whether this process holds the lock now (tries to take it when not). */
  hold(): Promise<boolean>;
  release(): Promise<void>;
}

export function pollLock(pool: pg.Pool, scope: string): PollLock {
  let client: pg.PoolClient | null = null;
  let held = false;
  let broken = false;
  return {
    async hold() {
      if (client && !broken && held) {
        try {
          await client.query('SELECT 1');
          return true;
        } catch {
          broken = true;
        }
      }
      // a connection PostgreSQL ended (a restart) took the lock with it: a new one tries again
      if (client && broken) {
        client.release(true);
        client = null;
        held = false;
      }
      if (!client) {
        broken = false;
        const fresh = await pool.connect();
        fresh.on('error', () => {
          broken = true;
          held = false;
        });
        client = fresh;
      }
      const result = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtext('aisle-relay-poll:' || $1)) AS ok", [scope]);
      held = result.rows[0].ok;
      return held;
    },
    async release() {
      if (!client) return;
      if (held) await client.query("SELECT pg_advisory_unlock(hashtext('aisle-relay-poll:' || $1))", [scope]).catch(() => undefined);
      client.release();
      client = null;
      held = false;
    },
  };
}
