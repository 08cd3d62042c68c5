// A seat that stops reading a dataset whole (it went away, or nginx gave up on a slow answer) while
// the relay is fetching the next page from PostgreSQL: the read must end and give its connection
// back. A read that instead waits for the seat to take that page holds its connection idle in a
// transaction for good, and once the pool's connections are all held so, the relay answers nothing.
// A private PostgreSQL, the relay's own publish and whole answer.
import { describe, expect, it } from 'vitest';
import { beginPublish } from '../../electron/core/db/relay-pg/publish.ts';
import { relayDatasetHead } from '../../electron/core/db/relay-pg/reads.ts';
import { wholeAt } from '../../electron/core/entrances/relay.ts';
import { relayPostgresForFile } from '../support/relay/pg-pool.ts';

const SCOPE = 'license-1';
const KEY = 'items';
/** Several of the relay's pages (2,000 rows each). */
const ROWS = 9_000;

const relayPg = relayPostgresForFile({
  max: 2,
  ready: async (pool) => {
    const tx = await beginPublish(pool, { scope: SCOPE, key: KEY, list: 'items', scopeKind: 'license', scopeId: null });
    const rows = Array.from({ length: ROWS }, (_, n) => ({ id: `item-${String(n).padStart(6, '0')}`, hash: n, raw: JSON.stringify({ id: n, name: `Item ${n}` }) }));
    await tx.writeRows(rows, 1);
    await tx.commit({ generation: 1, horizon: 1, sourceEtag: null, readAt: null });
  },
});

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms))]);

describe('a whole answer whose seat stops reading', () => {
  it('ends its read and gives the PostgreSQL connection back, even while the next page is being fetched', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const head = (await relayDatasetHead(relayPg.pool, SCOPE, KEY))!;
      const body = wholeAt(relayPg.pool, head, SCOPE, head.generation).body as AsyncIterable<Buffer>;
      const parts = body[Symbol.asyncIterator]();
      expect((await parts.next()).value!.toString()).toBe('[');
      expect((await parts.next()).value!.length).toBeGreaterThan(0);
      // the seat goes away now: the relay is already asking PostgreSQL for the next page
      await within(parts.return!(undefined), 5_000, 'the stopped read');
      expect(relayPg.pool.totalCount - relayPg.pool.idleCount).toBe(0);
    }
    const open = await relayPg.pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'idle in transaction'");
    expect(Number(open.rows[0].n)).toBe(0);
  });
});
