// A dataset's answer applied in one transaction: a log's older pages, a part's further requests, or
// a list's next pages (as the server pages it) are asked for and applied in the same one. Records
// nested too deep are left out (`rejected`) and the rest applies.
import type { Readable } from 'node:stream';
import { AisleError } from '../../../contract/errors.ts';
import type { StreamResponse } from '../../api/json-stream-request.ts';
import { beginSnapshot, type ApplyResult } from '../../db/write/snapshot/apply-snapshot.ts';
import { checkpointAfterDataset } from '../../db/wal.ts';
import { markError } from '../../db/write/datasets.ts';
import { type DatasetSpec } from '../../mirror/dataset-state.ts';
import { rejectedNote } from '../list-errors.ts';
import type { AnswerOptions, AnswerState } from './answer-state.ts';
import { logReading } from './log-reading.ts';
import { openRequest } from './open-request.ts';
import { readPage, type PageRead } from './read-page.ts';
import { asAisleError } from './round-errors.ts';
import { progress, type RoundState } from './round-state.ts';

export interface Applied {
  result: ApplyResult;
  bytes: number;
}

export async function applyAnswer(r: RoundState, spec: DatasetSpec, datasetId: number, body: Readable, o: AnswerOptions): Promise<Applied> {
  const log = spec.log ? logReading(r.db, spec, datasetId) : null;
  const a: AnswerState = { spec, datasetId, o, applier: null, bytes: 0, lastProgress: Date.now(), rejected: [], keptRejected: 0, log, listPages: o.pages ?? null, link: o.link ?? null, partPages: [...(o.part?.pages ?? [])], ahead: null };
  let page: Readable | null = body;
  try {
    a.applier = beginSnapshot(r.db, datasetId, spec, o.part?.of ?? null, { appendOnly: log?.keep.append ?? false, caps: r.options.caps });
    progress(r, spec, 'downloading', 0, 0, o.expectedRows);
    while (page) {
      askAhead(r, a);
      const read = await readPage(r, a, page);
      page = null;
      const next = nextRequest(r, a, read);
      a.ahead = null;
      if (next) {
        const response = await next.asked;
        if (response.status !== 200) throw new AisleError('bad_response', `The server answered ${response.status} for ${next.what} of ${spec.label}.`);
        page = response.body;
        a.link = response.link;
      }
    }
    return finishAnswer(r, a);
  } catch (error) {
    a.applier?.abort();
    page?.destroy();
    a.ahead?.then((response) => response.status === 200 && response.body.destroy(), () => undefined);
    throw asAisleError(error);
  }
}

/**
 * A part's further requests are known from the start: each goes out while the one before it
 * streams in, so the server's time to answer it (and a distant server's round trip) is spent
 * while this one applies, not after. Its body waits (well within the timeout) until its turn.
 */
function askAhead(r: RoundState, a: AnswerState): void {
  if (a.ahead === null && a.partPages.length > 0) {
    a.ahead = openRequest(r, a.partPages.shift()!, null);
    // read or destroyed below; a failure is met when it is awaited
    a.ahead.catch(() => undefined);
  }
}

/** The request for the answer's next page (a log's older one, a list's next, a part's next), or null after its last. */
function nextRequest(r: RoundState, a: AnswerState, read: PageRead): { asked: Promise<StreamResponse>; what: string } | null {
  const { spec, log, listPages } = a;
  const older = log ? log.olderPage(read.count, a.applier!.received, read.last && a.applier!.valueOf(read.last, 'created_on')) : null;
  if (older) return { asked: openRequest(r, older, null), what: 'an older page' };
  const nextPage = listPages ? listPages.next({ fields: read.fields, received: read.count, link: a.link, recordsField: read.recordsField }) : null;
  if (nextPage) return { asked: listPages!.open(nextPage, (path, tag) => openRequest(r, { ...spec, path }, tag, null, a.o.expectedBytes)), what: `page ${listPages!.pages + 1}` };
  return a.ahead ? { asked: a.ahead, what: 'a part' } : null;
}

function finishAnswer(r: RoundState, a: AnswerState): Applied {
  const { spec, o } = a;
  const applier = a.applier!;
  progress(r, spec, 'applying', applier.received, a.bytes, o.expectedRows);
  const alsoCommit = o.alsoCommit;
  const result = applier.finish({ etag: o.etag, at: new Date().toISOString(), allowMassDelete: r.allow.has(spec.key), log: a.log?.keep, alsoCommit: alsoCommit && (() => alsoCommit(a.bytes)) });
  if (result.kind === 'applied') {
    // applied without the records left out: said in words on the dataset, kept until its next reading
    if (a.rejected.length) markError(r.db, a.datasetId, { code: 'bad_response', message: rejectedNote(spec, a.rejected, result.rows, a.keptRejected) });
    // committed: searchable and dated from now
    progress(r, spec, 'done', result.rows, a.bytes, o.expectedRows);
    checkpointAfterDataset(r.db);
  }
  return { result, bytes: a.bytes };
}
