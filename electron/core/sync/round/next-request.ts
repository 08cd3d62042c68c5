// The requests after an answer's first page: a part's next, asked ahead, and a log's older page or a
// list's next page, asked once the page before it is read (apply-answer.ts).
import { AisleError } from '../../../contract/errors.ts';
import type { StreamResponse } from '../../api/json-stream-request.ts';
import type { AnswerState } from './answer-state.ts';
import { openRequest } from './open-request.ts';
import type { PageRead } from './read-page.ts';
import type { RoundState } from './round-state.ts';

/**
 * A part's further requests are known from the start: each goes out while the one before it
 * streams in, so the server's time to answer it (and a distant server's round trip) is spent
 * while this one applies, not after. Its body waits (well within the timeout) until its turn.
 */
export function askAhead(r: RoundState, a: AnswerState): void {
  if (a.ahead === null && a.partPages.length > 0) {
    a.ahead = openRequest(r, a.partPages.shift()!, null);
    // read or destroyed below; a failure is met when it is awaited
    a.ahead.catch(() => undefined);
  }
}

/** The request for the answer's next page (a log's older one, a list's next, a part's next), or null after its last. */
export function nextRequest(r: RoundState, a: AnswerState, read: PageRead): { asked: Promise<StreamResponse>; what: string } | null {
  const { log, listPages, query } = a;
  // the server's own next page of this request first: a log's request is read whole (every page
  // the server splits it into, proven whole) before an older one is asked for
  const nextPage = listPages ? listPages.next({ fields: read.fields, received: read.count, link: a.link, headerTotal: a.headerTotal, recordsField: read.recordsField, envelope: read.envelope }) : null;
  if (nextPage) {
    pastPagedDeadline(r, a, listPages!.pages + 1);
    return { asked: listPages!.open(nextPage, (path, tag) => openRequest(r, { ...query, path }, tag, null, a.o.expectedBytes)), what: `page ${listPages!.pages + 1}` };
  }
  if (read.last) a.oldest = read.last;
  const older = log ? log.olderPage(listPages?.received ?? read.count, a.applier!.received, a.oldest && a.applier!.valueOf(a.oldest, 'created_on')) : null;
  if (older) {
    pastPagedDeadline(r, a, (listPages?.pages ?? 0) + 1);
    a.query = older;
    a.listPages = listPages?.withoutReuse() ?? null;
    const first = a.listPages ? { ...older, path: a.listPages.firstPath() } : older;
    return { asked: a.listPages ? a.listPages.open(first.path, (path, tag) => openRequest(r, { ...older, path }, tag)) : openRequest(r, older, null), what: 'an older page' };
  }
  return a.ahead ? { asked: a.ahead, what: 'a part' } : null;
}

/** A list read page by page past its own deadline (pagedListDeadlineMinutes): no further page is asked for. */
function pastPagedDeadline(r: RoundState, a: AnswerState, page: number): void {
  const ms = r.limits.pagedListDeadlineMs;
  if (ms === undefined || Date.now() - a.startedAt <= ms) return;
  const said = ms < 60_000 ? `${ms} ms` : `${Math.round(ms / 60_000)} min`;
  throw new AisleError('timeout', `read page by page for longer than its deadline of ${said} (setting pagedListDeadlineMinutes) before page ${page}. Nothing of this reading was applied; the data kept is the last complete one.`);
}
