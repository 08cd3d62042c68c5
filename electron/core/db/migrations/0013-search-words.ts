// Migration 13: the words of the full-text indexes, for a word typed with one letter wrong (lookup).
// One row per word (letters in it, three or more characters), its length, and the word spelled
// backwards: a word one edit away from a typed one shares the typed word's first half or its last
// half, and each is a narrow range of one of the two indexes (similar-words.ts). Kept by the sync
// after a round that wrote an indexed table (search-words.ts); filled there on the first round after this.
import type { Migration } from './migration.ts';

export const migration: Migration = {
  version: 13,
  sql: `
  CREATE TABLE search_words (word TEXT PRIMARY KEY, len INTEGER NOT NULL, drow TEXT NOT NULL) WITHOUT ROWID;
  CREATE INDEX search_words_start ON search_words (len, word);
  CREATE INDEX search_words_end ON search_words (len, drow);
  `,
};
