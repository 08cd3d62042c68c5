// The words of the full-text indexes, kept in `search_words` for the search box's spelling help
// (lookup/similar-words.ts). FTS5 lists an index's words itself (fts5vocab), but only by reading
// every row list of every word it passes: too dear for a keystroke, fine once after a sync round.
// So the sync copies the words into a small table with the two indexes a misspelt word needs.
// A round that wrote a large part of a table (as for compacting) reads the words afresh; other
// rounds only add the words of the rows they inserted or updated, noted by the apply
// (db/search-words/write.ts). A load whose index entries were made at its end reads the index's
// words whole instead, for a large index at most once an hour. A word whose last record went stays
// until a round reads the words afresh: it can only be offered for a search that then finds
// nothing, which is what the search would have found anyway.
import type { WriteDb } from '../handles.ts';
import { getMeta } from '../read/meta.ts';
import { hasAnySearchWord, indexRowCount, indexVocabulary } from './read.ts';
import { forgetWrittenText, type SearchWord, storeSearchWords, WORD_INDEXES, wholeReadingDue, writtenWords } from './write.ts';
import type { SearchIndex } from '../tables.ts';

/** A word worth offering: three characters or more, with a letter in it (SKU numbers are codes). */
const OFFERED = /^(?=.*\p{L}).{3,}$/u;

/**
 * Brings `search_words` up to date with these indexes (those without words are skipped): `afresh`
 * empties it first (after a round that rewrote most of a table), else adds the words of the rows
 * the round wrote, or of the whole index when a load did not note them (an index above
 * `largeIndexRows` rows at most once an hour). Call it outside a transaction: the words are read
 * from what is committed. Returns how many words were added.
 */
export function keepSearchWords(db: WriteDb, indexes: readonly SearchIndex[], options: { afresh?: boolean; now?: Date; largeIndexRows?: number } = {}): number {
  const { afresh = false, now = new Date(), largeIndexRows = LARGE_INDEX_ROWS } = options;
  const wanted = indexes.filter((index) => WORD_INDEXES.includes(index));
  if (wanted.length === 0) return 0;
  try {
    // an empty table (a mirror from before the words were kept) is filled from every index
    if (afresh || !hasAnySearchWord(db)) return readWords(db, WORD_INDEXES, true, now);
    // an index whose entries were all written row by row: the words of those rows
    const noted = wanted.filter((index) => !wholeReadingDue(db, index));
    const added = storeSearchWords(db, offered(noted.flatMap((index) => writtenWords(db, index))), { whole: false, marks: [] });
    const due = wanted.filter((index) => !noted.includes(index) && dueForReading(db, index, now, largeIndexRows));
    return added + (due.length > 0 ? readWords(db, due, false, now) : 0);
  } finally {
    forgetWrittenText(db, WORD_INDEXES);
  }
}

/** Reads these indexes' whole vocabularies into the table (emptied first when `whole`). */
function readWords(db: WriteDb, indexes: readonly SearchIndex[], whole: boolean, now: Date): number {
  return storeSearchWords(db, offered(indexVocabulary(db, indexes, (word) => OFFERED.test(word))), {
    whole,
    marks: indexes.map((index) => [`${READ_AT}${index}`, now.toISOString()] as const),
  });
}

function offered(words: readonly string[]): SearchWord[] {
  return words.filter((word) => OFFERED.test(word)).map((word) => ({ word, len: [...word].length, drow: reversed(word) }));
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
