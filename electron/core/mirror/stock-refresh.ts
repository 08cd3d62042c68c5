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
import type { WholeStockWhy } from '../../contract/types.ts';
import { logServerNewest } from '../db/read/datasets.ts';
import type { ReadDb, WriteDb } from '../db/connection.ts';

/** More items than this moved: one full snapshot costs less than asking for each. */
export const MAX_ITEMS_ASKED = 50_000;

export interface StockRefreshState {
  /** When the last complete snapshot was applied, or confirmed by a 304. */
  fullAt: string;
  mark: HistoryMark;
}

/** Where the history and the deleted items stood when the stock was last brought up to date. */
export interface HistoryMark {
  /** The newest event of the facility's history, as the server last answered it. */
  eventsThrough: string | null;
  /** The last items_moved row accounted for; null for a reading by an Aisle from before that queue. */
  movedThrough: number | null;
  /** The last items_gone row accounted for. */
  goneThrough: number;
}

export type StockReading =
  | { kind: 'full'; why: WholeStockWhy }
  /** Nothing moved: no request. `fullAt`: the last full snapshot's, which stays. */
  | { kind: 'none'; fullAt: string }
  /** Ask again for the stock of these items only. */
  | { kind: 'items'; ids: string[]; fullAt: string };

export function stockRefreshState(db: ReadDb, datasetId: number): StockRefreshState | null {
  const row = db.prepare('SELECT full_at, events_through, moved_through, gone_through FROM stock_refresh WHERE dataset_id = ?').get(datasetId) as
    | { full_at: string; events_through: string | null; moved_through: number | null; gone_through: number }
    | undefined;
  return row ? { fullAt: row.full_at, mark: { eventsThrough: row.events_through, movedThrough: row.moved_through, goneThrough: row.gone_through } } : null;
}

export function writeStockRefresh(db: WriteDb, datasetId: number, state: StockRefreshState): void {
  db.prepare(
    `INSERT INTO stock_refresh (dataset_id, full_at, events_through, moved_through, gone_through) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (dataset_id) DO UPDATE SET full_at = excluded.full_at, events_through = excluded.events_through,
       moved_through = excluded.moved_through, gone_through = excluded.gone_through`,
  ).run(datasetId, state.fullAt, state.mark.eventsThrough, state.mark.movedThrough, state.mark.goneThrough);
}

/** Where the facility's history (its dataset, if kept), the moved and the deleted items stand now. */
export function historyMark(db: ReadDb, historyDatasetId: number | null): HistoryMark {
  const goneThrough = (db.prepare('SELECT max(seq) FROM items_gone').pluck().get() as number | null) ?? 0;
  const movedThrough = (db.prepare('SELECT max(seq) FROM items_moved').pluck().get() as number | null) ?? 0;
  if (historyDatasetId === null) return { eventsThrough: null, movedThrough, goneThrough };
  const eventsThrough = logServerNewest(db, historyDatasetId) ?? (db.prepare('SELECT max(created_on) FROM history WHERE dataset_id = ?').pluck().get(historyDatasetId) as string | null);
  return { eventsThrough, movedThrough, goneThrough };
}

/**
 * The items of a history answer's events, new (their rid after `afterRid`, the table's largest
 * before the answer) or changed, in the transaction that writes them: their facility's stock is
 * asked for again. Only while some stock has been read: a first reading is whole anyway.
 */
export function recordItemsMoved(db: WriteDb, datasetId: number, afterRid: number, changedRids: readonly number[]): void {
  if (!db.prepare('SELECT 1 FROM stock_refresh LIMIT 1').get()) return;
  db.prepare('INSERT INTO items_moved (dataset_id, item_id) SELECT dataset_id, item_id FROM history WHERE rid > ? AND dataset_id = ?').run(afterRid, datasetId);
  const changed = db.prepare('INSERT INTO items_moved (dataset_id, item_id) SELECT dataset_id, item_id FROM history WHERE rid = ?');
  for (const rid of changedRids) changed.run(rid);
}

/** Items a sync deleted (in the transaction that deletes them): their stock is asked for again. */
export function recordItemsGone(db: WriteDb, rids: readonly number[]): void {
  const insert = db.prepare('INSERT INTO items_gone (id) SELECT id FROM items WHERE rid = ?');
  for (const rid of rids) insert.run(rid);
}

/** Forgets the deleted and moved items every stock dataset has accounted for (all, when no stock is kept). */
export function pruneAccountedItems(db: WriteDb): void {
  db.prepare('DELETE FROM items_gone WHERE seq <= coalesce((SELECT min(gone_through) FROM stock_refresh), (SELECT max(seq) FROM items_gone))').run();
  db.prepare('DELETE FROM items_moved WHERE seq <= coalesce((SELECT min(moved_through) FROM stock_refresh), (SELECT max(seq) FROM items_moved))').run();
}

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
  const history = db.prepare('SELECT rows FROM datasets WHERE dataset_id = ?').pluck().get(o.history.datasetId) as number;
  if (history >= o.history.maxRows) {
    const oldest = db.prepare('SELECT min(created_on) FROM history WHERE dataset_id = ?').pluck().get(o.history.datasetId) as string | null;
    if (oldest === null || oldest > (state.mark.eventsThrough ?? '')) return full('history-short');
  }
  // `+dataset_id`: found by the item's index, not by reading the whole dataset for each item
  const gone = db
    .prepare('SELECT DISTINCT g.id FROM items_gone g WHERE g.seq > ? AND EXISTS (SELECT 1 FROM inventory WHERE item_id = g.id AND +dataset_id = ?)')
    .pluck()
    .all(state.mark.goneThrough, o.stockDatasetId) as string[];
  const queued = db.prepare('SELECT item_id FROM items_moved WHERE seq > ? AND dataset_id = ?').pluck().all(state.mark.movedThrough, o.history.datasetId) as (string | null)[];
  // Events the server has now that are newer than any it had at the last reading. They are the new
  // ones, queued already; but after the server's history went back (a restored backup) and came
  // forward again, they may be events the mirror kept from before: not new to it, so not queued,
  // and that reading's stock was from before them.
  const newer =
    state.mark.eventsThrough !== null && serverNewest !== null && serverNewest > state.mark.eventsThrough
      ? (db.prepare('SELECT item_id FROM history WHERE dataset_id = ? AND created_on > ? AND created_on <= ?').pluck().all(o.history.datasetId, state.mark.eventsThrough, serverNewest) as (string | null)[])
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
