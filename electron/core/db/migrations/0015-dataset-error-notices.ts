// Migration 15: a dataset's last error keeps its fact (a notice, as JSON) beside its English
// message, so that the Sync page words it in the app's language (a disk without room for the
// dataset, a damaged file) rather than quote the core's English. NULL for an error without one.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 15,
  sql: `
  ALTER TABLE datasets ADD COLUMN last_error_notice TEXT;
  `,
};
