// The words of the full-text indexes, kept in `search_words` for the search box's spelling help
// (lookup/similar-words.ts). FTS5 lists an index's words itself (fts5vocab), but only by reading
// every row list of every word it passes: too dear for a keystroke, fine once after a sync round.
// So the sync copies the words into a small table with the two indexes a misspelt word needs.
// A round that wrote a large part of a table (as for compacting) reads the words afresh; other
// rounds only add the words not yet there, for a large index at most once an hour. A word whose last record went stays until then: it
// can only be offered for a search that then finds nothing, which is what the search would have
// found anyway.
import Database from 'better-sqlite3';
import type { WriteDb } from '../db/connection.ts';
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
  const whole = afresh || db.prepare('SELECT 1 FROM search_words LIMIT 1').get() === undefined;
  if (!whole) wanted = wanted.filter((index) => dueForReading(db, index, now, largeIndexRows));
  if (!whole && wanted.length === 0) return 0;
  const read = whole ? WORD_INDEXES : wanted;
  const words = readWords(db, read);
  const mark = db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)`);
  const add = db.prepare('INSERT OR IGNORE INTO search_words (word, len, drow) VALUES (?, ?, ?)');
  let added = 0;
  db.transaction(() => {
    if (whole) db.prepare('DELETE FROM search_words').run();
    for (const word of words) added += add.run(word, [...word].length, reversed(word)).changes;
    for (const index of read) mark.run(`${READ_AT}${index}`, now.toISOString());
  })();
  return added;
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
  const rows = db.prepare(`SELECT count(*) FROM ${index}_docsize`).pluck().get() as number;
  if (rows <= largeIndexRows) return true;
  const at = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(`${READ_AT}${index}`) as string | undefined;
  return at === undefined || now.getTime() - Date.parse(at) >= READ_EVERY_MS;
}

/**
 * The words of these indexes worth offering, read on a connection of its own: the writer's FTS5
 * tables are left as the apply left them (an index the helper thread built is copied in under
 * FTS5; with the vocabulary read on the writer's connection right after such a copy, the next
 * load's first full-text insert was seen to fail). A mirror in memory has only its own connection.
 */
function readWords(db: WriteDb, indexes: readonly SearchIndex[]): string[] {
  const reader = db.memory ? db : new Database(db.name, { readonly: true, fileMustExist: true });
  try {
    const words: string[] = [];
    for (const index of indexes) {
      reader.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${index}_words USING fts5vocab(main, ${index}, 'row')`);
      for (const word of reader.prepare(`SELECT term FROM temp.${index}_words`).pluck().all() as string[]) if (OFFERED.test(word)) words.push(word);
    }
    return words;
  } finally {
    if (reader !== db) reader.close();
  }
}

/** The word spelled backwards, by characters (not UTF-16 units). */
export function reversed(word: string): string {
  return [...word].reverse().join('');
}
