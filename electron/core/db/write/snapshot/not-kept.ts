// The records a snapshot does not keep: one it cannot store is left out and the rest of the answer
// applies; a part's row it did not ask for ends the part.
import { AisleError } from '../../../../contract/errors.ts';
import type { SnapshotState } from './state.ts';

/** A record not kept: the rest of the answer applies; the first reason is noted for IT. */
export function reject(s: SnapshotState, n: number, why: string): void {
  const { list, scopeId } = s.scope;
  s.rejected++;
  s.rejection ??= `Record ${n} of ${list}${scopeId ? ` (${scopeId})` : ''} ${why}: it was not kept.`;
}

/**
 * A part's answer holds only rows of the values asked for: a server that does not filter by them
 * answers the whole dataset to every request of the part (a large facility's whole stock, once per
 * request). Its first row beyond them ends the part: read whole instead.
 */
export function askedFor(s: SnapshotState, value: string | null): void {
  if (!s.partValues!.has(value as string)) {
    const column = s.part!.column;
    throw new AisleError('bad_response', `The server answered for ${column} ${JSON.stringify(value)}, which it was not asked for: it does not filter by ${column}.`);
  }
}
