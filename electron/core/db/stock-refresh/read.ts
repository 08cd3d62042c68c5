// Reads of a facility's stock reading state (stock_refresh) and the queues it is planned from
// (items_moved, items_gone, the history's events); db/stock-refresh/plan.ts plans with them.
import type { ReadDb } from '../handles.ts';
import { logServerNewest } from '../read/datasets.ts';

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

export function stockRefreshState(db: ReadDb, datasetId: number): StockRefreshState | null {
  const row = db.prepare('SELECT full_at, events_through, moved_through, gone_through FROM stock_refresh WHERE dataset_id = ?').get(datasetId) as
    | { full_at: string; events_through: string | null; moved_through: number | null; gone_through: number }
    | undefined;
  return row ? { fullAt: row.full_at, mark: { eventsThrough: row.events_through, movedThrough: row.moved_through, goneThrough: row.gone_through } } : null;
}

/** Where the facility's history (its dataset, if kept), the moved and the deleted items stand now. */
export function historyMark(db: ReadDb, historyDatasetId: number | null): HistoryMark {
  const goneThrough = (db.prepare('SELECT max(seq) FROM items_gone').pluck().get() as number | null) ?? 0;
  const movedThrough = (db.prepare('SELECT max(seq) FROM items_moved').pluck().get() as number | null) ?? 0;
  if (historyDatasetId === null) return { eventsThrough: null, movedThrough, goneThrough };
  const eventsThrough = logServerNewest(db, historyDatasetId) ?? (db.prepare('SELECT max(created_on) FROM history WHERE dataset_id = ?').pluck().get(historyDatasetId) as string | null);
  return { eventsThrough, movedThrough, goneThrough };
}

/** The rows of a dataset's applied snapshot. */
export function datasetRows(db: ReadDb, datasetId: number): number {
  return db.prepare('SELECT rows FROM datasets WHERE dataset_id = ?').pluck().get(datasetId) as number;
}

/** Items deleted after `goneThrough` that this stock dataset holds. */
export function goneItemsInStock(db: ReadDb, goneThrough: number, stockDatasetId: number): string[] {
  // `+dataset_id`: found by the item's index, not by reading the whole dataset for each item
  return db
    .prepare('SELECT DISTINCT g.id FROM items_gone g WHERE g.seq > ? AND EXISTS (SELECT 1 FROM inventory WHERE item_id = g.id AND +dataset_id = ?)')
    .pluck()
    .all(goneThrough, stockDatasetId) as string[];
}

/** The items a history dataset's events named after queue row `movedThrough` (null: an event of no item). */
export function movedItems(db: ReadDb, movedThrough: number, historyDatasetId: number): (string | null)[] {
  return db.prepare('SELECT item_id FROM items_moved WHERE seq > ? AND dataset_id = ?').pluck().all(movedThrough, historyDatasetId) as (string | null)[];
}

/** The items of a history dataset's events stamped after `after`, up to `through`. */
export function eventItemsBetween(db: ReadDb, historyDatasetId: number, after: string, through: string): (string | null)[] {
  return db.prepare('SELECT item_id FROM history WHERE dataset_id = ? AND created_on > ? AND created_on <= ?').pluck().all(historyDatasetId, after, through) as (string | null)[];
}
