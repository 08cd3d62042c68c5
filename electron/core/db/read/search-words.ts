// Reads of the full-text indexes' words (`search_words`, kept by mirror/search-words.ts) for the
// search box's spelling help (lookup/similar-words.ts says which words are near).
import Database from 'better-sqlite3';
import type { ReadDb } from '../handles.ts';
import { stmt } from '../statements.ts';

/** Words read per index range, at most: a misspelt word is answered in a bounded time whatever the vocabulary. */
const RANGE_ROWS = 200;

const KNOWN = `SELECT 1 FROM search_words WHERE word = ?`;
const range = (column: 'word' | 'drow') => `SELECT * FROM (SELECT word FROM search_words WHERE len = ? AND ${column} >= ? AND ${column} < ? LIMIT ${RANGE_ROWS})`;
const NEAR = [
  ...[0, 1, 2].map(() => range('word')),
  ...[0, 1, 2].map(() => range('drow')),
  'SELECT word FROM search_words WHERE word = ?',
].join('\nUNION ALL ');

/** True when the mirror holds this word. */
export function hasSearchWord(db: ReadDb, word: string): boolean {
  return stmt(db, KNOWN).get(word) !== undefined;
}

/**
 * The words of length `length` - 1, `length` or `length` + 1 that start with `start` or whose
 * backward spelling starts with `endBackwards`, and the word `swapped`: a few narrow index ranges.
 */
export function searchWordsNear(db: ReadDb, length: number, start: string, endBackwards: string, swapped: string): string[] {
  const params: unknown[] = [];
  for (const len of [length - 1, length, length + 1]) params.push(len, start, start + '\uffff');
  for (const len of [length - 1, length, length + 1]) params.push(len, endBackwards, endBackwards + '\uffff');
  params.push(swapped);
  return stmt(db, NEAR).pluck().all(...params) as string[];
}

/** True when the word table holds any word (a mirror from before the words were kept holds none). */
export function hasAnySearchWord(db: ReadDb): boolean {
  return db.prepare('SELECT 1 FROM search_words LIMIT 1').get() !== undefined;
}

/** The rows of a full-text index. */
export function indexRowCount(db: ReadDb, index: string): number {
  return db.prepare(`SELECT count(*) FROM ${index}_docsize`).pluck().get() as number;
}

/**
 * The words of these full-text indexes that `keep` takes, read on a connection of its own: the writer's FTS5
 * tables are left as the apply left them (an index the helper thread built is copied in under
 * FTS5; with the vocabulary read on the writer's connection right after such a copy, the next
 * load's first full-text insert was seen to fail). A mirror in memory has only its own connection.
 */
export function indexVocabulary(db: ReadDb, indexes: readonly string[], keep: (word: string) => boolean): string[] {
  const reader = db.memory ? db : new Database(db.name, { readonly: true, fileMustExist: true });
  try {
    const words: string[] = [];
    for (const index of indexes) {
      reader.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${index}_words USING fts5vocab(main, ${index}, 'row')`);
      for (const word of reader.prepare(`SELECT term FROM temp.${index}_words`).pluck().all() as string[]) if (keep(word)) words.push(word);
    }
    return words;
  } finally {
    if (reader !== db) reader.close();
  }
}
