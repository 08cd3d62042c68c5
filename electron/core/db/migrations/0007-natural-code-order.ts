// Migration 7: codes in natural order: locations, stock, other lists (lookup)
//
// Codes in natural order (sort-key.ts), for list pages sorted by SQLite:
// locations.code_sort with its index; inventory's location_code_norm, whose index served only its
// list's default sort, becomes location_code_sort; records.code_sort replaces records_list_code by
// (list, code_sort). code_norm (`A-2-10` -> `A210`, the same as `A-21-0`) cannot give that order.
// natural_sort_key() is registered while migrating.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 7,
  sql: `
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
};
