// Migration 18: a log's events by time and then by id within each dataset, the one order a mirror
// keeps a history's newest events in (log-order.ts): the cut to the newest `historyMaxEvents`
// walks this index backwards instead of sorting every event of the facility each round.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 18,
  sql: `
  DROP INDEX history_dataset;
  CREATE INDEX history_dataset ON history (dataset_id, created_on, id);
  `,
};
