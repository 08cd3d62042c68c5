// The state of one sync round, passed explicitly from step to step (plan → read each dataset →
// finish), and the words it reports progress and deadlines in.
import type { AisleError } from '../../../contract/errors.ts';
import type { SyncProgress } from '../../../contract/types.ts';
import { DEFAULT_STREAM_TIMEOUT_MS } from '../../api/json-stream-request.ts';
import type { DatasetSpec } from '../../mirror/dataset-state.ts';
import type { WriteDb } from '../../db/handles.ts';
import type { TableName } from '../../mirror/record-tables.ts';
import { requestForms } from '../request-forms.ts';
import { isLoopback } from './loopback.ts';
import type { ReadingOptions, RoundOptions, RoundResult } from './types.ts';
import { WriteLock } from './write-lock.ts';

export interface RoundState {
  readonly db: WriteDb;
  readonly options: RoundOptions;
  readonly startedAt: string;
  readonly lock: WriteLock;
  /** Each dataset's outcome, in the order they ended. */
  readonly results: RoundResult['datasets'];
  /** Rows written per table this round: a table mostly rewritten gets its full-text index merged. */
  readonly written: Map<TableName, number>;
  /** Keys whose held mass deletion the user confirmed. */
  readonly allow: ReadonlySet<string>;
  /** The token requests carry: the task's, then the one refreshed after a 401. */
  token: string | null;
  /** The connection broke: the datasets not read yet fail at once with this. */
  offline: AisleError | null;
  readonly gzip: boolean;
  /** Half the stall timeout: a body that waited less for the writer still has half of it to start. */
  readonly waitedTooLong: number;
  readonly limits: ReadingOptions;
  /** The round's own deadline ends what it is reading and fails the datasets not read yet, in words. */
  readonly roundDeadline: AbortController | null;
  readonly roundTimer: ReturnType<typeof setTimeout> | undefined;
  /** The caller's cancel and the round's deadline, either. */
  readonly signal: AbortSignal | undefined;
  /** The inventory request forms the server takes (request-forms.ts). */
  readonly forms: ReturnType<typeof requestForms>;
  /** The datasets scoped by the mirrored accounts and facilities: planned once the global ones are read. */
  scoped: DatasetSpec[];
}

export function startRound(db: WriteDb, options: RoundOptions): RoundState {
  const limits = options.reading ?? {};
  const roundDeadline = limits.roundDeadlineMs === undefined ? null : new AbortController();
  const roundTimer = roundDeadline ? setTimeout(() => roundDeadline.abort(), limits.roundDeadlineMs) : undefined;
  roundTimer?.unref?.();
  return {
    db,
    options,
    startedAt: new Date().toISOString(),
    lock: new WriteLock(),
    results: [],
    written: new Map(),
    allow: new Set(options.allowMassDelete ?? []),
    token: null,
    offline: null,
    gzip: !isLoopback(options.baseUrl),
    waitedTooLong: (options.timeoutMs ?? DEFAULT_STREAM_TIMEOUT_MS) / 2,
    limits,
    roundDeadline,
    roundTimer,
    signal: roundDeadline ? (options.signal ? AbortSignal.any([options.signal, roundDeadline.signal]) : roundDeadline.signal) : options.signal,
    forms: requestForms(db, limits.pageSize),
    scoped: [],
  };
}

export function progress(r: RoundState, spec: DatasetSpec, phase: SyncProgress['phase'], rows: number, bytes: number, expectedRows: number | null, error: AisleError | null = null): void {
  r.options.onProgress?.({ key: spec.key, list: spec.list, scopeId: spec.scopeId, scopeKind: spec.scopeKind, scopeName: spec.scopeName, phase, rows, bytes, expectedRows, error: error ? { code: error.code, message: error.message, ...(error.notice ? { notice: error.notice } : {}) } : null });
}
