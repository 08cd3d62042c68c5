// Reads of the full-text indexes' words (`search_words`, kept by db/search-words/keep.ts) for the
// search box's spelling help (lookup/similar-words.ts says which words are near).
import Database from 'better-sqlite3';
import type { ReadDb } from '../handles.ts';
import { stmt } from '../statements.ts';

/** Words one edit away read per probe, at most: a misspelt word is answered in a bounded time whatever the vocabulary. */
const PROBE_ROWS = 50;

const KNOWN = `SELECT 1 FROM search_words WHERE word = ?`;
// A range of one index (the words of one length that start, or end, with the given letters), kept
// to the words matching a GLOB pattern there: only words one edit away are read out, so the limit
// never crowds out the word wanted by words that are not.
const near = (column: 'word' | 'drow') => `SELECT * FROM (SELECT word FROM search_words WHERE len = ? AND ${column} >= ? AND ${column} < ? AND ${column} GLOB ? LIMIT ${PROBE_ROWS})`;
const ANY_OF = `SELECT word FROM search_words WHERE word IN (SELECT value FROM json_each(?))`;

/** True when the mirror holds this word. */
export function hasSearchWord(db: ReadDb, word: string): boolean {
  return stmt(db, KNOWN).get(word) !== undefined;
}

/** A probe for the words of one length with one letter unknown: the letters before it and after it (by characters). */
export interface WordPattern {
  length: number;
  before: string;
  after: string;
}

/**
 * The words among `exact` that the mirror holds, and those matching any of the patterns (`before`,
 * any one character, `after`), each read from the index of its longer side: the word's start, or
 * its end spelled backwards. One statement (one per sequence of sides, so per typed word's length).
 */
export function searchWordsNear(db: ReadDb, patterns: readonly WordPattern[], exact: readonly string[]): string[] {
  const parts = [ANY_OF];
  const params: unknown[] = [JSON.stringify(exact)];
  for (const { length, before, after } of patterns) {
    if ([...before].length >= [...after].length) {
      parts.push(near('word'));
      params.push(length, before, before + '\uffff', `${globEscaped(before)}?${globEscaped(after)}`);
    } else {
      const end = reversed(after);
      parts.push(near('drow'));
      params.push(length, end, end + '\uffff', `${globEscaped(end)}?${globEscaped(reversed(before))}`);
    }
  }
  return stmt(db, parts.join('\nUNION ALL ')).pluck().all(...params) as string[];
}

/** The word spelled backwards, by characters (not UTF-16 units), as the table keeps it (db/search-words/keep.ts). */
function reversed(word: string): string {
  return [...word].reverse().join('');
}

/** GLOB's own characters matched as themselves. */
function globEscaped(text: string): string {
  return text.replace(/[*?[]/g, (c) => `[${c}]`);
}

/** True when the word table holds any word (a mirror from before the words were kept holds none). */
export function hasAnySearchWord(db: ReadDb): boolean {
  return db.prepare('SELECT 1 FROM search_words LIMIT 1').get() !== undefined;
}

/** The rows of a full-text index. */
export function indexRowCount(db: ReadDb, index: string): number {
  return db.prepare(`SELECT count(*) FROM ${index}_docsize`).pluck().get() as number;
}

/** The vocabulary reader's page cache, in KiB (negative, as SQLite takes it): small, see below. */
const VOCABULARY_CACHE_KIB = -2048;

/**
 * The words of these full-text indexes that `keep` takes, read on a connection of its own: the writer's FTS5
 * tables are left as the apply left them (an index the helper thread built is copied in under
 * FTS5; with the vocabulary read on the writer's connection right after such a copy, the next
 * load's first full-text insert was seen to fail). A mirror in memory has only its own connection.
 */
export function indexVocabulary(db: ReadDb, indexes: readonly string[], keep: (word: string) => boolean): string[] {
  const reader = db.memory ? db : new Database(db.name, { readonly: true, fileMustExist: true });
  try {
    // the reading passes over the whole index once: a page cache would only hold pages it is done with
    if (reader !== db) reader.pragma(`cache_size = ${VOCABULARY_CACHE_KIB}`);
    const words: string[] = [];
    for (const index of indexes) {
      reader.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${index}_words USING fts5vocab(main, ${index}, 'row')`);
      // one word at a time: a large catalog's index holds a code per item (SKU numbers, UPCs), millions
      // of words that `keep` refuses, which a list of them all would hold in memory at once
      for (const word of reader.prepare(`SELECT term FROM temp.${index}_words`).pluck().iterate() as IterableIterator<string>) if (keep(word)) words.push(word);
    }
    return words;
  } finally {
    if (reader !== db) reader.close();
  }
}
