// One dataset of the round: skipped while the server says it does not offer it, else read
// (read-answer.ts); an error is said in words on the dataset and in the round's result.
import { datasetByKey, scopeGone, type DatasetRow } from '../../db/read/datasets.ts';
import { ensureDataset, markAttempt, markError } from '../../db/write/datasets.ts';
import { type DatasetSpec } from '../../mirror/dataset-state.ts';
import { listError, NOT_OFFERED_RETRY_MS } from '../list-errors.ts';
import { isUnscopedAnswer } from '../../db/write/snapshot/facility-scope.ts';
import { readAnswer } from './read-answer.ts';
import { asAisleError, pastRoundDeadline } from './round-errors.ts';
import { progress, type RoundState } from './round-state.ts';

export async function readDataset(r: RoundState, spec: DatasetSpec): Promise<void> {
  const { db, lock, results } = r;
  // a dataset kept while its account or facility is missing from the server's list is marked
  // not_found too (unplanned-datasets.ts); it is read again as soon as its scope is back
  const before = await lock.run(() => {
    const row = datasetByKey(db, spec.key);
    return row && scopeGone(db, row.dataset_id) === null ? row : undefined;
  });
  if (before && !r.options.manual && notOfferedLately(before)) {
    // the server said it does not have this list: not asked again every round (Sync now does)
    const error = { code: before.last_error_code!, message: before.last_error_message ?? '' };
    r.options.onProgress?.({ key: spec.key, list: spec.list, scopeId: spec.scopeId, phase: 'error', rows: 0, bytes: 0, expectedRows: null, error });
    results.push({ key: spec.key, outcome: 'error', rows: before.rows, bytes: 0, error });
    return;
  }
  const { datasetId, row } = await lock.run(() => {
    const id = ensureDataset(db, spec);
    markAttempt(db, id, new Date().toISOString());
    return { datasetId: id, row: datasetByKey(db, spec.key)! };
  });
  const expectedRows = row.last_success_at ? row.rows : null;
  progress(r, spec, 'queued', 0, 0, expectedRows);
  try {
    await readAnswer(r, spec, datasetId, row, expectedRows);
  } catch (error) {
    const raw = asAisleError(error);
    if (isUnscopedAnswer(raw)) r.forms.forget(spec);
    if (raw.code === 'offline') r.offline = raw;
    const e = r.roundDeadline?.signal.aborted && !r.options.signal?.aborted ? pastRoundDeadline(r, spec) : listError(spec, raw);
    const said = { code: e.code, message: e.message, ...(e.notice ? { notice: e.notice } : {}) };
    await lock.run(() => markError(db, datasetId, said));
    progress(r, spec, 'error', 0, 0, expectedRows, e);
    results.push({ key: spec.key, outcome: 'error', rows: row.rows, bytes: 0, error: said });
  }
}

/** A list the server answered 404 for, within the last NOT_OFFERED_RETRY_MS. */
function notOfferedLately(row: DatasetRow, now = Date.now()): boolean {
  return row.last_error_code === 'not_found' && row.last_attempt_at !== null && now - Date.parse(row.last_attempt_at) < NOT_OFFERED_RETRY_MS;
}
