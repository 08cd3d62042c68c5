// The state of one dataset's answer while it is applied: every page of it, in one transaction.
import type { StreamResponse } from '../../api/json-stream-request.ts';
import type { SnapshotApplier, SnapshotPart } from '../../db/write/snapshot/apply-snapshot.ts';
import type { DatasetSpec } from '../../mirror/dataset-state.ts';
import type { RejectedElement } from '../json-array-splitter.ts';
import type { ListPages } from '../list-paging.ts';
import type { LogReading } from './log-reading.ts';

export interface AnswerOptions {
  etag: string | null;
  expectedRows: number | null;
  /** A part's values and its further requests (read-part.ts). */
  part?: { of: SnapshotPart; pages: DatasetSpec[] };
  /** A list's paging, as the server pages it (list-paging.ts). */
  pages?: ListPages;
  link?: string | null;
  /** The first page's total from its headers. */
  headerTotal?: number | null;
  expectedBytes?: number | null;
  /** When its first request was sent (a paged list's deadline counts from it); now when not given. */
  askedAt?: number;
  /** Written with the data, or not at all. */
  alsoCommit?: (bytes: number) => void;
}

export interface AnswerState {
  readonly spec: DatasetSpec;
  readonly datasetId: number;
  readonly o: AnswerOptions;
  applier: SnapshotApplier | null;
  bytes: number;
  /** When its reading began (a paged list's deadline counts from it). */
  readonly startedAt: number;
  /** When progress was last told. */
  lastProgress: number;
  /** Records left out (nested too deep), and how many of them kept their last good version. */
  readonly rejected: RejectedElement[];
  keptRejected: number;
  /** A log's reading (history): its older pages; null for other lists. */
  readonly log: LogReading | null;
  /** The server's pages of the request being read (a log's older request gets its own). */
  listPages: ListPages | null;
  /** The request being read: the dataset's, or a log's older one. */
  query: DatasetSpec;
  /** The current page's Link header, and the total its headers gave. */
  link: string | null;
  headerTotal: number | null;
  /** The last record of the request being read (a log's oldest event so far). */
  oldest?: Buffer | null;
  /** A part's requests not yet sent. */
  readonly partPages: DatasetSpec[];
  /** A part's next request, sent while this one streams in. */
  ahead: Promise<StreamResponse> | null;
}
