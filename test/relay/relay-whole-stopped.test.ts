// A seat that stops reading a dataset whole (it went away, or nginx gave up on a slow answer) while
// the relay is fetching the next page from PostgreSQL: the read must end and give its connection
// back. A read that instead waits for the seat to take that page holds its connection idle in a
// transaction for good, and once the pool's connections are all held so, the relay answers nothing.
// A private PostgreSQL, the relay's own publish and whole answer.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginPublish } from '../../electron/core/db/relay-pg/publish.ts';
import { relayDatasetHead } from '../../electron/core/db/relay-pg/reads.ts';
import { ensureRelaySchema, wholeAt } from '../../electron/core/entrances/relay.ts';
import { startTestPostgres, type TestPostgres } from '../support/relay/postgres.ts';

const SCOPE = 'license-1';
const KEY = 'items';
/** Several of the relay's pages (2,000 rows each). */
const ROWS = 9_000;

let postgres: TestPostgres;
let pool: pg.Pool;

beforeAll(async () => {
  postgres = await startTestPostgres();
  pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
  pool.on('error', () => undefined); // a connection still closing when PostgreSQL stops at the end
  await ensureRelaySchema(pool);
  const tx = await beginPublish(pool, { scope: SCOPE, key: KEY, list: 'items', scopeKind: 'license', scopeId: null });
  const rows = Array.from({ length: ROWS }, (_, n) => ({ id: `item-${String(n).padStart(6, '0')}`, hash: n, raw: JSON.stringify({ id: n, name: `Item ${n}` }) }));
  await tx.writeRows(rows, 1);
  await tx.commit({ generation: 1, horizon: 1, sourceEtag: null, readAt: null });
}, 120_000);

afterAll(async () => {
  try {
    await pool?.end();
  } finally {
    await postgres?.remove();
  }
});

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms))]);

describe('a whole answer whose seat stops reading', () => {
  it('ends its read and gives the PostgreSQL connection back, even while the next page is being fetched', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const head = (await relayDatasetHead(pool, SCOPE, KEY))!;
      const body = wholeAt(pool, head, SCOPE, head.generation).body as AsyncIterable<Buffer>;
      const parts = body[Symbol.asyncIterator]();
      expect((await parts.next()).value!.toString()).toBe('[');
      expect((await parts.next()).value!.length).toBeGreaterThan(0);
      // the seat goes away now: the relay is already asking PostgreSQL for the next page
      await within(parts.return!(undefined), 5_000, 'the stopped read');
      expect(pool.totalCount - pool.idleCount).toBe(0);
    }
    const open = await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'idle in transaction'");
    expect(Number(open.rows[0].n)).toBe(0);
  });
});
