// Migration 6: a facility's history by time (lookup)
//
// History_dataset also by created_on: how far back a facility's history goes
// (the oldest event it keeps, shown beside history answers) is one index probe.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 6,
  sql: `
  DROP INDEX history_dataset;
  CREATE INDEX history_dataset ON history (dataset_id, created_on);
  `,
};
