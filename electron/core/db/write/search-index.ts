// The full-text indexes' upkeep: mirror/search-index.ts says when it is worth it.
import type { WriteDb } from '../handles.ts';

/** Merges each index into one segment (FTS5 'optimize'), in the caller's transaction if it has one. */
export function compactSearchIndexes(db: WriteDb, indexes: readonly ('items_fts' | 'locations_fts' | 'records_fts')[]): void {
  for (const index of new Set(indexes)) db.prepare(`INSERT INTO ${index} (${index}) VALUES ('optimize')`).run();
}
