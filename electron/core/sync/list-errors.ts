// A dataset's failure in words a warehouse's IT team can act on: which list (and for which account
// or facility), which request, which status, and the server's own words.
import { AisleError } from '../../contract/errors.ts';
import type { DatasetSpec } from '../mirror/dataset-state.ts';
import type { RejectedElement } from './json-array-splitter.ts';

/** How long a list the server answered 404 for is left alone before it is asked for again (Sync now asks at once). */
export const NOT_OFFERED_RETRY_MS = 24 * 60 * 60_000;

/** The words of an answer's error (json-stream-request.ts), which name the request already. */
const ANSWERED = /^(GET|POST) \S+ answered /;

/** The list as people know it: "Items of Acme Corp". */
export function listName(spec: Pick<DatasetSpec, 'label' | 'scopeName' | 'scopeId'>): string {
  // a scope the server gave no name (an empty one) is named by its id
  const scope = spec.scopeName || spec.scopeId;
  return scope ? `${spec.label} of ${scope}` : spec.label;
}

/**
 * The error of a dataset, said of its list. An answer's status error already names the request
 * and carries the server's words (json-stream-request.ts); others get the request added.
 */
export function listError(spec: Pick<DatasetSpec, 'label' | 'scopeName' | 'scopeId' | 'path' | 'method'>, error: AisleError): AisleError {
  const name = listName(spec);
  // already said of this list (the request forms' verdict, a cap), or a fact the window words itself (the disk's room, a damaged file)
  if (error.message.startsWith(`${name}:`) || error.notice) return error;
  const request = ANSWERED.test(error.message) ? error.message : `${spec.method} ${spec.path}: ${error.message}`;
  const extra = { status: error.status, retryAfterSeconds: error.retryAfterSeconds, cause: error };
  if (error.code === 'forbidden') return new AisleError('forbidden', `${name}: not included in this license (${request}).`, extra);
  if (error.code === 'not_found') {
    return new AisleError('not_found', `${name}: not offered by this server (${request}). Aisle asks for it again in a day, or at Sync now.`, extra);
  }
  return new AisleError(error.code, `${name}: ${request}`, extra);
}

/** What is said on a dataset applied without some of its records. */
export function rejectedNote(spec: Pick<DatasetSpec, 'label' | 'scopeName' | 'scopeId'>, rejected: readonly RejectedElement[], applied: number, kept: number): string {
  const first = rejected[0];
  const more = rejected.length > 1 ? ` (and ${rejected.length - 1} more)` : '';
  const keptNote = kept > 0 ? ` ${kept} of them kept as last read.` : '';
  return (
    `${listName(spec)}: ${applied} records applied, ${rejected.length} left out as the server sent them: ` +
    `record ${first.index + 1} of its answer is ${first.reason}; it begins ${JSON.stringify(first.begins)}${more}.${keptNote}`
  );
}
