// Migration 12: lots and serials indexed only where stock has one (most stock has neither): a stock row added or deleted changes two index pages fewer (sync)
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 12,
  sql: `
  DROP INDEX inventory_lot;
  CREATE INDEX inventory_lot ON inventory (lot) WHERE lot IS NOT NULL;
  DROP INDEX inventory_serial;
  CREATE INDEX inventory_serial ON inventory (serial) WHERE serial IS NOT NULL;
  `,
};
