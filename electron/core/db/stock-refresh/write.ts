// Writes of a facility's stock reading state and the queues of items to ask for again.
import type { WriteDb } from '../handles.ts';
import { stmt } from '../statements.ts';
import type { StockRefreshState } from './read.ts';

export function writeStockRefresh(db: WriteDb, datasetId: number, state: StockRefreshState): void {
  db.prepare(
    `INSERT INTO stock_refresh (dataset_id, full_at, events_through, moved_through, gone_through) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (dataset_id) DO UPDATE SET full_at = excluded.full_at, events_through = excluded.events_through,
       moved_through = excluded.moved_through, gone_through = excluded.gone_through`,
  ).run(datasetId, state.fullAt, state.mark.eventsThrough, state.mark.movedThrough, state.mark.goneThrough);
}

/**
 * The items of a history answer's events, new (their rid after `afterRid`, the table's largest
 * before the answer) or changed, in the transaction that writes them: their facility's stock is
 * asked for again. Only while some stock has been read: a first reading is whole anyway.
 */
export function recordItemsMoved(db: WriteDb, datasetId: number, afterRid: number, changedRids: readonly number[]): void {
  if (!stmt(db, 'SELECT 1 FROM stock_refresh LIMIT 1').get()) return;
  stmt(db, NEW_EVENTS_MOVED).run(afterRid, datasetId);
  const changed = stmt(db, 'INSERT INTO items_moved (dataset_id, item_id) SELECT dataset_id, item_id FROM history WHERE rid = ?');
  for (const rid of changedRids) changed.run(rid);
}

// The new events are the few rows after `afterRid`, read by rid. By the bare dataset_id, the planner
// reads the dataset's whole history from its index instead, every event of the kept days.
const NEW_EVENTS_MOVED = 'INSERT INTO items_moved (dataset_id, item_id) SELECT dataset_id, item_id FROM history WHERE rid > ? AND +dataset_id = ?';

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
