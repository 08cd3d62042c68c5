// Migration 4: full-text indexes of rows, not positions (sync)
//
// Every full-text index with `detail = none`: it keeps which rows hold a term,
// not where in them. Aisle's queries are single words and word prefixes, ANDed, never phrases or
// column filters (FTS5 refuses both with detail=none), so the answers are the same. items_fts no
// longer holds UPC and GTIN: each is one digit string, unique per item, matched exactly and by
// prefix through items_upc / items_gtin; in the full-text index they were two more unique terms per
// item, each with four prefix entries, and building the index cost about three times as much.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 4,
  sql: `
  DROP TABLE items_fts;
  CREATE VIRTUAL TABLE items_fts USING fts5 (sku, description,
    content = '', contentless_delete = 1, detail = none, tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4 5 6');
  INSERT INTO items_fts (rowid, sku, description) SELECT rid, sku, description FROM items;
  INSERT INTO items_fts (items_fts) VALUES ('optimize');
  DROP TABLE locations_fts;
  CREATE VIRTUAL TABLE locations_fts USING fts5 (code, barcode, zone,
    content = '', contentless_delete = 1, detail = none, tokenize = 'unicode61 remove_diacritics 2');
  INSERT INTO locations_fts (rowid, code, barcode, zone) SELECT rid, code, barcode, zone FROM locations;
  INSERT INTO locations_fts (locations_fts) VALUES ('optimize');
  DROP TABLE records_fts;
  CREATE VIRTUAL TABLE records_fts USING fts5 (code, name, text,
    content = '', contentless_delete = 1, detail = none, tokenize = 'unicode61 remove_diacritics 2');
  INSERT INTO records_fts (rowid, code, name, text) SELECT rid, code, name, text FROM records;
  INSERT INTO records_fts (records_fts) VALUES ('optimize');
  `,
};
