// The words of the full-text indexes, kept in `search_words` for the search box's spelling help
// (lookup/similar-words.ts). FTS5 lists an index's words itself (fts5vocab), but only by reading
// every row list of every word it passes: too dear for a keystroke, and too dear for every round of
// a few changes. So the sync copies the words into a small table with the two indexes a misspelt
// word needs, and keeps it as a full reading would leave it: a round that wrote a large part of a
// table (as for compacting) reads the words afresh; a round of a few changes looks only at the text
// of the rows it changed, added or removed (the round watches them: watchSearchWords), adding their
// new words and removing the old words no row holds any more.
import type { WriteDb } from '../db/connection.ts';
import { getMeta } from '../db/read/meta.ts';
import { hasAnySearchWord, indexedTextChanges, indexRowCount, indexVocabulary, wordChanges } from '../db/read/search-words.ts';
import { storeSearchWords, watchIndexedText } from '../db/write/search-words.ts';
import { TABLES } from './record-tables.ts';
import type { SearchIndex } from './search-index.ts';

/** Indexes whose words are offered: item descriptions and other lists' names (location codes are codes, not words). */
const WORD_INDEXES: readonly SearchIndex[] = ['items_fts', 'records_fts'];

/** A word worth offering: three characters or more, with a letter in it (SKU numbers are codes). */
const OFFERED = /^(?=.*\p{L}).{3,}$/u;

/** The tables of the word indexes, with the columns each index holds. */
const WORD_TABLES = Object.values(TABLES).flatMap((t) => (t.fts && WORD_INDEXES.includes(t.fts.table as SearchIndex) ? [{ table: t.name, index: t.fts.table as SearchIndex, columns: t.fts.columns }] : []));

/** What a round changed of the word indexes' tables: each table's highest rid when it began (watchSearchWords). */
export type WordWatch = ReadonlyMap<string, number>;

/**
 * Starts watching the word indexes' tables on the writer connection for this round: the text each
 * update or delete takes away is noted, and rows above today's highest rid are new. Call it before
 * the round's first write; give the watch to keepSearchWords at the end.
 */
export function watchSearchWords(db: WriteDb): WordWatch {
  return watchIndexedText(db, WORD_TABLES);
}

/**
 * Brings `search_words` up to date with these indexes (those without words are skipped), in one
 * transaction: `afresh` empties it first and reads every word (after a round that rewrote most of a
 * table); with a round's `watch`, only the changed rows' words are added and removed, which leaves
 * the words a full reading would; without one, new words are added from a full reading (of an index
 * above `largeIndexRows` rows, at most once an hour). Call it outside a transaction: the words are
 * read from what is committed. Returns how many words were added.
 */
export function keepSearchWords(db: WriteDb, indexes: readonly SearchIndex[], options: { afresh?: boolean; now?: Date; largeIndexRows?: number; watch?: WordWatch } = {}): number {
  const { afresh = false, now = new Date(), largeIndexRows = LARGE_INDEX_ROWS, watch } = options;
  let wanted = indexes.filter((index) => WORD_INDEXES.includes(index));
  if (wanted.length === 0) return 0;
  // an empty table (a mirror from before the words were kept) is filled from every index
  const whole = afresh || !hasAnySearchWord(db);
  if (!whole && watch) return keepChangedWords(db, wanted, watch, now);
  if (!whole) wanted = wanted.filter((index) => dueForReading(db, index, now, largeIndexRows));
  if (!whole && wanted.length === 0) return 0;
  const read = whole ? WORD_INDEXES : wanted;
  const words = indexVocabulary(db, read, (word) => OFFERED.test(word));
  return storeSearchWords(db, words.map((word) => ({ word, len: [...word].length, drow: reversed(word) })), {
    whole,
    marks: read.map((index) => [`${READ_AT}${index}`, now.toISOString()] as const),
  });
}

/** Adds the words the watched round's changes to these indexes brought, and removes those no row holds any more. */
function keepChangedWords(db: WriteDb, indexes: readonly SearchIndex[], watch: WordWatch, now: Date): number {
  const changes = WORD_TABLES.filter((t) => indexes.includes(t.index)).map((t) => ({ index: t.index, ...indexedTextChanges(db, t.table, t.columns, watch.get(t.table) ?? 0) }));
  if (changes.every((c) => c.before.length === 0 && c.now.length === 0)) return 0;
  const { added, gone } = wordChanges(db, WORD_INDEXES, changes, (word) => OFFERED.test(word));
  return storeSearchWords(db, added.map((word) => ({ word, len: [...word].length, drow: reversed(word) })), {
    whole: false,
    gone,
    marks: indexes.map((index) => [`${READ_AT}${index}`, now.toISOString()] as const),
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
