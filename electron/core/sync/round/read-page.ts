// One page of a dataset's answer, streamed into the snapshot applier element by element.
import type { Readable } from 'node:stream';
import { AisleError } from '../../../contract/errors.ts';
import { writeFillBack } from '../../db/first-fill.ts';
import { storedRaw } from '../../db/read/list-rows.ts';
import { TABLES } from '../../mirror/record-tables.ts';
import { timeOrNull } from '../../lists/values.ts';
import type { RejectedElement } from '../json-array-splitter.ts';
import { ListBodyReader } from '../list-body-reader.ts';
import { leadingId } from '../list-paging.ts';
import { fromJsonApi } from '../jsonapi-record.ts';
import type { AnswerState } from './answer-state.ts';
import { pastRoundDeadline } from './round-errors.ts';
import { progress, type RoundState } from './round-state.ts';

const PROGRESS_EVERY_MS = 200;

export interface PageRead {
  /** Records on the page, those left out included. */
  count: number;
  /** The last record of the page (a log's oldest event), null on an empty page. */
  last: Buffer | null;
  /** The page's envelope fields (its paging). */
  fields: ListBodyReader['fields'];
  /** The envelope's field that held the records, when there was one; undefined when they were nested a level down (such a page is not kept to be rebuilt). */
  recordsField: ListBodyReader['recordsField'] | undefined;
  /** Where the records came: the envelope's field, one level down too (`data.items`); null for a bare array. */
  envelope: string | null;
}

export async function readPage(r: RoundState, a: AnswerState, page: Readable): Promise<PageRead> {
  const { spec, log, listPages } = a;
  const applier = a.applier!;
  let count = 0;
  // a record left out was still sent: it counts against the server's figures
  const reader = new ListBodyReader({
    onRejected: (rejected) => {
      count++;
      keepRejected(r, a, rejected);
    },
  });
  let last: Buffer | null = null;
  // a list that may page (an envelope, a Link header) has its records' ids checked across pages
  let checkIds: boolean | null = listPages === null ? false : null;
  const add = (sent: Buffer) => {
    // JSON:API's resources come under `data` only: no other list pays for the look
    const bytes = reader.recordsField === 'data' && reader.recordsIn === null ? fromJsonApi(sent) : sent;
    if (checkIds === null) checkIds = reader.isEnvelope || a.link !== null;
    if (checkIds) listPages!.seeRecord(bytes);
    applier.add(bytes);
    // a log's answer is newest first: its very first event is the server's newest
    if (log && applier.received === 1) log.keep.serverNewest = timeOrNull(applier.valueOf(bytes, 'created_on'));
    count++;
    last = bytes;
  };
  for await (const chunk of page) {
    a.bytes += (chunk as Buffer).length;
    reader.push(chunk as Buffer, add);
    if (Date.now() - a.lastProgress >= PROGRESS_EVERY_MS) {
      a.lastProgress = Date.now();
      progress(r, spec, 'downloading', applier.received, a.bytes, a.o.expectedRows);
      writeFillBack(r.db);
    }
  }
  if (r.signal?.aborted) throw r.roundDeadline?.signal.aborted ? pastRoundDeadline(r, spec) : new AisleError('timeout', 'The sync round was cancelled.');
  reader.end();
  const envelope = reader.recordsIn === null || reader.recordsField === null ? reader.recordsField : `${reader.recordsIn}.${reader.recordsField}`;
  return { count, last, fields: reader.fields, recordsField: reader.recordsIn === null ? reader.recordsField : undefined, envelope };
}

/**
 * A record left out (nested too deep) is not a record the server stopped sending: its last good
 * version, when one is stored under the id it begins with, goes into the snapshot as it is, so
 * that nothing is lost from the mirror.
 */
function keepRejected(r: RoundState, a: AnswerState, rejected: RejectedElement): void {
  a.rejected.push(rejected);
  // a page with a record left out is not kept for reuse by its ETag (page-etags.ts)
  a.o.pages?.leftOut();
  const id = leadingId(rejected.begins);
  const raw = id === null ? undefined : storedRaw(r.db, TABLES[a.spec.table].name, a.datasetId, id);
  if (raw === undefined) return;
  a.applier!.add(raw);
  a.keptRejected++;
}
