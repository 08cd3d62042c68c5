// A dataset's answer this round: a stock read in part, or not at all when nothing moved; else the
// whole answer (or a 304). What came of it is recorded: applied, unchanged or held.
import { AisleError } from '../../../contract/errors.ts';
import type { WholeStockWhy } from '../../../contract/types.ts';
import { markHeld, markUnchanged } from '../../db/write/datasets.ts';
import { type DatasetRow } from '../../db/read/datasets.ts';
import { type DatasetSpec } from '../../mirror/dataset-state.ts';
import { inOneWrite } from '../../db/write/in-one-write.ts';
import { writeStockRefresh } from '../../db/stock-refresh/write.ts';
import type { Applied } from './apply-answer.ts';
import { readPart, stockReading } from './read-part.ts';
import { readWhole } from './read-whole.ts';
import { pastRoundDeadline } from './round-errors.ts';
import { progress, type RoundState } from './round-state.ts';

/** A part the server refused or answered wrongly is read in full instead, in the same round. */
const READ_IN_FULL_AFTER = new Set(['bad_response', 'server_error']);

export async function readAnswer(r: RoundState, spec: DatasetSpec, datasetId: number, row: DatasetRow, expectedRows: number | null): Promise<void> {
  const { db, lock, results } = r;
  const held = row.held_at !== null && !r.allow.has(spec.key);
  if (r.offline) throw r.offline;
  if (r.roundDeadline?.signal.aborted) throw pastRoundDeadline(r, spec);
  const stock = held ? null : await lock.run(() => stockReading(r, spec, datasetId));
  const reading = stock?.reading;
  if (reading?.kind === 'none') {
    // nothing moved since the stock was last read: as fresh as the history read this round
    await lock.run(() =>
      inOneWrite(db, () => {
        markUnchanged(db, datasetId, new Date().toISOString());
        writeStockRefresh(db, datasetId, { fullAt: reading.fullAt, mark: stock!.mark });
      }),
    );
    return unchanged(r, spec, row.rows, row.rows, expectedRows);
  }
  let outcome: Applied | null | undefined;
  // why a stock is read whole, for the diagnostics page
  let why: WholeStockWhy | null = reading?.kind === 'full' ? reading.why : null;
  if (reading?.kind === 'items') {
    outcome = await readPart(r, spec, datasetId, reading.ids, { fullAt: reading.fullAt, mark: stock!.mark }).catch((error: unknown) => {
      if (!(error instanceof AisleError && READ_IN_FULL_AFTER.has(error.code))) throw error;
      why = 'part-failed';
      return undefined;
    });
  }
  outcome ??= await readWhole(r, spec, datasetId, row, held, expectedRows, stock?.mark ?? null, why);
  if (outcome === null) {
    if (held) return heldBack(r, spec, 0, 0, row.rows, expectedRows);
    return unchanged(r, spec, row.rows, row.rows, expectedRows);
  }
  const { result, bytes } = outcome;
  if (result.kind === 'held') {
    await lock.run(() => markHeld(db, datasetId, result.held));
    return heldBack(r, spec, result.held.rows, bytes, row.rows, expectedRows);
  }
  r.written.set(spec.table, (r.written.get(spec.table) ?? 0) + result.inserted + result.updated + result.deleted);
  results.push({ key: spec.key, outcome: 'applied', rows: result.rows, bytes, error: null });
}

function unchanged(r: RoundState, spec: DatasetSpec, shownRows: number, rows: number, expectedRows: number | null): void {
  progress(r, spec, 'unchanged', shownRows, 0, expectedRows);
  r.results.push({ key: spec.key, outcome: 'unchanged', rows, bytes: 0, error: null });
}

function heldBack(r: RoundState, spec: DatasetSpec, shownRows: number, bytes: number, rows: number, expectedRows: number | null): void {
  progress(r, spec, 'held', shownRows, bytes, expectedRows);
  r.results.push({ key: spec.key, outcome: 'held', rows, bytes, error: null });
}
