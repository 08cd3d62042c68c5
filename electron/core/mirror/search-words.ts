// The words of the full-text indexes, kept in `search_words` for the search box's spelling help
// (lookup/similar-words.ts). FTS5 lists an index's words itself (fts5vocab), but only by reading
// every row list of every word it passes: too dear for a keystroke, fine once after a sync round.
// So the sync copies the words into a small table with the two indexes a misspelt word needs.
// A round that wrote a large part of a table (as for compacting) reads the words afresh; other
// rounds only add the words not yet there. A word whose last record went stays until then: it
// can only be offered for a search that then finds nothing, which is what the search would have
// found anyway.
import type { MirrorDb } from './open-mirror.ts';
import type { SearchIndex } from './search-index.ts';

/** Indexes whose words are offered: item descriptions and other lists' names (location codes are codes, not words). */
const WORD_INDEXES: readonly SearchIndex[] = ['items_fts', 'records_fts'];

/** A word worth offering: three characters or more, with a letter in it (SKU numbers are codes). */
const OFFERED = /^(?=.*\p{L}).{3,}$/u;

/**
 * Brings `search_words` up to date with these indexes (those without words are skipped): `afresh`
 * empties it first (after a round that rewrote most of a table), else only adds new words. In one
 * transaction (the caller's if it has one). Returns how many words were added.
 */
export function keepSearchWords(db: MirrorDb, indexes: readonly SearchIndex[], afresh = false): number {
  const wanted = indexes.filter((index) => WORD_INDEXES.includes(index));
  if (wanted.length === 0) return 0;
  const add = db.prepare('INSERT OR IGNORE INTO search_words (word, len, drow) VALUES (?, ?, ?)');
  let added = 0;
  const keep = db.transaction(() => {
    // an empty table (a mirror from before the words were kept) is filled from every index
    const whole = afresh || db.prepare('SELECT 1 FROM search_words LIMIT 1').get() === undefined;
    if (whole) db.prepare('DELETE FROM search_words').run();
    for (const index of WORD_INDEXES) {
      if (!whole && !wanted.includes(index)) continue;
      db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${index}_words USING fts5vocab(main, ${index}, 'row')`);
      // read whole before writing: the connection runs one statement at a time
      for (const word of db.prepare(`SELECT term FROM temp.${index}_words`).pluck().all() as string[]) {
        if (OFFERED.test(word)) added += add.run(word, [...word].length, reversed(word)).changes;
      }
    }
  });
  keep();
  return added;
}

/** The word spelled backwards, by characters (not UTF-16 units). */
export function reversed(word: string): string {
  return [...word].reverse().join('');
}
