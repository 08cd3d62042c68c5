// One transaction on a client of the relay's pool. A connection PostgreSQL ends meanwhile (a restart)
// fails the next query: the transaction is PostgreSQL's to roll back, and the connection is not given
// back to the pool.
import type pg from 'pg';

/** Runs `work` between `begin` and COMMIT on one client; rolls back and rethrows when it fails. */
export async function inPgTransaction<T>(pool: pg.Pool, begin: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  const onError = () => (broken = true);
  client.on('error', onError);
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}
