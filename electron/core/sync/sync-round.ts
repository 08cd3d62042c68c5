// One sync round on the writer connection: fetch datasets a few at a time (conditional, streamed),
// apply each atomically, record what happened. Runs in the sync worker; callable directly in tests.
import type { Readable } from 'node:stream';
import { AisleError } from '../../contract/errors.ts';
import type { SyncProgress, WholeStockWhy } from '../../contract/types.ts';
import { DEFAULT_STREAM_TIMEOUT_MS, openJsonStream, type StreamResponse } from '../api/json-stream-request.ts';
import type { RetryPolicy } from '../api/retry.ts';
import { beginSnapshot, type LogKeep, type SnapshotApplier, type SnapshotPart } from '../mirror/apply-snapshot.ts';
import type { DatasetSpec } from '../mirror/dataset-state.ts';
import { ensureDataset, markAttempt, markError, markHeld, markUnchanged } from '../db/write/datasets.ts';
import { datasetByKey, logState, scopeGone, type DatasetRow } from '../db/read/datasets.ts';
import type { DatasetCaps } from '../mirror/dataset-caps.ts';
import { instantText, TABLES, type TableName } from '../mirror/record-tables.ts';
import { SEARCH_INDEXES, worthCompacting } from '../mirror/search-index.ts';
import { compactSearchIndexes } from '../db/write/search-index.ts';
import type { MirrorDb } from '../db/connection.ts';
import { planStockReading, type StockReading } from '../mirror/stock-refresh.ts';
import { pruneAccountedItems, writeStockRefresh } from '../db/write/stock-refresh.ts';
import { historyMark, type HistoryMark } from '../db/read/stock-refresh.ts';
import { globalDatasets, kept, scopedDatasets, type PlanOptions } from './dataset-registry.ts';
import type { OnRequest } from '../api/request-report.ts';
import type { RejectedElement } from './json-array-splitter.ts';
import { ListBodyReader } from './list-body-reader.ts';
import { listError, listName, NOT_OFFERED_RETRY_MS, rejectedNote } from './list-errors.ts';
import { leadingId, ListPages, readMemory, writeMemory } from './list-paging.ts';
import { requestForms } from './request-forms.ts';
import { scopeNames, settleUnplanned } from './unplanned-datasets.ts';

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
}

/** Defaults of ReadingOptions: a request has 2 minutes, and 2 s more per MB it is expected to be (500 KB/s). */
export const DEFAULT_DEADLINE_BASE_MS = 120_000;
export const DEFAULT_DEADLINE_MS_PER_MB = 2_000;

export type DatasetOutcome = 'applied' | 'unchanged' | 'held' | 'error';

export interface RoundResult {
  startedAt: string;
  finishedAt: string;
  datasets: { key: string; outcome: DatasetOutcome; rows: number; bytes: number; error: { code: string; message: string } | null }[];
  /** What the user is told about the round in words: an account or facility the server no longer lists, its datasets kept back or removed. */
  notices: string[];
}

const PROGRESS_EVERY_MS = 200;
/** Items asked for in one request when a dataset is read in part (a body of ~80 KB of ids). */
export const PART_VALUES_PER_REQUEST = 2_000;
/** A part the server refused or answered wrongly is read in full instead, in the same round. */
const READ_IN_FULL_AFTER = new Set(['bad_response', 'server_error']);

/** Serialises writes: one dataset applies at a time; small state writes queue behind it. */
class WriteLock {
  #tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    const result = this.#tail.then(fn);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

function asAisleError(error: unknown): AisleError {
  if (error instanceof AisleError) return error;
  if (error instanceof SyntaxError) return new AisleError('bad_response', error.message, { cause: error });
  const code = (error as { code?: string }).code;
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNABORTED' || (error as Error).message === 'aborted') {
    return new AisleError('offline', 'The connection broke during the download.', { cause: error });
  }
  return new AisleError('internal', (error as Error).message ?? String(error), { cause: error });
}

/** A server on this machine (the demo warehouse, a local proxy): gzip would only cost CPU. */
export function isLoopback(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/**
 * How a log dataset (history) is read this round. Its first page is always the newest events of the
 * window (the same request each round, so an unchanged log answers 304). Older pages follow, asked
 * for with `to` = the oldest event received: down to the window's start or `maxRows` events when
 * the kept events do not cover the window yet (first read, window made longer); otherwise only
 * until a page reaches the newest event kept (`append`: the kept ones stay).
 */
function logReading(db: MirrorDb, spec: DatasetSpec, datasetId: number) {
  const body = spec.body as { from: string; limit: number };
  const { keptFrom, newest } = logState(db, datasetId, TABLES[spec.table].name);
  const append = keptFrom !== null && keptFrom <= body.from && newest !== null;
  const maxRows = spec.log!.maxRows;
  let lastTo: string | number | null = null;
  const keep: LogKeep = { append, from: body.from, maxRows, serverNewest: null };
  return {
    keep,
    /** The request for the page before this one, or null when this one was the last needed. */
    olderPage(count: number, received: number, oldest: unknown): DatasetSpec | null {
      if (count < body.limit || received >= maxRows || oldest === undefined) return null;
      // asked for in the server's own form (text, or epoch milliseconds); compared with what is kept in the mirror's
      const to = typeof oldest === 'string' || typeof oldest === 'number' ? oldest : null;
      // a page of events all of one instant cannot be paged past; a page down to what is kept is enough
      if (to === null || to === lastTo || (append && instantText(to)! <= newest!)) return null;
      lastTo = to;
      return { ...spec, body: { ...body, to } };
    },
  };
}

/** Merges the full-text index of each table this round wrote a large part of (a first sync), one transaction each. */
function compactAfter(db: MirrorDb, written: Map<TableName, number>): void {
  for (const [table, count] of written) {
    const index = SEARCH_INDEXES[table];
    if (!index) continue;
    const rows = db.prepare(`SELECT count(*) FROM ${TABLES[table].name}`).pluck().get() as number;
    if (worthCompacting(count, rows)) db.transaction(() => compactSearchIndexes(db, [index])).immediate();
  }
}


/** A list the server answered 404 for, within the last NOT_OFFERED_RETRY_MS. */
function notOfferedLately(row: DatasetRow, now = Date.now()): boolean {
  return row.last_error_code === 'not_found' && row.last_attempt_at !== null && now - Date.parse(row.last_attempt_at) < NOT_OFFERED_RETRY_MS;
}

export async function runRound(db: MirrorDb, options: RoundOptions): Promise<RoundResult> {
  const startedAt = new Date().toISOString();
  const lock = new WriteLock();
  const results: RoundResult['datasets'] = [];
  /** Rows written per table this round: a table mostly rewritten gets its full-text index merged. */
  const written = new Map<TableName, number>();
  const allow = new Set(options.allowMassDelete ?? []);
  let token: string | null = null;
  let offline: AisleError | null = null;

  const progress = (spec: DatasetSpec, phase: SyncProgress['phase'], rows: number, bytes: number, expectedRows: number | null, error: AisleError | null = null) =>
    options.onProgress?.({ key: spec.key, list: spec.list, scopeId: spec.scopeId, phase, rows, bytes, expectedRows, error: error ? { code: error.code, message: error.message } : null });

  const gzip = !isLoopback(options.baseUrl);
  /** Half the stall timeout: a body that waited less for the writer still has half of it to start. */
  const waitedTooLong = (options.timeoutMs ?? DEFAULT_STREAM_TIMEOUT_MS) / 2;
  const limits = options.reading ?? {};
  // The round's own deadline ends what it is reading and fails the datasets not read yet, in words.
  const roundDeadline = limits.roundDeadlineMs === undefined ? null : new AbortController();
  const roundTimer = roundDeadline ? setTimeout(() => roundDeadline.abort(), limits.roundDeadlineMs) : undefined;
  roundTimer?.unref?.();
  const signal = roundDeadline ? (options.signal ? AbortSignal.any([options.signal, roundDeadline.signal]) : roundDeadline.signal) : options.signal;
  const pastRoundDeadline = (spec: DatasetSpec) => {
    const ms = limits.roundDeadlineMs!;
    return new AisleError('timeout', `${listName(spec)}: not read this round: the sync round went past its deadline of ${ms < 60_000 ? `${ms} ms` : `${Math.round(ms / 60_000)} min`}.`);
  };
  /** A request's deadline, from asking to its last byte: longer for a dataset whose last reading was larger. */
  const deadlineFor = (bytes: number | null) => {
    const base = limits.deadlineBaseMs ?? DEFAULT_DEADLINE_BASE_MS;
    // a dataset never read whole has no size to go by: a first sync gets ten times the base
    return bytes === null ? 10 * base : base + ((limits.deadlineMsPerMb ?? DEFAULT_DEADLINE_MS_PER_MB) * bytes) / 1_000_000;
  };
  const openAs = async (spec: DatasetSpec, etag: string | null, why: WholeStockWhy | null = null, expectedBytes: number | null = 0): Promise<StreamResponse> => {
    token ??= await options.accessToken();
    const request = { baseUrl: options.baseUrl, path: spec.path, method: spec.method, body: spec.body, etag, signal, timeoutMs: options.timeoutMs, deadlineMs: deadlineFor(expectedBytes), retry: options.retry, gzip, onRequest: options.onRequest, why };
    try {
      return await openJsonStream({ ...request, accessToken: token });
    } catch (error) {
      if (!(error instanceof AisleError) || error.code !== 'unauthorized') throw error;
      const rejected = token;
      token = await options.refreshAfterUnauthorized(rejected);
      return await openJsonStream({ ...request, accessToken: token });
    }
  };
  // an inventory request in the form its endpoint takes (request-forms.ts)
  const forms = requestForms(db);
  const open = (spec: DatasetSpec, etag: string | null, why: WholeStockWhy | null = null, expectedBytes: number | null = 0) => forms.open(spec, (asked) => openAs(asked, etag, why, expectedBytes));

  /**
   * After each dataset applied, the WAL is copied into the file (PASSIVE: no reader waits, none is
   * waited for), so that the next dataset writes the WAL from its start again. A WAL kept for the
   * whole round grows large, every page the later datasets read is looked for in its index, and the
   * file grows into new blocks on disk; the copying costs about the same, spread over the round
   * (docs/decisions/0003-checkpoint-after-each-dataset.md). What this one could not copy (a reader
   * was on an older snapshot) the next does.
   */
  const copyWalIntoFile = () => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // the dataset is committed either way; the round's last checkpoint copies what this one did not
    }
  };

  /**
   * Applies a dataset's answer in one transaction; a log's older pages, a part's further requests
   * (`part.pages`), or a list's next pages (`pages`, as the server pages it) are asked for and
   * applied in the same one. Records nested too deep are left out (`rejected`) and the rest applies.
   */
  const apply = async (
    spec: DatasetSpec,
    datasetId: number,
    body: Readable,
    o: {
      etag: string | null;
      expectedRows: number | null;
      part?: { of: SnapshotPart; pages: DatasetSpec[] };
      pages?: ListPages;
      link?: string | null;
      expectedBytes?: number | null;
      alsoCommit?: (bytes: number) => void;
    },
  ) => {
    const { expectedRows } = o;
    let applier: SnapshotApplier | null = null;
    let page: Readable | null = body;
    let link = o.link ?? null;
    const rejected: RejectedElement[] = [];
    let keptRejected = 0;
    /**
     * A record left out (nested too deep) is not a record the server stopped sending: its last good
     * version, when one is stored under the id it begins with, goes into the snapshot as it is, so
     * that nothing is lost from the mirror.
     */
    const keepRejected = (r: RejectedElement) => {
      rejected.push(r);
      const id = leadingId(r.begins);
      const raw = id === null ? undefined : (db.prepare(`SELECT raw FROM ${TABLES[spec.table].name} WHERE dataset_id = ? AND id = ?`).pluck().get(datasetId, id) as string | undefined);
      if (raw === undefined) return;
      applier!.add(raw);
      keptRejected++;
    };
    const listPages = o.pages ?? null;
    let bytes = 0;
    let last = Date.now();
    const log = spec.log ? logReading(db, spec, datasetId) : null;
    const pages = [...(o.part?.pages ?? [])];
    // A part's further requests are known from the start: each goes out while the one before it
    // streams in, so the server's time to answer it (and a distant server's round trip) is spent
    // while this one applies, not after. Its body waits (well within the timeout) until its turn.
    let ahead: Promise<StreamResponse> | null = null;
    const askAhead = () => {
      if (ahead === null && pages.length > 0) {
        ahead = open(pages.shift()!, null);
        // read or destroyed below; a failure is met when it is awaited
        ahead.catch(() => undefined);
      }
    };
    try {
      applier = beginSnapshot(db, datasetId, spec, o.part?.of ?? null, { appendOnly: log?.keep.append ?? false, caps: options.caps });
      progress(spec, 'downloading', 0, 0, expectedRows);
      while (page) {
        askAhead();
        const reader = new ListBodyReader({ onRejected: keepRejected });
        let count = 0;
        let oldest: Buffer | null = null;
        // a list that may page (an envelope, a Link header) has its records' ids checked across pages
        let checkIds: boolean | null = listPages === null ? false : null;
        const add = (bytes: Buffer) => {
          if (checkIds === null) checkIds = reader.isEnvelope || link !== null;
          if (checkIds) listPages!.seeRecord(bytes);
          applier!.add(bytes);
          // a log's answer is newest first: its very first event is the server's newest
          if (log && applier!.received === 1) log.keep.serverNewest = instantText(applier!.valueOf(bytes, 'created_on'));
          count++;
          oldest = bytes;
        };
        for await (const chunk of page) {
          bytes += (chunk as Buffer).length;
          reader.push(chunk as Buffer, add);
          if (Date.now() - last >= PROGRESS_EVERY_MS) {
            last = Date.now();
            progress(spec, 'downloading', applier.received, bytes, expectedRows);
          }
        }
        if (signal?.aborted) throw roundDeadline?.signal.aborted ? pastRoundDeadline(spec) : new AisleError('timeout', 'The sync round was cancelled.');
        reader.end();
        const next = log ? log.olderPage(count, applier.received, oldest && applier.valueOf(oldest, 'created_on')) : null;
        const nextPage = listPages ? listPages.next({ fields: reader.fields, received: count, link }) : null;
        page = null;
        const asked: Promise<StreamResponse> | null = next ? open(next, null) : nextPage ? open({ ...spec, path: nextPage }, null, null, o.expectedBytes) : ahead;
        ahead = null;
        if (asked) {
          const response = await asked;
          if (response.status !== 200) throw new AisleError('bad_response', `The server answered ${response.status} for ${log ? 'an older page' : nextPage ? `page ${listPages!.pages + 1}` : 'a part'} of ${spec.label}.`);
          page = response.body;
          link = response.link;
        }
      }
      progress(spec, 'applying', applier.received, bytes, expectedRows);
      const alsoCommit = o.alsoCommit;
      const result = applier.finish({ etag: o.etag, at: new Date().toISOString(), allowMassDelete: allow.has(spec.key), log: log?.keep, alsoCommit: alsoCommit && (() => alsoCommit(bytes)) });
      if (result.kind === 'applied') {
        // applied without the records left out: said in words on the dataset, kept until its next reading
        if (rejected.length) markError(db, datasetId, { code: 'bad_response', message: rejectedNote(spec, rejected, result.rows, keptRejected) });
        // committed: searchable and dated from now
        progress(spec, 'done', result.rows, bytes, expectedRows);
        copyWalIntoFile();
      }
      return { result, bytes };
    } catch (error) {
      applier?.abort();
      page?.destroy();
      (ahead as Promise<StreamResponse> | null)?.then((r) => r.status === 200 && r.body.destroy(), () => undefined);
      throw asAisleError(error);
    }
  };

  /** A facility's stock, this round: read in full, in part, or not at all (stock-refresh.ts); null for other datasets. */
  const stockReading = (spec: DatasetSpec, datasetId: number): { reading: StockReading; mark: HistoryMark } | null => {
    if (!spec.refresh) return null;
    const historySpec = spec.refresh.history ? scoped.find((s) => s.key === spec.refresh!.history) : undefined;
    const history = historySpec ? datasetByKey(db, historySpec.key) : undefined;
    const outcome = historySpec && results.find((r) => r.key === historySpec.key)?.outcome;
    // the items deleted this round are known only when every items dataset was read
    const itemsRead = kept('items', options.plan) && scoped.filter((s) => s.list === 'items').every((s) => ['applied', 'unchanged'].includes(results.find((r) => r.key === s.key)?.outcome ?? ''));
    const reading = planStockReading(db, {
      stockDatasetId: datasetId,
      itemsRead,
      history: history && historySpec?.log ? { datasetId: history.dataset_id, maxRows: historySpec.log.maxRows, readThisRound: outcome === 'applied' || outcome === 'unchanged' } : null,
      fullEveryMinutes: spec.refresh.fullEveryMinutes,
      now: Date.now(),
    });
    return { reading, mark: historyMark(db, history?.dataset_id ?? null) };
  };

  /**
   * The whole answer, every page of it, asked for with the ETag kept (a 304 confirms what is kept),
   * applied in one transaction. The paging the server showed last time is asked for from the first
   * page (list-paging.ts). A page's ETag vouches for that page only: a server that pages usually
   * hashes each page's body (Spring's ShallowEtagHeaderFilter does), and a record changed on page 3
   * leaves page 1 and its totals as they were. So a 304 is trusted only for a list whose last
   * complete reading was one page, asked for the same way; a list of several pages is read whole
   * each round (unchanged records cost no write: the applier compares content hashes).
   */
  const readWhole = async (spec: DatasetSpec, datasetId: number, row: DatasetRow, held: boolean, expectedRows: number | null, mark: HistoryMark | null, why: WholeStockWhy | null) => {
    const memory = spec.log ? null : readMemory(db, datasetId, spec.key);
    const pages = spec.log ? null : new ListPages({ baseUrl: options.baseUrl, path: spec.path, memory, pageSize: limits.pageSize, maxPages: limits.maxPages });
    const first = pages ? { ...spec, path: pages.firstPath() } : spec;
    const etag = memory !== null && memory.pages > 1 ? null : held ? row.held_etag : row.etag;
    // an earlier Aisle kept no size: the rows it has, at about a kilobyte each
    const expectedBytes = memory?.bytes ?? (row.rows > 0 ? row.rows * 1000 : null);
    const fullRead = (at: string) => (mark ? () => writeStockRefresh(db, datasetId, { fullAt: at, mark }) : undefined);
    let response: StreamResponse | null = await open(first, etag, why, expectedBytes);
    const answeredAt = Date.now();
    return lock.run(async () => {
      // Another dataset was applying: this body waited, its first bytes in the connection's buffers
      // (the server's work meanwhile not lost). One that waited long enough to come near its stall
      // timeout, or broke meanwhile, is asked for again.
      if (response?.status === 200 && (response.body.destroyed || Date.now() - answeredAt > waitedTooLong)) {
        response.body.destroy();
        response = null;
      }
      const r = response ?? (await open(first, etag, why, expectedBytes));
      if (r.status === 304) {
        const at = new Date().toISOString();
        if (!held) {
          db.transaction(() => {
            markUnchanged(db, datasetId, at);
            fullRead(at)?.();
          })();
        }
        return null;
      }
      const fullReadNow = fullRead(new Date().toISOString());
      const alsoCommit = (bytes: number) => {
        fullReadNow?.();
        if (pages) writeMemory(db, datasetId, pages.memory(spec.key, bytes));
      };
      return apply(spec, datasetId, r.body, { etag: r.etag, expectedRows, pages: pages ?? undefined, link: r.link, expectedBytes, alsoCommit });
    });
  };

  /**
   * The answer for some items only (a stock's items that moved), in requests of at most
   * PART_VALUES_PER_REQUEST, applied in one transaction. It has no ETag of its own and leaves none:
   * the next full reading downloads the whole answer again.
   */
  const readPart = (spec: DatasetSpec, datasetId: number, values: string[], state: { fullAt: string; mark: HistoryMark }) => {
    const { field, column } = spec.refresh!;
    const pages: DatasetSpec[] = [];
    for (let at = 0; at < values.length; at += PART_VALUES_PER_REQUEST) pages.push({ ...spec, body: { ...(spec.body as object), [field]: values.slice(at, at + PART_VALUES_PER_REQUEST) } });
    return lock.run(async () => {
      const r = await open(pages[0], null);
      if (r.status !== 200) throw new AisleError('bad_response', `The server answered ${r.status} for a part of ${spec.label}.`);
      return apply(spec, datasetId, r.body, { etag: null, expectedRows: null, part: { of: { column, values }, pages: pages.slice(1) }, alsoCommit: () => writeStockRefresh(db, datasetId, state) });
    });
  };

  const runDataset = async (spec: DatasetSpec): Promise<void> => {
    // a dataset kept while its account or facility is missing from the server's list is marked
    // not_found too (unplanned-datasets.ts); it is read again as soon as its scope is back
    const before = await lock.run(() => {
      const row = datasetByKey(db, spec.key);
      return row && scopeGone(db, row.dataset_id) === null ? row : undefined;
    });
    if (before && !options.manual && notOfferedLately(before)) {
      // the server said it does not have this list: not asked again every round (Sync now does)
      const error = { code: before.last_error_code!, message: before.last_error_message ?? '' };
      options.onProgress?.({ key: spec.key, list: spec.list, scopeId: spec.scopeId, phase: 'error', rows: 0, bytes: 0, expectedRows: null, error });
      results.push({ key: spec.key, outcome: 'error', rows: before.rows, bytes: 0, error });
      return;
    }
    const { datasetId, row } = await lock.run(() => {
      const id = ensureDataset(db, spec);
      markAttempt(db, id, new Date().toISOString());
      return { datasetId: id, row: datasetByKey(db, spec.key)! };
    });
    const expectedRows = row.last_success_at ? row.rows : null;
    const held = row.held_at !== null && !allow.has(spec.key);
    progress(spec, 'queued', 0, 0, expectedRows);
    try {
      if (offline) throw offline;
      if (roundDeadline?.signal.aborted) throw pastRoundDeadline(spec);
      const stock = held ? null : await lock.run(() => stockReading(spec, datasetId));
      const reading = stock?.reading;
      if (reading?.kind === 'none') {
        // nothing moved since the stock was last read: as fresh as the history read this round
        await lock.run(() =>
          db.transaction(() => {
            markUnchanged(db, datasetId, new Date().toISOString());
            writeStockRefresh(db, datasetId, { fullAt: reading.fullAt, mark: stock!.mark });
          })(),
        );
        progress(spec, 'unchanged', row.rows, 0, expectedRows);
        results.push({ key: spec.key, outcome: 'unchanged', rows: row.rows, bytes: 0, error: null });
        return;
      }
      let outcome: Awaited<ReturnType<typeof apply>> | null | undefined;
      // why a stock is read whole, for the diagnostics page
      let why: WholeStockWhy | null = reading?.kind === 'full' ? reading.why : null;
      if (reading?.kind === 'items') {
        outcome = await readPart(spec, datasetId, reading.ids, { fullAt: reading.fullAt, mark: stock!.mark }).catch((error: unknown) => {
          if (!(error instanceof AisleError && READ_IN_FULL_AFTER.has(error.code))) throw error;
          why = 'part-failed';
          return undefined;
        });
      }
      if (outcome === undefined) outcome = await readWhole(spec, datasetId, row, held, expectedRows, stock?.mark ?? null, why);
      if (outcome === null) {
        progress(spec, held ? 'held' : 'unchanged', held ? 0 : row.rows, 0, expectedRows);
        results.push({ key: spec.key, outcome: held ? 'held' : 'unchanged', rows: row.rows, bytes: 0, error: null });
        return;
      }
      const { result, bytes } = outcome;
      if (result.kind === 'held') {
        await lock.run(() => markHeld(db, datasetId, result.held));
        progress(spec, 'held', result.held.rows, bytes, expectedRows);
        results.push({ key: spec.key, outcome: 'held', rows: row.rows, bytes, error: null });
        return;
      }
      written.set(spec.table, (written.get(spec.table) ?? 0) + result.inserted + result.updated + result.deleted);
      results.push({ key: spec.key, outcome: 'applied', rows: result.rows, bytes, error: null });
    } catch (error) {
      const raw = asAisleError(error);
      if (raw.code === 'offline') offline = raw;
      const e = roundDeadline?.signal.aborted && !options.signal?.aborted ? pastRoundDeadline(spec) : listError(spec, raw);
      await lock.run(() => markError(db, datasetId, { code: e.code, message: e.message }));
      progress(spec, 'error', 0, 0, expectedRows, e);
      results.push({ key: spec.key, outcome: 'error', rows: row.rows, bytes: 0, error: { code: e.code, message: e.message } });
    }
  };

  const runAll = async (specs: DatasetSpec[]) => {
    const wanted = options.only ? specs.filter((s) => options.only!.includes(s.key)) : specs;
    let next = 0;
    const worker = async () => {
      // past the round's deadline the datasets left are still gone through, each failed in words
      while (next < wanted.length && !options.signal?.aborted) await runDataset(wanted[next++]);
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 3) }, worker));
  };

  // the scopes' names before the round: one the server no longer lists is named in what the user is told
  const names = options.only ? new Map<string, string>() : scopeNames(db, options.plan);
  const globals = globalDatasets(options.plan);
  await runAll(globals);
  const scoped = scopedDatasets(db, options.plan);
  // stock read in part follows its facility's history and every items dataset (their deletions)
  await runAll(scoped.filter((s) => !s.refresh));
  await runAll(scoped.filter((s) => s.refresh));
  clearTimeout(roundTimer);

  // Only a complete round settles the datasets it did not plan: every scope list read (a held or
  // failed one plans from what the mirror had), no `only`, not cancelled (unplanned-datasets.ts).
  const scopesRead = ['accounts', 'facilities'].every((k) => ['applied', 'unchanged'].includes(results.find((r) => r.key === k)?.outcome ?? ''));
  let dropped = 0;
  const notices: string[] = [];
  if (!options.only && scopesRead && !options.signal?.aborted) {
    const settled = settleUnplanned(db, new Set([...globals, ...scoped].map((s) => s.key)), options.plan, names, startedAt);
    dropped = settled.dropped;
    notices.push(...settled.notices);
  }
  forms.save();
  pruneAccountedItems(db);
  compactAfter(db, written);
  // After a round that wrote data, the WAL holds all of it (up to the whole mirror after a first
  // sync): copy it into the file and cut the WAL to nothing now, while the round pays anyway. Left
  // to the next round, truncating a WAL of gigabytes made a round where nothing changed slow.
  // (TRUNCATE waits for readers on older snapshots, but lets new readers in.)
  const wrote = dropped > 0 || results.some((r) => r.outcome === 'applied');
  db.pragma(wrote ? 'wal_checkpoint(TRUNCATE)' : 'wal_checkpoint(PASSIVE)');
  return { startedAt, finishedAt: new Date().toISOString(), datasets: results, notices };
}
