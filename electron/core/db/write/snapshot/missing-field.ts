// An answer that no longer carries a field the list's records are found by (field-watch.ts): the
// apply is rolled back, the dataset keeps what it held, and the field is noted with the time it was
// first missed, for the dataset's status and `aisle fields`.
import type { AisleError } from '../../../../contract/errors.ts';
import { noteMissing } from '../../../lists/field-map-state.ts';
import { missingFieldError, type MissingField } from '../../../lists/field-watch.ts';
import type { SnapshotState } from './state.ts';

/** Call after the rollback: the note is written on its own. */
export function missingFieldFailure(s: SnapshotState, missing: MissingField, at: string): AisleError {
  const { list, label, scopeId, scopeName } = s.scope;
  const note = noteMissing(s.db, s.datasetId, { list, column: missing.column, field: missing.field, nowCarried: missing.nowCarried }, at);
  const scope = scopeName ?? scopeId;
  return missingFieldError(`${label ?? list}${scope ? ` of ${scope}` : ''}`, list, missing, note.since);
}
