// Migration 2: records by code across lists (lookup)
//
// Records_code, records by code whatever their list, so that one exact or
// prefix probe covers every other list (the search box's single statement; records are small lists).
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 2,
  sql: `
  CREATE INDEX records_code ON records (code);
  `,
};
