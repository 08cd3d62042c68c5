// Migration 16: history by the locations a move names (lookup). A move is one event, filed under
// one of its ends; a location's history shows it at the other end too ("−747 out to A-05-02-D" at
// its source, "+747 in from A-11-02-C" at its destination), found by that end's code, newest
// first, without reading the whole history.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 16,
  sql: `
  CREATE INDEX history_from ON history (from_location_code, created_on);
  CREATE INDEX history_to ON history (to_location_code, created_on);
  `,
};
