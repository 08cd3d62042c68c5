// An answer that no longer carries a field the list's records are found by (the plan's watch): the
// apply is rolled back, the dataset keeps what it held, and the field is noted with the time it was
// first missed, for the dataset's status and `aisle fields`.
import type { AisleError } from '../../../../contract/errors.ts';
import { noteMissing } from '../datasets.ts';
import type { MissingField } from './plan.ts';
import type { SnapshotState } from './state.ts';

/** Call after the rollback: the note is written on its own. */
export function missingFieldFailure(s: SnapshotState, missing: MissingField, at: string): AisleError {
  const note = noteMissing(s.db, s.datasetId, { list: s.scope.list, column: missing.column, field: missing.field, nowCarried: missing.nowCarried }, at);
  return s.plan.missingFieldError(missing, note.since);
}
