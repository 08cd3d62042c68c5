// A dataset's whole answer, every page of it, or a 304 that confirms what is kept.
import type { WholeStockWhy } from '../../../contract/types.ts';
import type { StreamResponse } from '../../api/json-stream-request.ts';
import { markUnchanged, type DatasetRow, type DatasetSpec } from '../../mirror/dataset-state.ts';
import { writeStockRefresh, type HistoryMark } from '../../mirror/stock-refresh.ts';
import { ListPages, readMemory, writeMemory } from '../list-paging.ts';
import { applyAnswer, type Applied } from './apply-answer.ts';
import { openRequest } from './open-request.ts';
import type { RoundState } from './round-state.ts';

/**
 * The whole answer, every page of it, asked for with the ETag kept (a 304 confirms what is kept),
 * applied in one transaction; null after a 304. The paging the server showed last time is asked for
 * from the first page (list-paging.ts). A page's ETag vouches for that page only: a server that
 * pages usually hashes each page's body (Spring's ShallowEtagHeaderFilter does), and a record
 * changed on page 3 leaves page 1 and its totals as they were. So a 304 is trusted only for a list
 * whose last complete reading was one page, asked for the same way; a list of several pages is read
 * whole each round (unchanged records cost no write: the applier compares content hashes).
 */
export async function readWhole(r: RoundState, spec: DatasetSpec, datasetId: number, row: DatasetRow, held: boolean, expectedRows: number | null, mark: HistoryMark | null, why: WholeStockWhy | null): Promise<Applied | null> {
  const { db, limits } = r;
  const memory = spec.log ? null : readMemory(db, datasetId, spec.key);
  const pages = spec.log ? null : new ListPages({ baseUrl: r.options.baseUrl, path: spec.path, memory, pageSize: limits.pageSize, maxPages: limits.maxPages });
  const first = pages ? { ...spec, path: pages.firstPath() } : spec;
  const etag = memory !== null && memory.pages > 1 ? null : held ? row.held_etag : row.etag;
  // an earlier Aisle kept no size: the rows it has, at about a kilobyte each
  const expectedBytes = memory?.bytes ?? (row.rows > 0 ? row.rows * 1000 : null);
  const fullRead = (at: string) => (mark ? () => writeStockRefresh(db, datasetId, { fullAt: at, mark }) : undefined);
  let response: StreamResponse | null = await openRequest(r, first, etag, why, expectedBytes);
  const answeredAt = Date.now();
  return r.lock.run(async () => {
    // Another dataset was applying: this body waited, its first bytes in the connection's buffers
    // (the server's work meanwhile not lost). One that waited long enough to come near its stall
    // timeout, or broke meanwhile, is asked for again.
    if (response?.status === 200 && (response.body.destroyed || Date.now() - answeredAt > r.waitedTooLong)) {
      response.body.destroy();
      response = null;
    }
    const answer = response ?? (await openRequest(r, first, etag, why, expectedBytes));
    if (answer.status === 304) {
      const at = new Date().toISOString();
      if (!held) {
        db.transaction(() => {
          markUnchanged(db, datasetId, at);
          fullRead(at)?.();
        })();
      }
      return null;
    }
    const fullReadNow = fullRead(new Date().toISOString());
    const alsoCommit = (bytes: number) => {
      fullReadNow?.();
      if (pages) writeMemory(db, datasetId, pages.memory(spec.key, bytes));
    };
    return applyAnswer(r, spec, datasetId, answer.body, { etag: answer.etag, expectedRows, pages: pages ?? undefined, link: answer.link, expectedBytes, alsoCommit });
  });
}
