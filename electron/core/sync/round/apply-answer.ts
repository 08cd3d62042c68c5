// A dataset's answer applied in one transaction: a log's older pages, a part's further requests, or
// a list's next pages (as the server pages it) are asked for and applied in the same one. Records
// nested too deep are left out (`rejected`) and the rest applies.
import type { Readable } from 'node:stream';
import { AisleError } from '../../../contract/errors.ts';
import { beginSnapshot } from '../../mirror/apply-snapshot.ts';
import type { ApplyResult } from '../../db/write/snapshot/apply-snapshot.ts';
import { checkpointAfterDataset } from '../../db/wal.ts';
import { markError } from '../../db/write/datasets.ts';
import { type DatasetSpec } from '../../mirror/dataset-state.ts';
import { rejectedNote } from '../list-errors.ts';
import type { AnswerOptions, AnswerState } from './answer-state.ts';
import { firstLoadFollows } from './first-loads.ts';
import { logReading } from './log-reading.ts';
import { askAhead, nextRequest } from './next-request.ts';
import { readPage, type PageRead } from './read-page.ts';
import { asAisleError } from './round-errors.ts';
import { progress, type RoundState } from './round-state.ts';

export interface Applied {
  result: ApplyResult;
  bytes: number;
}

export async function applyAnswer(r: RoundState, spec: DatasetSpec, datasetId: number, body: Readable, o: AnswerOptions): Promise<Applied> {
  const log = spec.log ? logReading(r.db, spec, datasetId) : null;
  const a: AnswerState = { spec, datasetId, o, applier: null, bytes: 0, startedAt: o.askedAt ?? Date.now(), lastProgress: Date.now(), rejected: [], keptRejected: 0, log, listPages: o.pages ?? null, query: spec, link: o.link ?? null, headerTotal: o.headerTotal ?? null, partPages: [...(o.part?.pages ?? [])], ahead: null };
  let page: Readable | null = body;
  try {
    // an answer to a request that did not name the facility is the facility's only if each record says so
    const scope = r.forms.askedWithoutFacility(spec) ? { ...spec, recordsNameFacility: true } : spec;
    a.applier = beginSnapshot(r.db, datasetId, scope, o.part?.of ?? null, { appendOnly: log?.keep.append ?? false, caps: r.options.caps });
    progress(r, spec, 'downloading', 0, 0, o.expectedRows);
    while (page) {
      askAhead(r, a);
      const read = await readPage(r, a, page);
      page = null;
      if (a.listPages) countKept(a, read);
      const next = nextRequest(r, a, read);
      const total = a.listPages?.announcedTotal ?? null;
      if (total !== null) a.applier.announced(total, a.listPages!.announcedTotalName);
      a.ahead = null;
      if (next) {
        const response = await next.asked;
        if (response.status !== 200) throw new AisleError('bad_response', `The server answered ${response.status} for ${next.what} of ${spec.label}.`);
        page = response.body;
        a.link = response.link;
        a.headerTotal = response.total ?? null;
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

/** A list's page is kept with its envelope's fields and Link header (page-etags.ts): they count against the caps with its records. */
function countKept(a: AnswerState, read: PageRead): void {
  const fields = Object.keys(read.fields).length ? Buffer.byteLength(JSON.stringify(read.fields)) : 0;
  a.applier!.addKept(fields + (a.link === null ? 0 : Buffer.byteLength(a.link)));
}

function finishAnswer(r: RoundState, a: AnswerState): Applied {
  const { spec, o } = a;
  const applier = a.applier!;
  progress(r, spec, 'applying', applier.received, a.bytes, o.expectedRows);
  const alsoCommit = o.alsoCommit;
  const result = applier.finish({
    etag: o.etag,
    at: new Date().toISOString(),
    allowMassDelete: r.allow.has(spec.key),
    log: a.log?.keep,
    alsoCommit: alsoCommit && (() => alsoCommit(a.bytes)),
    announcedTotal: a.listPages?.announcedTotal ?? null,
    shrinkHoldPercent: r.options.shrinkHoldPercent,
    indexesLater: firstLoadFollows(r, spec),
  });
  if (result.kind === 'applied') {
    // applied without the records left out: said in words on the dataset, kept until its next reading
    if (a.rejected.length) markError(r.db, a.datasetId, { code: 'bad_response', message: rejectedNote(spec, a.rejected, result.rows, a.keptRejected) });
    // committed: searchable and dated from now
    progress(r, spec, 'done', result.rows, a.bytes, o.expectedRows);
    checkpointAfterDataset(r.db);
  }
  return { result, bytes: a.bytes };
}
