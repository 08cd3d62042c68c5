// A facility's stock, read in full, in part (the items that moved), or not at all (db/stock-refresh/).
import { AisleError } from '../../../contract/errors.ts';
import { datasetByKey } from '../../db/read/datasets.ts';
import { type DatasetSpec } from '../../mirror/dataset-state.ts';
import { historyMark, type HistoryMark } from '../../db/stock-refresh/read.ts';
import { planStockReading, type StockReading } from '../../db/stock-refresh/plan.ts';
import { writeStockRefresh } from '../../db/stock-refresh/write.ts';
import { kept } from '../dataset-registry.ts';
import { applyAnswer, type Applied } from './apply-answer.ts';
import { openRequest } from './open-request.ts';
import type { RoundState } from './round-state.ts';

/** Items asked for in one request when a dataset is read in part (a body of ~80 KB of ids). */
export const PART_VALUES_PER_REQUEST = 2_000;

/** A facility's stock, this round: read in full, in part, or not at all (db/stock-refresh/); null for other datasets. */
export function stockReading(r: RoundState, spec: DatasetSpec, datasetId: number): { reading: StockReading; mark: HistoryMark } | null {
  if (!spec.refresh) return null;
  const { db, results } = r;
  const historySpec = spec.refresh.history ? r.scoped.find((s) => s.key === spec.refresh!.history) : undefined;
  const history = historySpec ? datasetByKey(db, historySpec.key) : undefined;
  const outcome = historySpec && results.find((x) => x.key === historySpec.key)?.outcome;
  // the items deleted this round are known only when every items dataset was read
  const itemsRead = kept('items', r.options.plan) && r.scoped.filter((s) => s.list === 'items').every((s) => ['applied', 'unchanged'].includes(results.find((x) => x.key === s.key)?.outcome ?? ''));
  const reading = planStockReading(db, {
    stockDatasetId: datasetId,
    itemsRead,
    history: history && historySpec?.log ? { datasetId: history.dataset_id, maxRows: historySpec.log.maxRows, readThisRound: outcome === 'applied' || outcome === 'unchanged' } : null,
    fullEveryMinutes: spec.refresh.fullEveryMinutes,
    now: Date.now(),
  });
  return { reading, mark: historyMark(db, history?.dataset_id ?? null) };
}

/**
 * The answer for some items only (a stock's items that moved), in requests of at most
 * PART_VALUES_PER_REQUEST, applied in one transaction. It has no ETag of its own and leaves none:
 * the next full reading downloads the whole answer again.
 */
export function readPart(r: RoundState, spec: DatasetSpec, datasetId: number, values: string[], state: { fullAt: string; mark: HistoryMark }): Promise<Applied> {
  const { field, column } = spec.refresh!;
  const pages: DatasetSpec[] = [];
  for (let at = 0; at < values.length; at += PART_VALUES_PER_REQUEST) pages.push({ ...spec, body: { ...(spec.body as object), [field]: values.slice(at, at + PART_VALUES_PER_REQUEST) } });
  return r.lock.run(async () => {
    const answer = await openRequest(r, pages[0], null);
    if (answer.status !== 200) throw new AisleError('bad_response', `The server answered ${answer.status} for a part of ${spec.label}.`);
    return applyAnswer(r, spec, datasetId, answer.body, { etag: null, expectedRows: null, part: { of: { column, values }, pages: pages.slice(1) }, alsoCommit: () => writeStockRefresh(r.db, datasetId, state) });
  });
}
