// Migration 17: every lot and serial number held in stock, once each, with its key (upper case,
// letters and digits only) in a trigram index, so a lot found by any part of it (`q8`, `261017Q8`
// find `LOT-261017-Q8`) is looked up in the index and not by reading every stock row (a miss used
// to read them all). The stock rows are then reached by the codes found, through their lot and
// serial indexes. Kept by every write of stock rows, in its transaction (db/write/stock-codes.ts),
// as item_stock is. A code with no key (only separators) is never found by a part: it has no row.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 17,
  sql: `
  CREATE TABLE stock_codes (rid INTEGER PRIMARY KEY, code TEXT NOT NULL COLLATE NOCASE UNIQUE, key TEXT NOT NULL);
  CREATE VIRTUAL TABLE stock_codes_fts USING fts5(key, content='', contentless_delete=1, tokenize='trigram');
  INSERT OR IGNORE INTO stock_codes (code, key)
    SELECT code, stock_code_key(code) FROM (SELECT lot AS code FROM inventory WHERE lot IS NOT NULL UNION SELECT serial FROM inventory WHERE serial IS NOT NULL)
    WHERE stock_code_key(code) IS NOT NULL;
  INSERT INTO stock_codes_fts (rowid, key) SELECT rid, key FROM stock_codes;
  `,
};
