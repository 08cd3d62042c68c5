// The mirror's schema, as numbered migrations applied by `PRAGMA user_version`.
// Names here are stable: the lookup helper queries them. Add columns in new migrations; never rename.
//
// Conventions shared by every record table (items, locations, inventory, history, records):
//   rid         INTEGER PRIMARY KEY: local row id; the FTS tables' rowid points at it. Not the server id.
//   dataset_id  the `datasets.dataset_id` whose snapshot delivered the row (its list + scope).
//   id          the server's id (uuid) of the record: unique per table (records: per dataset),
//               by the unique indexes <table>_id / records_dataset_id.
//   hash        53-bit content hash of `raw` as received (content-hash.ts); unchanged rows are never rewritten.
//   raw         the record exactly as received (JSON text, unknown fields included): json_extract(raw, '$.x').
//   modified_on the record's `modifiedon` when present.
// Extracted fields are NULL when the server did not send them. Text codes compare case-insensitively
// (COLLATE NOCASE). Quantities are NUMERIC (integers stay integers).
//
// datasets       one row per (list, scope): the sync state that dates every answer.
//   key           stable key, `${list}` | `${list}@account:${id}` | `${list}@facility:${id}`
//   list          list name: accounts, carriers, channels, customers, items, facilities, locations,
//                 location-templates, hazmat, item-templates, mobile-workflows, schedules, sequences,
//                 transit-lanes, users, inventory, history
//   scope_kind    'global' | 'account' | 'facility'; scope_id the account/facility id (NULL if global)
//   path          the request path; etag the ETag of the applied snapshot
//   rows          rows of the applied snapshot; last_success_at / last_attempt_at ISO times
//   last_error_code / last_error_message   the last failure (NULL after a success)
//   held_*        a snapshot held back because it would delete most of the dataset (NULL if none)
// items          account_id, sku, upc, gtin, description, uom, enabled (0/1)
// locations      facility_id, code (as sent, e.g. `A-03-02-B`), code_norm (normaliseCode(code):
//                upper case, letters and digits only, so `A03 02B`, `a-03-02-b`, `A0302B` all give
//                `A0302B`), code_sort (naturalSortKey(code): `A-2-9` before `A-2-10`), barcode, zone,
//                type, pickable, enabled
// inventory      one stock record: facility_id, location_id, location_code, location_code_sort,
//                item_id, account_id, sku, lot, serial, expiry, uom, qty_on_hand, qty_allocated,
//                qty_available, status (AVAILABLE | HOLD | DAMAGED | …)
// history        one inventory event: facility_id, item_id, sku, location_id, location_code,
//                from_location_code, to_location_code, type, qty, qty_before, qty_after, lot,
//                user_email, reference, created_on (ISO)
// records        every other list (accounts, customers, carriers, channels, facilities, users, …):
//                list, scope_id, code (accountid/code/ncode/…), code_sort (naturalSortKey(code)),
//                name (name/description/email/…),
//                text (every other top-level string value, space-joined, for search)
// *_fts          FTS5, contentless-delete, rowid = the table's rid; word and prefix (`abc*`) search:
//                items_fts(sku, description), locations_fts(code, barcode, zone),
//                records_fts(code, name, text). Join back: `JOIN items i ON i.rid = items_fts.rowid`.
// meta           key/value facts about the file (server, email, license_id, created_at).
//
// Migration 2 (lookup): records_code, records by code whatever their list, so that one exact or
// prefix probe covers every other list (the search box's single statement; records are small lists).
// Migration 3 (lookup): items_fts with prefix indexes of 3 to 6 characters, so that a word typed
// halfway (`gre`, `brack`) is one index term instead of every term it expands to (at 1,000,000 items
// such a query read and merged whole doclists: milliseconds). Costs about as much again as the
// plain items_fts to build; the migration re-indexes the items already in the file.
// Migration 4 (sync): every full-text index with `detail = none`: it keeps which rows hold a term,
// not where in them. Aisle's queries are single words and word prefixes, ANDed, never phrases or
// column filters (FTS5 refuses both with detail=none), so the answers are the same. items_fts no
// longer holds UPC and GTIN: each is one digit string, unique per item, matched exactly and by
// prefix through items_upc / items_gtin; in the full-text index they were two more unique terms per
// item, each with four prefix entries, and building the index cost about three times as much.
// Migration 5 (sync): `hash` is content-hash.ts's 53-bit hash instead of 48 bits of SHA-1 (a third
// of the cost per record); the stored rows' hashes are recomputed from `raw` (content_hash() is
// the same function, registered on the connection while migrating), so no row looks changed.
// Migration 6 (lookup): history_dataset also by created_on: how far back a facility's history goes
// (the oldest event it keeps, shown beside history answers) is one index probe.
// Migration 7 (lookup): codes in natural order (sort-key.ts), for list pages sorted by SQLite:
// locations.code_sort with its index; inventory's location_code_norm, whose index served only its
// list's default sort, becomes location_code_sort; records.code_sort replaces records_list_code by
// (list, code_sort). code_norm (`A-2-10` -> `A210`, the same as `A-21-0`) cannot give that order.
// natural_sort_key() is registered while migrating.
// Migration 8 (lookup): locations_dataset also by code_sort: a facility's locations page in natural
// code order straight from the index (they came in the order the server sent them). The index is
// the dataset's index still, a little wider; no new index for the sync to build.
// Migration 9 (sync): a facility's stock brought up to date between full snapshots
// (stock-refresh.ts). stock_refresh, one row per stock dataset that has had a complete snapshot:
// full_at when the last one was applied or confirmed by a 304; events_through the newest event of
// the facility's history when its stock was last brought up to date, and history_etag that history
// answer's ETag; gone_through the last items_gone row it has accounted for. items_gone: the ids of
// items a sync deleted, in order (seq: AUTOINCREMENT, so that a number is never given twice, even
// after the table was emptied), until every stock dataset has asked again for their stock.
// Migration 10 (sync): history's times in one form, UTC as toISOString writes it (instant.ts), as
// are the marks taken from them (stock_refresh.events_through, meta log_newest:*): they are compared
// as text. Rows already in that form (every row the demo ever sent) are read, not written.
// utc_instant() is registered while migrating.
// Migration 11 (sync): the items a facility's history says moved, queued as its events arrive, for
// its stock's next reading (stock-refresh.ts): items_moved, written with each history answer (its
// events added or changed), while any stock has been read (no stock read yet: its first reading is
// whole anyway). stock_refresh.moved_through is the last row a reading accounted for; null on
// readings made before, which read whole once. This replaces reading back 2 minutes before the last
// reading for events committed late: those are followed whatever their time, and no event twice.
// history_etag, which told an unchanged history, is no longer needed. (Not a trigger on history: a
// trigger made each event's insert several times dearer: docs/decisions/0004-stock-read-in-part.md.)

export const MIGRATIONS: readonly string[] = [
  // 1: the first schema
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;

  CREATE TABLE datasets (
    dataset_id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    list TEXT NOT NULL,
    scope_kind TEXT NOT NULL CHECK (scope_kind IN ('global', 'account', 'facility')),
    scope_id TEXT,
    path TEXT NOT NULL,
    etag TEXT,
    rows INTEGER NOT NULL DEFAULT 0,
    last_success_at TEXT,
    last_attempt_at TEXT,
    last_error_code TEXT,
    last_error_message TEXT,
    held_etag TEXT,
    held_rows INTEGER,
    held_would_delete INTEGER,
    held_at TEXT
  );
  CREATE INDEX datasets_list ON datasets (list, scope_id);

  CREATE TABLE items (
    rid INTEGER PRIMARY KEY,
    dataset_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    account_id TEXT,
    sku TEXT COLLATE NOCASE,
    upc TEXT,
    gtin TEXT,
    description TEXT,
    uom TEXT,
    enabled INTEGER,
    modified_on TEXT,
    hash INTEGER NOT NULL,
    raw TEXT NOT NULL
  );
  CREATE UNIQUE INDEX items_id ON items (id);
  CREATE INDEX items_dataset ON items (dataset_id);
  CREATE INDEX items_sku ON items (sku);
  CREATE INDEX items_upc ON items (upc);
  CREATE INDEX items_gtin ON items (gtin);

  CREATE TABLE locations (
    rid INTEGER PRIMARY KEY,
    dataset_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    facility_id TEXT,
    code TEXT COLLATE NOCASE,
    code_norm TEXT,
    barcode TEXT,
    zone TEXT,
    type TEXT,
    pickable INTEGER,
    enabled INTEGER,
    modified_on TEXT,
    hash INTEGER NOT NULL,
    raw TEXT NOT NULL
  );
  CREATE UNIQUE INDEX locations_id ON locations (id);
  CREATE INDEX locations_dataset ON locations (dataset_id);
  CREATE INDEX locations_code_norm ON locations (code_norm);
  CREATE INDEX locations_barcode ON locations (barcode);

  CREATE TABLE inventory (
    rid INTEGER PRIMARY KEY,
    dataset_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    facility_id TEXT,
    location_id TEXT,
    location_code TEXT COLLATE NOCASE,
    location_code_norm TEXT,
    item_id TEXT,
    account_id TEXT,
    sku TEXT COLLATE NOCASE,
    lot TEXT COLLATE NOCASE,
    serial TEXT COLLATE NOCASE,
    expiry TEXT,
    uom TEXT,
    qty_on_hand NUMERIC,
    qty_allocated NUMERIC,
    qty_available NUMERIC,
    status TEXT,
    modified_on TEXT,
    hash INTEGER NOT NULL,
    raw TEXT NOT NULL
  );
  CREATE UNIQUE INDEX inventory_id ON inventory (id);
  CREATE INDEX inventory_dataset ON inventory (dataset_id);
  CREATE INDEX inventory_item ON inventory (item_id);
  CREATE INDEX inventory_location ON inventory (location_id);
  CREATE INDEX inventory_location_code_norm ON inventory (location_code_norm);
  CREATE INDEX inventory_sku ON inventory (sku);
  CREATE INDEX inventory_lot ON inventory (lot);
  CREATE INDEX inventory_serial ON inventory (serial);

  CREATE TABLE history (
    rid INTEGER PRIMARY KEY,
    dataset_id INTEGER NOT NULL,
    id TEXT NOT NULL,
    facility_id TEXT,
    item_id TEXT,
    sku TEXT COLLATE NOCASE,
    location_id TEXT,
    location_code TEXT COLLATE NOCASE,
    from_location_code TEXT COLLATE NOCASE,
    to_location_code TEXT COLLATE NOCASE,
    type TEXT,
    qty NUMERIC,
    qty_before NUMERIC,
    qty_after NUMERIC,
    lot TEXT COLLATE NOCASE,
    user_email TEXT,
    reference TEXT,
    created_on TEXT,
    modified_on TEXT,
    hash INTEGER NOT NULL,
    raw TEXT NOT NULL
  );
  CREATE UNIQUE INDEX history_id ON history (id);
  CREATE INDEX history_dataset ON history (dataset_id);
  CREATE INDEX history_item ON history (item_id, created_on);
  CREATE INDEX history_location ON history (location_id, created_on);
  CREATE INDEX history_sku ON history (sku, created_on);

  CREATE TABLE records (
    rid INTEGER PRIMARY KEY,
    dataset_id INTEGER NOT NULL,
    list TEXT NOT NULL,
    scope_id TEXT,
    id TEXT NOT NULL,
    code TEXT COLLATE NOCASE,
    name TEXT COLLATE NOCASE,
    text TEXT,
    modified_on TEXT,
    hash INTEGER NOT NULL,
    raw TEXT NOT NULL
  );
  CREATE UNIQUE INDEX records_dataset_id ON records (dataset_id, id);
  CREATE INDEX records_list_id ON records (list, id);
  CREATE INDEX records_list_code ON records (list, code);

  CREATE VIRTUAL TABLE items_fts USING fts5 (sku, upc, gtin, description,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
  CREATE VIRTUAL TABLE locations_fts USING fts5 (code, barcode, zone,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
  CREATE VIRTUAL TABLE records_fts USING fts5 (code, name, text,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
  `,
  // 2: records by code across lists (lookup)
  `
  CREATE INDEX records_code ON records (code);
  `,
  // 3: word prefixes of items as index terms (lookup)
  `
  DROP TABLE items_fts;
  CREATE VIRTUAL TABLE items_fts USING fts5 (sku, upc, gtin, description,
    content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4 5 6');
  INSERT INTO items_fts (rowid, sku, upc, gtin, description) SELECT rid, sku, upc, gtin, description FROM items;
  INSERT INTO items_fts (items_fts) VALUES ('optimize');
  `,
  // 4: full-text indexes of rows, not positions (sync)
  `
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
  // 5: content hashes from content-hash.ts (sync)
  `
  UPDATE items SET hash = content_hash(raw);
  UPDATE locations SET hash = content_hash(raw);
  UPDATE inventory SET hash = content_hash(raw);
  UPDATE history SET hash = content_hash(raw);
  UPDATE records SET hash = content_hash(raw);
  `,
  // 6: a facility's history by time (lookup)
  `
  DROP INDEX history_dataset;
  CREATE INDEX history_dataset ON history (dataset_id, created_on);
  `,
  // 7: codes in natural order: locations, stock, other lists (lookup)
  `
  ALTER TABLE locations ADD COLUMN code_sort TEXT;
  UPDATE locations SET code_sort = natural_sort_key(code);
  CREATE INDEX locations_code_sort ON locations (code_sort);
  DROP INDEX inventory_location_code_norm;
  ALTER TABLE inventory RENAME COLUMN location_code_norm TO location_code_sort;
  UPDATE inventory SET location_code_sort = natural_sort_key(location_code);
  CREATE INDEX inventory_location_code_sort ON inventory (location_code_sort);
  ALTER TABLE records ADD COLUMN code_sort TEXT;
  UPDATE records SET code_sort = natural_sort_key(code);
  DROP INDEX records_list_code;
  CREATE INDEX records_list_code_sort ON records (list, code_sort);
  `,
  // 8: a facility's locations in natural code order (lookup)
  `
  DROP INDEX locations_dataset;
  CREATE INDEX locations_dataset ON locations (dataset_id, code_sort);
  `,
  // 9: stock brought up to date from history between full snapshots (sync)
  `
  CREATE TABLE stock_refresh (
    dataset_id INTEGER PRIMARY KEY,
    full_at TEXT NOT NULL,
    events_through TEXT,
    history_etag TEXT,
    gone_through INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE items_gone (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL);
  `,
  // 10: history's times, and the marks taken from them, in UTC in one form (sync)
  `
  UPDATE history SET created_on = utc_instant(created_on) WHERE created_on IS NOT utc_instant(created_on);
  UPDATE stock_refresh SET events_through = utc_instant(events_through) WHERE events_through IS NOT utc_instant(events_through);
  UPDATE meta SET value = utc_instant(value) WHERE key LIKE 'log_newest:%' AND value IS NOT utc_instant(value);
  `,
  // 11: the items that moved, queued from history as its events arrive (sync)
  `
  CREATE TABLE items_moved (seq INTEGER PRIMARY KEY AUTOINCREMENT, dataset_id INTEGER NOT NULL, item_id TEXT);
  ALTER TABLE stock_refresh ADD COLUMN moved_through INTEGER;
  ALTER TABLE stock_refresh DROP COLUMN history_etag;
  `,
  // 12: lots and serials indexed only where stock has one (most stock has neither): a stock row
  // added or deleted changes two index pages fewer (sync)
  `
  DROP INDEX inventory_lot;
  CREATE INDEX inventory_lot ON inventory (lot) WHERE lot IS NOT NULL;
  DROP INDEX inventory_serial;
  CREATE INDEX inventory_serial ON inventory (serial) WHERE serial IS NOT NULL;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
