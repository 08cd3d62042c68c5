// A dataset's whole answer, every page of it, or a 304 that confirms what is kept.
import type { WholeStockWhy } from '../../../contract/types.ts';
import type { StreamResponse } from '../../api/json-stream-request.ts';
import { markUnchanged } from '../../db/write/datasets.ts';
import { type DatasetRow } from '../../db/read/datasets.ts';
import { type DatasetSpec } from '../../mirror/dataset-state.ts';
import { inOneWrite } from '../../db/write/in-one-write.ts';
import { writeStockRefresh } from '../../db/stock-refresh/write.ts';
import { type HistoryMark } from '../../db/stock-refresh/read.ts';
import { AisleError } from '../../../contract/errors.ts';
import { ListPages, readMemory, writeMemory } from '../list-paging.ts';
import { idFields, recordIdOf } from '../record-id.ts';
import { pageRebuilder } from '../page-etags.ts';
import { applyAnswer, type Applied } from './apply-answer.ts';
import { openRequest } from './open-request.ts';
import type { RoundState } from './round-state.ts';

/**
 * The whole answer, every page of it, asked for with the ETag kept (a 304 confirms what is kept),
 * applied in one transaction; null after a 304. The paging the server showed last time is asked for
 * from the first page (list-paging.ts). A list of several pages has each page asked with its own
 * ETag: a 304 for every page is unchanged, and a page answered 304 among changed ones is rebuilt
 * from the stored records (page-etags.ts).
 */
export async function readWhole(r: RoundState, spec: DatasetSpec, datasetId: number, row: DatasetRow, held: boolean, expectedRows: number | null, mark: HistoryMark | null, why: WholeStockWhy | null): Promise<Applied | null> {
  const { db, limits } = r;
  const memory = spec.log ? null : readMemory(db, datasetId, spec.key);
  // a held dataset's pages are read whole: the pages kept are of what was applied, not of what was held
  const idOf = recordIdOf(idFields(db, spec.list, spec.table));
  const rebuild = held ? undefined : pageRebuilder(db, spec.table, datasetId, idOf);
  // a log's request is paged by the server like any list (its older requests each get their own pages)
  const pages = new ListPages({ baseUrl: r.options.baseUrl, path: spec.path, memory, pageSize: limits.pageSize, maxPages: limits.maxPages, rebuild, idOf });
  const first = { ...spec, path: pages.firstPath() };
  const etag = memory !== null && memory.pages > 1 ? null : held ? row.held_etag : row.etag;
  // an earlier Aisle kept no size: the rows it has, at about a kilobyte each
  const expectedBytes = memory?.bytes ?? (row.rows > 0 ? row.rows * 1000 : null);
  const fullRead = (at: string) => (mark ? () => writeStockRefresh(db, datasetId, { fullAt: at, mark }) : undefined);
  // a list's pages are each asked with their own ETag (list-paging.ts, page-etags.ts)
  const openFirst = (reading = pages) => (reading ? reading.open(first.path, (path, tag) => openRequest(r, { ...spec, path }, tag, why, expectedBytes), etag) : openRequest(r, first, etag, why, expectedBytes));
  let askedAt = Date.now();
  let response: StreamResponse | null = await openFirst();
  const answeredAt = Date.now();
  return r.lock.run(async () => {
    // Another dataset was applying: this body waited, its first bytes in the connection's buffers
    // (the server's work meanwhile not lost). One that waited long enough to come near its stall
    // timeout, or broke meanwhile, is asked for again.
    if (response?.status === 200 && (response.body.destroyed || Date.now() - answeredAt > r.waitedTooLong)) {
      response.body.destroy();
      response = null;
    }
    if (response === null) askedAt = Date.now();
    const answer = response ?? (await openFirst());
    if (answer.status === 304) {
      const at = new Date().toISOString();
      if (!held) {
        inOneWrite(db, () => {
          markUnchanged(db, datasetId, at);
          fullRead(at)?.();
        });
      }
      return null;
    }
    const fullReadNow = fullRead(new Date().toISOString());
    const read = (got: StreamResponse & { status: 200 }, reading: ListPages | null) => {
      const alsoCommit = (bytes: number) => {
        fullReadNow?.();
        if (reading && !spec.log) writeMemory(db, datasetId, reading.memory(spec.key, bytes));
      };
      return applyAnswer(r, spec, datasetId, got.body, { etag: got.etag, expectedRows, pages: reading ?? undefined, link: got.link, headerTotal: got.total ?? null, askedAt, expectedBytes, alsoCommit });
    };
    return read(answer, pages).catch(async (error: unknown) => {
      // pages kept from the last reading that do not fit the pages read now (a server whose ETags
      // leave out its totals): the whole list, read again without them
      if (!pages?.reused || !(error instanceof AisleError && error.code === 'bad_response')) throw error;
      const whole = pages.withoutReuse();
      const again = await openFirst(whole);
      if (again.status !== 200) throw error;
      return read(again, whole);
    });
  });
}
