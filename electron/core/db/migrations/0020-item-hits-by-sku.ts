// Migration 20: an index of the items by SKU that carries what a hit shows of an item (its id,
// description, barcodes and dataset), so that a search by SKU, exact or by its first characters,
// reads its page of items from the index alone, in SKU order, without fetching each item's row (which
// carries the whole record as the server sent it) from the table. The narrow SKU index stays: a list
// scrolled far down in SKU order steps over every entry before its page, and over entries seven
// times as wide it took seven times as long (docs/decisions/0030-prefix-page-from-the-index.md).
//
// A first sync stopped between two item loads left the table's other indexes to build later
// (db/write/deferred-indexes.ts); this one is made here whatever the note says, and the next bulk
// load of the table drops and builds it with the others.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 20,
  sql: `
  CREATE INDEX items_sku_hit ON items (sku, id, description, upc, gtin, dataset_id);
  `,
};
