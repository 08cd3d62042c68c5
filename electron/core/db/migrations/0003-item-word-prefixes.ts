// Migration 3: word prefixes of items as index terms (lookup)
//
// Items_fts with prefix indexes of 3 to 6 characters, so that a word typed
// halfway (`gre`, `brack`) is one index term instead of every term it expands to (at 1,000,000 items
// such a query read and merged whole doclists: milliseconds). Costs about as much again as the
// plain items_fts to build; the migration re-indexes the items already in the file.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 3,
  sql: `
  DROP TABLE items_fts;
  CREATE VIRTUAL TABLE items_fts USING fts5 (sku, upc, gtin, description,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4 5 6');
  INSERT INTO items_fts (rowid, sku, upc, gtin, description) SELECT rid, sku, upc, gtin, description FROM items;
  INSERT INTO items_fts (items_fts) VALUES ('optimize');
  `,
};
