// Migration 10: history's times, and the marks taken from them, in UTC in one form (sync)
//
// History's times in one form, UTC as toISOString writes it (instant.ts), as
// are the marks taken from them (stock_refresh.events_through, meta log_newest:*): they are compared
// as text. Rows already in that form (every row the demo ever sent) are read, not written.
// utc_instant() is registered while migrating.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 10,
  sql: `
  UPDATE history SET created_on = utc_instant(created_on) WHERE created_on IS NOT utc_instant(created_on);
  UPDATE stock_refresh SET events_through = utc_instant(events_through) WHERE events_through IS NOT utc_instant(events_through);
  UPDATE meta SET value = utc_instant(value) WHERE key LIKE 'log_newest:%' AND value IS NOT utc_instant(value);
  `,
};
