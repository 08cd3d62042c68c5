// Migration 20: the items' SKU index carries what a hit shows of an item (its id, description,
// barcodes and dataset), so that a search by SKU, exact or by its first characters, reads its page
// of items from the index alone, in SKU order, without fetching each item's row (which carries the
// whole record as the server sent it) from the table (docs/decisions/0030-prefix-page-from-the-index.md).
//
// A first sync stopped between two item loads left the table's indexes to build later, written in
// `meta` (db/write/deferred-indexes.ts): the index is made here, and taken out of that note.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 20,
  sql: `
  DROP INDEX IF EXISTS items_sku;
  CREATE INDEX items_sku ON items (sku, id, description, upc, gtin, dataset_id);
  UPDATE meta SET value = json_set(value, '$.indexes',
      json((SELECT json_group_array(value) FROM json_each(meta.value, '$.indexes') WHERE value NOT LIKE 'CREATE INDEX items_sku %')))
    WHERE key = 'deferredIndexes.items';
  `,
};
