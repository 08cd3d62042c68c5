// A facility's stock between its full snapshots. The interface has no "what changed" query for
// stock, and a full snapshot of a large warehouse is hundreds of megabytes; but its inventory
// history is the log of every movement, and `/inv/query` takes `itemIds`. So between full
// snapshots a round asks again only for the stock of the items that moved: the items of the
// history events the mirror received since the last reading (items_moved, written with each
// history answer: recordItemsMoved), of the events newer than any the server had at the last
// reading (the same ones, unless its history had gone back), and of items a sync deleted. An
// event is followed when it arrives, whatever time it is stamped with: one committed late (a slow
// transaction, another server's clock) is followed as any other, and an event already followed is
// not asked for again. A full snapshot still comes at least every `stockFullCheckMinutes` and
// whenever anything is in doubt, since a server may change what its history does not carry
// (allocations, status).
import type { WholeStockWhy } from '../../../contract/types.ts';
import { logServerNewest } from '../read/datasets.ts';
import type { ReadDb } from '../handles.ts';
import { oldestEvent } from '../read/history.ts';
import { datasetRows, eventItemsBetween, goneItemsInStock, movedItems, stockRefreshState } from './read.ts';

/** More items than this moved: one full snapshot costs less than asking for each. */
export const MAX_ITEMS_ASKED = 50_000;

export type StockReading =
  | { kind: 'full'; why: WholeStockWhy }
  /** Nothing moved: no request. `fullAt`: the last full snapshot's, which stays. */
  | { kind: 'none'; fullAt: string }
  /** Ask again for the stock of these items only. */
  | { kind: 'items'; ids: string[]; fullAt: string };

export interface StockReadingOptions {
  stockDatasetId: number;
  /** The facility's history as this round left it; null when it is not kept. */
  history: { datasetId: number; maxRows: number; readThisRound: boolean } | null;
  /**
   * Every items dataset was read this round (applied or unchanged): the items deleted are known.
   * False when one failed or was held, or items are not kept offline.
   */
  itemsRead: boolean;
  /** A full snapshot at least this often; 0: every round. */
  fullEveryMinutes: number;
  now: number;
}

/** How this round reads a facility's stock: in full, not at all, or only the items that moved. */
export function planStockReading(db: ReadDb, o: StockReadingOptions): StockReading {
  const full = (why: WholeStockWhy): StockReading => ({ kind: 'full', why });
  const state = stockRefreshState(db, o.stockDatasetId);
  if (!state) return full('no-snapshot');
  if (o.fullEveryMinutes <= 0 || !(o.now - Date.parse(state.fullAt) < o.fullEveryMinutes * 60_000)) return full('due');
  if (!o.history || !o.history.readThisRound) return full('history-not-read');
  if (!o.itemsRead) return full('items-not-read');
  // the server's log no longer reaches the newest event the last reading saw: it went back (a
  // restored backup), and what changed since cannot be told from it
  const serverNewest = logServerNewest(db, o.history.datasetId);
  if (serverNewest !== null && state.mark.eventsThrough !== null && serverNewest < state.mark.eventsThrough) return full('history-went-back');
  if (state.mark.movedThrough === null) return full('earlier-version');
  // every event since the last reading must have reached the mirror: a log at its most rows whose
  // oldest event is newer than the last reading's newest may have lost some in between
  if (datasetRows(db, o.history.datasetId) >= o.history.maxRows) {
    const oldest = oldestEvent(db, o.history.datasetId);
    if (oldest === null || oldest > (state.mark.eventsThrough ?? '')) return full('history-short');
  }
  const gone = goneItemsInStock(db, state.mark.goneThrough, o.stockDatasetId);
  const queued = movedItems(db, state.mark.movedThrough, o.history.datasetId);
  // Events the server has now that are newer than any it had at the last reading. They are the new
  // ones, queued already; but after the server's history went back (a restored backup) and came
  // forward again, they may be events the mirror kept from before: not new to it, so not queued,
  // and that reading's stock was from before them.
  const newer =
    state.mark.eventsThrough !== null && serverNewest !== null && serverNewest > state.mark.eventsThrough
      ? eventItemsBetween(db, o.history.datasetId, state.mark.eventsThrough, serverNewest)
      : [];
  const ids = new Set(gone);
  // (two lists walked in turn, not joined with push(...): a history of 150,000 events overflows the stack)
  for (const moved of [queued, newer]) {
    for (const id of moved) {
      // a movement of no named item cannot be asked for by item
      if (id === null) return full('event-without-item');
      ids.add(id);
      if (ids.size > MAX_ITEMS_ASKED) return full('too-many-moved');
    }
  }
  return ids.size === 0 ? { kind: 'none', fullAt: state.fullAt } : { kind: 'items', ids: [...ids], fullAt: state.fullAt };
}
