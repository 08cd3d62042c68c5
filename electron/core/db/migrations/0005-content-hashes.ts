// Migration 5: content hashes from content-hash.ts (sync)
//
// `hash` is content-hash.ts's 53-bit hash instead of 48 bits of SHA-1 (a third
// of the cost per record); the stored rows' hashes are recomputed from `raw` (content_hash() is
// the same function, registered on the connection while migrating), so no row looks changed.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 5,
  sql: `
  UPDATE items SET hash = content_hash(raw);
  UPDATE locations SET hash = content_hash(raw);
  UPDATE inventory SET hash = content_hash(raw);
  UPDATE history SET hash = content_hash(raw);
  UPDATE records SET hash = content_hash(raw);
  `,
};
