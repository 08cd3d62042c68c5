// A facility's stock or history answer holds that facility's records only. A server that ignores
// how the facility was asked for (a request form it does not read) answers every facility's stock:
// filed under one facility, the mirror would show another facility's stock as this one's. Each
// record that names its facility (the field map's facility reference) is checked; the first that
// names another ends the apply, nothing of it kept, and the request form is not learned. An answer
// to a request that did not name the facility at all must have every record name it.
import { AisleError } from '../../../../contract/errors.ts';
import type { WriteDb } from '../../handles.ts';
import { facilityRefs } from '../../read/scopes.ts';
import type { Json, SnapshotPlan } from './plan.ts';
import type { SnapshotScope } from './types.ts';

const UNSCOPED = new WeakSet<AisleError>();

/** An apply ended because its answer held another facility's records (request-forms.ts then forgets the form). */
export function isUnscopedAnswer(error: unknown): boolean {
  return error instanceof AisleError && UNSCOPED.has(error);
}

/** The ways a record may name the scope's facility (its id, code or name); null when the dataset is not a facility's stock or history. */
export function ownFacility(db: WriteDb, scope: SnapshotScope): ReadonlySet<string> | null {
  if ((scope.table !== 'inventory' && scope.table !== 'history') || scope.scopeId === null) return null;
  const facility = facilityRefs(db).find((f) => f.id === scope.scopeId);
  return new Set([scope.scopeId, facility?.code, facility?.name].filter((name): name is string => !!name));
}

/** The error of a record that names another facility (`named`, read from `field`). */
export function otherFacility(scope: SnapshotScope, field: string, named: string): AisleError {
  // a facility the profile names without a name (or code) is named by its id
  const scopeName = scope.scopeName || scope.scopeId;
  const error = new AisleError(
    'bad_response',
    `${scope.label ?? scope.list} of ${scopeName}: the server's answer holds records of another facility (\`${named}\` in the field \`${field}\`): ` +
      `it did not filter by facility in the request Aisle sent, so nothing of it was applied and the offline data keeps what it had.`,
  );
  UNSCOPED.add(error);
  return error;
}

/** The record names a facility in its facility field (the scope's, checked apart): a text, a number or a flag, as a column reads it. */
export function namesFacility(plan: SnapshotPlan, record: Json, field: string | null): boolean {
  if (field === null) return false;
  const value = plan.fieldValue(record, field);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The error of an answer to a request that did not name the facility, whose records do not either. */
export function unprovenFacility(scope: SnapshotScope, field: string | null): AisleError {
  // a facility the profile names without a name (or code) is named by its id
  const scopeName = scope.scopeName || scope.scopeId;
  const error = new AisleError(
    'bad_response',
    `${scope.label ?? scope.list} of ${scopeName}: the server answered only a request that does not name the facility, and its records do not name one ` +
      `(${field ? `no \`${field}\` in a record` : 'no facility field'}): nothing proves the answer is ${scopeName}'s, so nothing of it was applied and the offline data keeps what it had.`,
  );
  UNSCOPED.add(error);
  return error;
}
