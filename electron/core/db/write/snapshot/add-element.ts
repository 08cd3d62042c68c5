// One element of the answer: the usual one, the next stored row unchanged, costs a hash and no
// parse; one found by its leading id unchanged costs no parse either; any other is parsed and stored.
import { AisleError } from '../../../../contract/errors.ts';
import { contentHash } from '../../content-hash.ts';
import type { Json } from './plan.ts';
import type { SnapshotState } from './state.ts';
import { isSame, lookup, markSeen } from './stored-row.ts';
import { askedFor, reject } from './not-kept.ts';
import { decideWaiting, storeRecord } from './store-record.ts';
import type { StoredRow } from './types.ts';

export function addElement(s: SnapshotState, element: Buffer | string): void {
  const bytes = typeof element === 'string' ? Buffer.from(element) : element;
  s.elementBytes += bytes.length;
  if (++s.elements > s.limits.rows || s.elementBytes > s.limits.bytes) s.limits.check(s.elements, s.elementBytes);
  const hash = contentHash(bytes);
  /** The id read from the element's first bytes, and its stored row (undefined: none) when read. */
  let quickId: string | null = null;
  let quick: StoredRow | undefined;
  if (s.previousRows > 0) {
    // The usual element: the next stored row, unchanged. The same content hash means the same
    // bytes, its id among them, so its id is not even read (a collision, at odds of 2^-53,
    // would keep one stored row for one record until its next change, as for any hash here).
    const next = s.walk ? s.stored.peek() : undefined;
    if (next !== undefined && next.hash === hash) {
      s.stored.take();
      return unchanged(s, next);
    }
    quickId = leadingId(bytes);
    if (quickId !== null) quick = storedRowOf(s, quickId);
    if (quick && isSame(s, quick, hash)) {
      if (s.partValues) askedFor(s, quick.part_value ?? null);
      return unchanged(s, quick);
    }
  }
  const json = typeof element === 'string' ? element : bytes.toString('utf8');
  let record: unknown;
  try {
    record = JSON.parse(json);
  } catch (error) {
    throw new AisleError('bad_response', `The server sent invalid JSON: ${(error as Error).message}`, { cause: error });
  }
  s.received++;
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return reject(s, s.received, 'is not a JSON object');
  s.parsed++;
  s.watch?.note(record as Json);
  if (!s.fields) {
    s.waiting.push({ record: record as Json, hash, json, n: s.received });
    if (s.waiting.length >= s.plan.sampleSize) decideWaiting(s);
    return;
  }
  storeRecord(s, record as Json, hash, json, s.received, quickId, quick);
}

/**
 * Bytes kept beside the records (a page's envelope fields, kept to rebuild the page: page-etags.ts):
 * written to the mirror with them, so they count against the same caps, as a total.
 */
export function addKeptBytes(s: SnapshotState, bytes: number): void {
  s.elementBytes += bytes;
  s.keptBytes += bytes;
  if (s.elementBytes > s.limits.bytes) s.limits.check(s.elements, s.elementBytes);
}

function unchanged(s: SnapshotState, row: StoredRow): void {
  s.received++;
  markSeen(s, row);
  s.unchanged++;
}

/** The stored row of an id: the walk's next, a few ahead, or by the id's index (then the walk may follow it). */
function storedRowOf(s: SnapshotState, id: string): StoredRow | undefined {
  if (!s.walk) return lookup(s, id);
  if (s.stored.peek()?.id === id) return s.stored.take();
  const ahead = s.stored.takeAhead(id);
  if (ahead) return ahead;
  const found = lookup(s, id);
  if (found && (found.dataset_id === undefined || found.dataset_id === s.datasetId)) s.stored.foundOutOfOrder(found.rid);
  return found;
}

const ID_PREFIX = Buffer.from('{"id":"');

/** The id of an element that starts `{"id":"<plain characters>"`, without parsing it; else null. */
function leadingId(bytes: Buffer): string | null {
  if (bytes.length < ID_PREFIX.length + 2 || bytes.compare(ID_PREFIX, 0, ID_PREFIX.length, 0, ID_PREFIX.length) !== 0) return null;
  const end = bytes.indexOf(0x22, ID_PREFIX.length);
  if (end <= ID_PREFIX.length) return null;
  const backslash = bytes.indexOf(0x5c, ID_PREFIX.length);
  if (backslash !== -1 && backslash < end) return null;
  return bytes.toString('utf8', ID_PREFIX.length, end);
}
