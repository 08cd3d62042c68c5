// Migration 11: the items that moved, queued from history as its events arrive (sync)
//
// The items a facility's history says moved, queued as its events arrive, for
// its stock's next reading (stock-refresh.ts): items_moved, written with each history answer (its
// events added or changed), while any stock has been read (no stock read yet: its first reading is
// whole anyway). stock_refresh.moved_through is the last row a reading accounted for; null on
// readings made before, which read whole once. This replaces reading back 2 minutes before the last
// reading for events committed late: those are followed whatever their time, and no event twice.
// history_etag, which told an unchanged history, is no longer needed. (Not a trigger on history: a
// trigger made each event's insert several times dearer: docs/decisions/0004-stock-read-in-part.md.)
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 11,
  sql: `
  CREATE TABLE items_moved (seq INTEGER PRIMARY KEY AUTOINCREMENT, dataset_id INTEGER NOT NULL, item_id TEXT);
  ALTER TABLE stock_refresh ADD COLUMN moved_through INTEGER;
  ALTER TABLE stock_refresh DROP COLUMN history_etag;
  `,
};
