// The mirror's schema, built by the numbered migrations of this folder (one file each) and applied
// in order by `PRAGMA user_version`. Names here are stable: the lookups query them. Add columns in a
// new migration file; never rename, and never change a migration that has shipped: an existing
// mirror must end with the same schema as a new one.
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
//   last_error_code / last_error_message   the last failure (NULL after a success); last_error_notice
//                 its fact as a notice (JSON of contract/notices.ts), NULL when it has none
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
// search_words   every word of the full-text indexes, with its length and spelled backwards (typo search).
// item_stock     per item: on hand across the stock rows held and the location holding most (search hits);
//                kept equal to the stock rows by every write of them, in its transaction (db/write/item-stock.ts).
// stock_codes    every lot and serial held in stock once (code as stored, NOCASE) with its key (normaliseCode);
//                stock_codes_fts a trigram index of the keys (rowid = stock_codes.rid), for a lot found by any part.
//                Kept equal to the stock rows like item_stock (db/write/stock-codes.ts).
//
// The schema as it stands, in SQLite's own words, is test/db/fixtures/schema.sql: a test checks that
// the migrations build exactly that.
import { contentHash } from '../content-hash.ts';
import { utcInstant } from '../../shared/instant.ts';
import { naturalSortKeyOf } from '../../shared/sort-key.ts';
import { stockCodeKey } from '../../shared/normalise-code.ts';
import type { WriteDb } from '../handles.ts';
import type { Migration } from './migration.ts';
import { migration as m0001 } from './0001-first-schema.ts';
import { migration as m0002 } from './0002-records-by-code.ts';
import { migration as m0003 } from './0003-item-word-prefixes.ts';
import { migration as m0004 } from './0004-full-text-without-positions.ts';
import { migration as m0005 } from './0005-content-hashes.ts';
import { migration as m0006 } from './0006-history-by-time.ts';
import { migration as m0007 } from './0007-natural-code-order.ts';
import { migration as m0008 } from './0008-locations-in-code-order.ts';
import { migration as m0009 } from './0009-stock-refresh.ts';
import { migration as m0010 } from './0010-history-times-in-utc.ts';
import { migration as m0011 } from './0011-items-moved.ts';
import { migration as m0012 } from './0012-lots-and-serials-where-held.ts';
import { migration as m0013 } from './0013-search-words.ts';
import { migration as m0014 } from './0014-item-stock.ts';
import { migration as m0015 } from './0015-dataset-error-notices.ts';
import { migration as m0016 } from './0016-history-by-move-ends.ts';
import { migration as m0017 } from './0017-stock-codes.ts';
import { migration as m0018 } from './0018-history-cut-by-id.ts';
import { migration as m0019 } from './0019-item-stock-from-the-index.ts';
import { migration as m0020 } from './0020-item-hits-by-sku.ts';
import { migration as m0021 } from './0021-item-stock-by-row.ts';

export const MIGRATIONS: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005, m0006, m0007, m0008, m0009, m0010, m0011, m0012, m0013, m0014, m0015, m0016, m0017, m0018, m0019, m0020, m0021];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Applies the migrations after the file's `user_version` (up to `target`), all in one transaction
 * whose version is read under the write lock: a second process opening the same new file at the
 * same moment (two CLIs) waits for the lock (busy_timeout) and then finds the schema whole, never
 * half made, so a file of an older version is always an old one, never one being created.
 */
export function migrate(db: WriteDb, target: number = SCHEMA_VERSION): void {
  if ((db.pragma('user_version', { simple: true }) as number) >= target) return;
  // what the migrations compute in JS, as the sync does for new rows
  db.function('content_hash', { deterministic: true }, (raw: unknown) => contentHash(Buffer.from(String(raw))));
  db.function('natural_sort_key', { deterministic: true }, (code: unknown) => naturalSortKeyOf(code === null ? null : String(code)));
  db.function('utc_instant', { deterministic: true }, (value: unknown) => (value === null ? null : utcInstant(String(value))));
  db.function('stock_code_key', { deterministic: true }, (code: unknown) => (code === null ? null : stockCodeKey(String(code))));
  db.transaction(() => {
    const from = db.pragma('user_version', { simple: true }) as number;
    for (const migration of MIGRATIONS.slice(from, target)) db.exec(migration.sql);
    if (from < target) db.pragma(`user_version = ${target}`);
  }).immediate();
}
