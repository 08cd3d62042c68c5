// What a sync round is given and what it answers.
import type { Notice, SyncProgress } from '../../../contract/types.ts';
import type { OnRequest } from '../../api/request-report.ts';
import type { RetryPolicy } from '../../api/retry.ts';
import type { DatasetCaps } from '../../mirror/dataset-caps.ts';
import type { PlanOptions } from '../dataset-registry.ts';

export interface RoundOptions {
  baseUrl: string;
  accessToken(): Promise<string>;
  /** After a 401: a refreshed token (once), or throws. */
  refreshAfterUnauthorized(rejected: string): Promise<string>;
  plan: PlanOptions;
  /** Only these dataset keys (e.g. a confirmed held one); null for a full round. */
  only?: readonly string[] | null;
  /** Keys whose held mass deletion the user confirmed. */
  allowMassDelete?: readonly string[];
  concurrency?: number;
  /** Retries of 429, 5xx and network errors before a body starts (the api's policy). */
  retry?: RetryPolicy;
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?(progress: SyncProgress): void;
  /** Told of every request to the server (diagnostics). */
  onRequest?: OnRequest;
  /** Started by a person (Sync now, the CLI): lists the server said it does not offer are asked again. */
  manual?: boolean;
  /** Paging and deadlines (the settings'); defaults below. */
  reading?: ReadingOptions;
  /** Bounds on each dataset's answer (default DEFAULT_CAPS). */
  caps?: DatasetCaps;
  /** A catalog list that would shrink by more than this share (percent), with no total to prove it, is held (default DEFAULT_SHRINK_HOLD_PERCENT). */
  shrinkHoldPercent?: number;
}

export interface ReadingOptions {
  /** Records asked for per page, once a server showed it pages (default DEFAULT_PAGE_SIZE). */
  pageSize?: number;
  /** Pages of one dataset read at most (default DEFAULT_MAX_PAGES). */
  maxPages?: number;
  /** Each request's deadline, from asking to the body's last byte: this much... */
  deadlineBaseMs?: number;
  /** ...and this much more per MB the dataset's last complete reading had. */
  deadlineMsPerMb?: number;
  /** The whole round's: datasets not read by then are failed, in words (none when absent). */
  roundDeadlineMs?: number;
  /** A list read page by page: no page is asked for after this long since its first (none when absent). */
  pagedListDeadlineMs?: number;
}

/** Defaults of ReadingOptions: a request has 2 minutes, and 2 s more per MB it is expected to be (500 KB/s). */
export const DEFAULT_DEADLINE_BASE_MS = 120_000;
export const DEFAULT_DEADLINE_MS_PER_MB = 2_000;

export type DatasetOutcome = 'applied' | 'unchanged' | 'held' | 'error';

export interface RoundResult {
  startedAt: string;
  finishedAt: string;
  datasets: { key: string; outcome: DatasetOutcome; rows: number; bytes: number; error: { code: string; message: string; notice?: Notice } | null }[];
  /** What the user is told about the round in words: an account or facility the server no longer lists, its datasets kept back or removed. */
  notices: Notice[];
}
