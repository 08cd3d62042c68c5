// The relay's reading of a dataset's live rows before it publishes a round: page by page along the
// primary key, every live row once with its hash, no tombstone, no row of another dataset. A private
// PostgreSQL and the relay's own publish.
import { describe, expect, it } from 'vitest';
import { beginPublish } from '../../electron/core/db/relay-pg/publish.ts';
import { relayPostgresForFile } from '../support/relay/pg-pool.ts';

const SCOPE = 'license-1';
const dataset = (key: string) => ({ scope: SCOPE, key, list: 'items', scopeKind: 'license', scopeId: null });

const relayPg = relayPostgresForFile({ max: 2 });

describe('the live rows of a dataset', () => {
  it('are read whole across pages: every live row once with its hash, without tombstones or another dataset', async () => {
    // ids whose text order is not their number order, so a page boundary falls between neighbours
    const rows = Array.from({ length: 2_500 }, (_, n) => ({ id: `item-${n}`, hash: n * 7 - 3_000, raw: JSON.stringify({ n }) }));
    const first = await beginPublish(relayPg.pool, dataset('items'));
    await first.writeRows(rows, 1);
    await first.commit({ generation: 1, horizon: 1, sourceEtag: null, readAt: null });
    const other = await beginPublish(relayPg.pool, dataset('other'));
    await other.writeRows([{ id: 'item-1', hash: 1, raw: '{}' }, { id: 'zzz', hash: 2, raw: '{}' }], 1);
    await other.commit({ generation: 1, horizon: 1, sourceEtag: null, readAt: null });
    const second = await beginPublish(relayPg.pool, dataset('items'));
    const gone = rows.filter((_, n) => n % 250 === 0).map((r) => r.id);
    await second.writeTombstones(gone, 2);
    await second.commit({ generation: 2, horizon: 1, sourceEtag: null, readAt: null });

    const expected = new Map(rows.filter((r) => !gone.includes(r.id)).map((r) => [r.id, r.hash]));
    for (const pageRows of [1_000, 2_490, 2_500, 50_000]) {
      const tx = await beginPublish(relayPg.pool, dataset('items'));
      try {
        expect(await tx.liveHashes(pageRows), `pages of ${pageRows}`).toEqual(expected);
      } finally {
        await tx.rollback();
      }
    }
  });
});
