// The requests made to the server lately, in memory only, for the diagnostics page: what was
// asked, what came back, how long it took, and the server's clock. The session's and the sync's
// requests (the sync's from its worker thread, sent over with its progress) come here. A request
// repeated with the same outcome (a ping every minute) is counted on the newest entry, so that
// a quiet hour does not push a sync's failure off the list. Emptied on sign-out, and when another
// user's session takes the place of this one (core.ts): the next user sees nothing of this one's work.
import type { RequestReport } from './request-report.ts';
import type { RequestRecord } from '../../contract/types.ts';

export const REQUESTS_KEPT = 100;

export interface RequestLog {
  add(by: RequestRecord['by'], report: RequestReport): void;
  /** Newest first. */
  list(): RequestRecord[];
  /** The server's clock minus this one's, from the newest answer with a Date header; null before any. */
  clockSkewMs(): number | null;
  clear(): void;
}

/**
 * `onFailure` is told of each request that failed (no answer, or an answer with status 400 or more),
 * for the host's log: which call, which status, what went wrong.
 */
export function createRequestLog(onFailure?: (record: Omit<RequestRecord, 'repeated'>) => void): RequestLog {
  let records: RequestRecord[] = [];
  let skew: number | null = null;
  const sameAs = (a: RequestRecord, b: Omit<RequestRecord, 'repeated'>) =>
    a.by === b.by && a.method === b.method && a.url === b.url && a.body === b.body && a.why === b.why && a.status === b.status && a.error?.code === b.error?.code;
  return {
    add(by, reported) {
      const report = { by, ...reported };
      if (report.error !== null || (report.status !== null && report.status >= 400)) onFailure?.(report);
      const answered = Date.parse(report.at) + report.ms;
      const server = report.serverDate === null ? NaN : Date.parse(report.serverDate);
      // The Date header is whole seconds, truncated: the server's clock was up to 1 s past it.
      if (!Number.isNaN(server) && !Number.isNaN(answered)) skew = Math.round(server + 500 - answered);
      const newest = records[0];
      if (newest && sameAs(newest, report)) {
        records[0] = { ...report, repeated: newest.repeated + 1 };
        return;
      }
      records = [{ ...report, repeated: 1 }, ...records.slice(0, REQUESTS_KEPT - 1)];
    },
    list: () => records.slice(),
    clockSkewMs: () => skew,
    clear() {
      records = [];
      skew = null;
    },
  };
}
