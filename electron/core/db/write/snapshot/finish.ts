// The last step of a snapshot apply: the rows gone are deleted (or the whole answer held, when it
// would delete most of the dataset: the plan's isHeld, mirror/mass-delete-guard.ts), a log cut to its window, the dataset's
// state written, and all of it committed in the one transaction; or everything rolled back.
import { AisleError } from '../../../../contract/errors.ts';
import { clearMissing, markApplied, markLogFrom, markLogServerNewest, noteRejected } from '../datasets.ts';
import { recordItemsGone, recordItemsMoved } from '../../stock-refresh/write.ts';
import { cutWalBackAfterRollback } from '../../wal.ts';
import { itemsOfStockRows, settleAllItemStock, settleItemStock } from '../item-stock.ts';
import { codesOfStockRows, settleStockCodes } from '../stock-codes.ts';
import { noteWholeReadingDue } from '../../search-words/write.ts';
import { endBulk, fillSearchIndex } from './bulk-load.ts';
import { cutToWindow, notSeen, partNotSeen, removeRows } from './gone.ts';
import { missingFieldFailure } from './missing-field.ts';
import type { SnapshotState } from './state.ts';
import { decideWaiting } from './store-record.ts';
import { ID_PART, type ApplyResult, type FinishOptions } from './types.ts';

export function finish(s: SnapshotState, { etag, at, allowMassDelete, log, alsoCommit, announcedTotal = null, shrinkHoldPercent, indexesLater = false }: FinishOptions): ApplyResult {
  if (!s.open) throw new AisleError('internal', 'This snapshot was already finished.');
  const { db, datasetId, part } = s;
  const t = s.table.name;
  const missing = s.watch?.missing(s.parsed, s.received);
  if (missing) {
    rollback(s);
    throw missingFieldFailure(s, missing, at);
  }
  try {
    if (s.waiting.length) decideWaiting(s);
    if (s.appendOnly && !log?.append) throw new AisleError('internal', 'An answer begun as adding only was finished as a whole one.');
    noteRejected(db, datasetId, s.rejected, s.rejection);
    clearMissing(db, datasetId);
    const deferring = indexesLater && s.bulk !== null;
    const indexesRebuilt = s.bulk !== null && !deferring;
    endBulk(s, indexesLater);
    // entries made at the end were not noted one by one: the index's words are read whole
    if (s.ftsAfter !== null && s.lastRid > s.ftsAfter && s.statements.noteText) noteWholeReadingDue(db, s.table.fts!.table);
    fillSearchIndex(s);
    // the items of the events received, new or changed, are asked for again (db/stock-refresh/)
    if (t === 'history') recordItemsMoved(db, datasetId, s.maxRid, s.changedEvents);
    const gone = part ? partNotSeen(s, part) : log?.append || s.seenOwn >= s.previousRows ? [] : notSeen(s);
    // a part of a stock deletes only rows of the items it answers for: never most of the dataset; a
    // set of changes may delete any share of it, and is held as a whole answer is
    if (!log && (!part || part.column === ID_PART) && !allowMassDelete && isHeld(s, gone.length, announcedTotal, shrinkHoldPercent)) {
      rollback(s);
      // the rows the dataset would hold: a whole answer's own, or what a set of changes leaves
      const rows = part ? s.previousRows - gone.length + s.inserted : s.received;
      return { kind: 'held', held: { etag, rows, wouldDelete: gone.length, at } };
    }
    // the stock of a deleted item is asked for again (db/stock-refresh/)
    if (t === 'items') recordItemsGone(db, gone);
    if (t === 'inventory') {
      s.stockItems.push(...itemsOfStockRows(db, gone));
      s.stockCodes.push(...codesOfStockRows(db, gone));
    }
    removeRows(s, gone);
    // the search hits' stock summary of the items whose stock rows were added, changed or deleted:
    // all of them after a load into an empty table, or one that built the table's indexes again (a
    // load of an eighth of the table or more touches most items, and the item index is read whole
    // in its order faster than it is searched item by item)
    if (t === 'inventory') {
      // a first sync's load that leaves the indexes to the last: that one settles every item again,
      // and writes the copies by row once (db/write/item-stock.ts)
      const copies = deferring ? 'later' : 'copies';
      if (s.maxRid === 0 || indexesRebuilt) settleAllItemStock(db, copies);
      else settleItemStock(db, s.maxRid, s.stockItems, copies);
      settleStockCodes(db, s.maxRid, s.stockCodes, indexesRebuilt);
    }
    if (log) gone.push(...cutToWindow(s, log));
    // without the table's indexes a count reads all of it: a first load's rows are those it wrote, less those gone
    const rows = deferring ? s.previousRows + s.inserted - gone.length : (db.prepare(`SELECT count(*) FROM ${t} WHERE dataset_id = ?`).pluck().get(datasetId) as number);
    markApplied(db, datasetId, { etag, rows, at });
    if (log) {
      markLogFrom(db, datasetId, log.from);
      markLogServerNewest(db, datasetId, log.serverNewest);
    }
    alsoCommit?.();
    db.exec('COMMIT');
    s.open = false;
    s.builder?.close();
    return { kind: 'applied', rows, inserted: s.inserted, updated: s.updated, deleted: gone.length, unchanged: s.unchanged, rejected: s.rejected };
  } catch (error) {
    rollback(s);
    throw error;
  }
}

/** A whole answer that would delete most of the dataset, or shrink a catalog with no total of the server's to prove it whole. */
function isHeld(s: SnapshotState, gone: number, announcedTotal: number | null, shrinkHoldPercent: number | undefined): boolean {
  return s.plan.isHeld(s.previousRows, gone, s.previousRows - gone + s.inserted, announcedTotal !== null, shrinkHoldPercent);
}

/** Rolls back everything since begin (a held answer, a failed or invalid download), once. */
export function rollback(s: SnapshotState): void {
  if (!s.open) return;
  s.open = false;
  if (s.db.inTransaction) s.db.exec('ROLLBACK');
  s.builder?.close();
  cutWalBackAfterRollback(s.db);
}
