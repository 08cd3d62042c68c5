// How a log dataset (history) is read this round, page by page, newest first.
import type { LogKeep } from '../../db/write/snapshot/apply-snapshot.ts';
import { logState } from '../../db/read/datasets.ts';
import { type DatasetSpec } from '../../mirror/dataset-state.ts';
import type { WriteDb } from '../../db/handles.ts';
import { TABLES } from '../../mirror/record-tables.ts';
import { timeOrNull } from '../../lists/values.ts';

export interface LogReading {
  keep: LogKeep;
  /** The request for the page before this one, or null when this one was the last needed. */
  olderPage(count: number, received: number, oldest: unknown): DatasetSpec | null;
}

/**
 * Its first page is always the newest events of the window (the same request each round, so an
 * unchanged log answers 304). Older pages follow, asked for with `to` = the oldest event received:
 * down to the window's start or `maxRows` events when the kept events do not cover the window yet
 * (first read, window made longer); otherwise only until a page reaches the newest event kept
 * (`append`: the kept ones stay).
 */
export function logReading(db: WriteDb, spec: DatasetSpec, datasetId: number): LogReading {
  const body = spec.body as { from: string; limit: number };
  const { keptFrom, newest } = logState(db, datasetId, TABLES[spec.table].name);
  const append = keptFrom !== null && keptFrom <= body.from && newest !== null;
  const maxRows = spec.log!.maxRows;
  let lastTo: string | null = null;
  const keep: LogKeep = { append, from: body.from, maxRows, serverNewest: null };
  return {
    keep,
    olderPage(count, received, oldest) {
      if (count < body.limit || received >= maxRows || oldest === undefined) return null;
      // asked for in the server's own form (text, or epoch milliseconds); compared with what is kept in the mirror's
      const to = typeof oldest === 'string' || typeof oldest === 'number' || Array.isArray(oldest) ? (oldest as string | number | number[]) : null;
      // a page of events all of one instant cannot be paged past; a page down to what is kept is enough
      if (to === null || JSON.stringify(to) === lastTo || (append && (timeOrNull(to) ?? '') <= newest!)) return null;
      lastTo = JSON.stringify(to);
      return { ...spec, body: { ...body, to } };
    },
  };
}
