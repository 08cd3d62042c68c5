// Migration 9: stock brought up to date from history between full snapshots (sync)
//
// A facility's stock brought up to date between full snapshots
// (stock-refresh.ts). stock_refresh, one row per stock dataset that has had a complete snapshot:
// full_at when the last one was applied or confirmed by a 304; events_through the newest event of
// the facility's history when its stock was last brought up to date, and history_etag that history
// answer's ETag; gone_through the last items_gone row it has accounted for. items_gone: the ids of
// items a sync deleted, in order (seq: AUTOINCREMENT, so that a number is never given twice, even
// after the table was emptied), until every stock dataset has asked again for their stock.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 9,
  sql: `
  CREATE TABLE stock_refresh (
    dataset_id INTEGER PRIMARY KEY,
    full_at TEXT NOT NULL,
    events_through TEXT,
    history_etag TEXT,
    gone_through INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE items_gone (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL);
  `,
};
