// Migration 19: the stock's item index carries what an item's stock summary is made of (its
// quantity, facility and location code), so that the summary (item_stock, migration 14) and the
// lookups' stock of a page of items (read/inventory.ts) are read from the index alone, in item
// order, without fetching each stock row from the table (docs/decisions/0027-item-stock-from-the-index.md).
// Of rows holding an equal top quantity, the summary names whichever its reading met first: each is
// a location holding most.
//
// A first sync stopped between two stock loads left the table's indexes to build later, written in
// `meta` (db/write/deferred-indexes.ts): the index is made here, and taken out of that note.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 19,
  sql: `
  DROP INDEX IF EXISTS inventory_item;
  CREATE INDEX inventory_item ON inventory (item_id, qty_on_hand, facility_id, location_code);
  UPDATE meta SET value = json_set(value, '$.indexes',
      json((SELECT json_group_array(value) FROM json_each(meta.value, '$.indexes') WHERE value NOT LIKE 'CREATE INDEX inventory_item %')))
    WHERE key = 'deferredIndexes.inventory';
  `,
};
