// Migration 8: a facility's locations in natural code order (lookup)
//
// Locations_dataset also by code_sort: a facility's locations page in natural
// code order straight from the index (they came in the order the server sent them). The index is
// the dataset's index still, a little wider; no new index for the sync to build.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 8,
  sql: `
  DROP INDEX locations_dataset;
  CREATE INDEX locations_dataset ON locations (dataset_id, code_sort);
  `,
};
