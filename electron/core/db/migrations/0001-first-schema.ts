// Migration 1: the first schema
// The tables every later migration builds on; db/migrations/index.ts describes the schema as it stands.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 1,
  sql: `
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
};
