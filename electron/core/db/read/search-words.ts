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

/** The text a table's rows lost and the text they hold now, for the words of a round (write/search-words.ts notes the changes). */
export interface TextChanges {
  /** The old text of each row updated or removed since the watch began. */
  before: string[];
  /** The text now of those rows still there and of every row above `after` (a new row). */
  now: string[];
}

/** What `watchIndexedText` noted of `table` on this connection (the writer's), and the text those rows and the new ones hold now. */
export function indexedTextChanges(db: ReadDb, table: string, columns: readonly string[], after: number): TextChanges {
  const before = db.prepare('SELECT old FROM temp.search_text_changes WHERE tbl = ?').pluck().all(table) as string[];
  const text = columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `);
  // two parts, each by rid: with an OR, SQLite would read the whole table
  const now = db
    .prepare(`SELECT ${text} FROM main.${table} WHERE rid > ? UNION ALL SELECT ${text} FROM main.${table} WHERE rid IN (SELECT rid FROM temp.search_text_changes WHERE tbl = ?) AND rid <= ?`)
    .pluck()
    .all(after, table, after) as string[];
  return { before, now };
}

/** One index's changed texts. */
export interface IndexTextChanges extends TextChanges {
  index: string;
}

/**
 * The words the changed texts bring and those they may have taken away: each text is split into
 * words by a scratch full-text table of the index's own definition (the same tokenizer, so the same
 * words as the index), on a connection of its own (see indexVocabulary). `added`: the words of the
 * texts now that `keep` takes; `gone`: those of the old texts, not among the new ones, that no row
 * of any of `indexes` holds any more.
 */
export function wordChanges(db: ReadDb, indexes: readonly string[], changes: readonly IndexTextChanges[], keep: (word: string) => boolean): { added: string[]; gone: string[] } {
  const reader = db.memory ? db : new Database(db.name, { readonly: true, fileMustExist: true });
  try {
    const added = new Set<string>();
    const lost = new Set<string>();
    for (const { index, before, now } of changes) {
      for (const word of wordsOf(reader, index, now)) if (keep(word)) added.add(word);
      for (const word of wordsOf(reader, index, before)) if (keep(word) && !added.has(word)) lost.add(word);
    }
    const holds = indexes.map((index) => reader.prepare(`SELECT 1 FROM main.${index} WHERE ${index} MATCH ? LIMIT 1`));
    const gone = [...lost].filter((word) => !added.has(word) && holds.every((held) => held.get(`"${word.replaceAll('"', '""')}"`) === undefined));
    return { added: [...added], gone };
  } finally {
    if (reader !== db) reader.close();
  }
}

/** The words of these texts as `index` splits them. */
function wordsOf(db: Database.Database, index: string, texts: readonly string[]): string[] {
  if (texts.length === 0) return [];
  const definition = db.prepare('SELECT sql FROM main.sqlite_master WHERE name = ?').pluck().get(index) as string;
  const using = definition.slice(definition.search(/\bUSING\b/i));
  db.exec(`DROP TABLE IF EXISTS temp.text_words_vocab; DROP TABLE IF EXISTS temp.text_words; CREATE VIRTUAL TABLE temp.text_words ${using}`);
  try {
    const column = db.prepare('SELECT name FROM pragma_table_info(?) LIMIT 1').pluck().get(index) as string;
    // one statement, so one transaction: a row each would write the scratch table's file each time
    db.prepare(`INSERT INTO temp.text_words (${column}) SELECT value FROM json_each(?)`).run(JSON.stringify(texts));
    db.exec(`CREATE VIRTUAL TABLE temp.text_words_vocab USING fts5vocab(temp, text_words, 'row')`);
    return db.prepare('SELECT term FROM temp.text_words_vocab').pluck().all() as string[];
  } finally {
    db.exec('DROP TABLE IF EXISTS temp.text_words_vocab; DROP TABLE IF EXISTS temp.text_words');
  }
}
