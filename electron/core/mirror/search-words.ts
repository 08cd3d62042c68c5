// The words of the full-text indexes, kept in `search_words` for the search box's spelling help
// (lookup/similar-words.ts). FTS5 lists an index's words itself (fts5vocab), but only by reading
// every row list of every word it passes: too dear for a keystroke, fine once after a sync round.
// So the sync copies the words into a small table with the two indexes a misspelt word needs.
// A round that wrote a large part of a table (as for compacting) reads the words afresh; other
// rounds only add the words not yet there, for a large index at most once an hour. A word whose last record went stays until then: it
// can only be offered for a search that then finds nothing, which is what the search would have
// found anyway.
import type { WriteDb } from '../db/connection.ts';
import { getMeta } from '../db/read/meta.ts';
import { hasAnySearchWord, indexRowCount, indexVocabulary } from '../db/read/search-words.ts';
import { storeSearchWords } from '../db/write/search-words.ts';
import type { SearchIndex } from './search-index.ts';

/** Indexes whose words are offered: item descriptions and other lists' names (location codes are codes, not words). */
const WORD_INDEXES: readonly SearchIndex[] = ['items_fts', 'records_fts'];

/** A word worth offering: three characters or more, with a letter in it (SKU numbers are codes). */
const OFFERED = /^(?=.*\p{L}).{3,}$/u;

/**
 * Brings `search_words` up to date with these indexes (those without words are skipped): `afresh`
 * empties it first (after a round that rewrote most of a table), else only adds new words (of an
 * index above `largeIndexRows` rows, at most once an hour), in one transaction. Call it outside a transaction: the words are read from what is committed. Returns how
 * many words were added.
 */
export function keepSearchWords(db: WriteDb, indexes: readonly SearchIndex[], options: { afresh?: boolean; now?: Date; largeIndexRows?: number } = {}): number {
  const { afresh = false, now = new Date(), largeIndexRows = LARGE_INDEX_ROWS } = options;
  let wanted = indexes.filter((index) => WORD_INDEXES.includes(index));
  if (wanted.length === 0) return 0;
  // an empty table (a mirror from before the words were kept) is filled from every index
  const whole = afresh || !hasAnySearchWord(db);
  if (!whole) wanted = wanted.filter((index) => dueForReading(db, index, now, largeIndexRows));
  if (!whole && wanted.length === 0) return 0;
  const read = whole ? WORD_INDEXES : wanted;
  const words = indexVocabulary(db, read, (word) => OFFERED.test(word));
  return storeSearchWords(db, words.map((word) => ({ word, len: [...word].length, drow: reversed(word) })), {
    whole,
    marks: read.map((index) => [`${READ_AT}${index}`, now.toISOString()] as const),
  });
}

/** meta key prefix: when an index's words were last read. */
const READ_AT = 'search_words_read:';
/** An index of more rows than this has its words read again at most once per READ_EVERY_MS (a large one costs a second or more). */
const LARGE_INDEX_ROWS = 100_000;
const READ_EVERY_MS = 60 * 60 * 1000;

/**
 * True when this index's words are worth reading after a round that wrote to it: a small index
 * always (milliseconds); a large one once an hour, since reading its words reads every word's row
 * list. A new word of a large catalog waits for that hour, or for the next round that rewrites it.
 */
function dueForReading(db: WriteDb, index: SearchIndex, now: Date, largeIndexRows: number): boolean {
  const rows = indexRowCount(db, index);
  if (rows <= largeIndexRows) return true;
  const at = getMeta(db, `${READ_AT}${index}`);
  return at === null || now.getTime() - Date.parse(at) >= READ_EVERY_MS;
}

/** The word spelled backwards, by characters (not UTF-16 units). */
export function reversed(word: string): string {
  return [...word].reverse().join('');
}
