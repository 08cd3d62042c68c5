// Writes of the full-text indexes' words (`search_words`): db/search-words/keep.ts decides which.
import type { Statement } from 'better-sqlite3';
import type { WriteDb } from '../handles.ts';
import type { SearchIndex } from '../tables.ts';

/** Indexes whose words are offered: item descriptions and other lists' names (location codes are codes, not words). */
export const WORD_INDEXES: readonly SearchIndex[] = ['items_fts', 'records_fts'];

/** True when the spelling help offers this index's words. */
export function offersWords(index: string): boolean {
  return (WORD_INDEXES as readonly string[]).includes(index);
}

export interface SearchWord {
  word: string;
  /** Its length in characters. */
  len: number;
  /** The word spelled backwards. */
  drow: string;
}

/**
 * Adds these words (those already there are left), emptying the table first when `whole`, and
 * records `marks` in meta (when each index's words were read), in one transaction. Returns how
 * many words were added.
 */
export function storeSearchWords(db: WriteDb, words: readonly SearchWord[], options: { whole: boolean; marks: readonly (readonly [key: string, value: string])[] }): number {
  const mark = db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)`);
  const add = db.prepare('INSERT OR IGNORE INTO search_words (word, len, drow) VALUES (?, ?, ?)');
  let added = 0;
  db.transaction(() => {
    if (options.whole) db.prepare('DELETE FROM search_words').run();
    for (const w of words) added += add.run(w.word, w.len, w.drow).changes;
    for (const [key, value] of options.marks) mark.run(key, value);
  })();
  return added;
}

// The words of the rows a round wrote. Reading an index's whole vocabulary reads every word's row
// list; a round of small changes only needs the words of the rows it inserted or updated. The
// apply writes their indexed text a second time, into a scratch full-text table of the index's own
// tokenizer on the writer's connection (temp: never in the file), in the apply's transaction, so
// a rolled-back apply leaves nothing noted. A load whose index entries are made at its end (a
// bulk or first load) notes the index as due for a whole reading instead. Words of rows updated
// or removed are not taken away: a word whose last record went is only ever offered for a search
// that finds nothing, until the next whole reading.

const noted = (index: string) => `${index}_written`;

/**
 * Prepares the scratch table for this index's written text (outside a transaction: it is created
 * the first time) and returns the statement that notes one row's indexed values, in the index's
 * column order.
 */
export function prepareWrittenText(db: WriteDb, index: string): Statement {
  const sql = db.prepare(`SELECT sql FROM main.sqlite_master WHERE name = ?`).pluck().get(index) as string;
  // the index's own definition (tokenizer and columns) without its prefix indexes, which the words do not need
  const definition = sql.replace(/^CREATE VIRTUAL TABLE \S+/i, `CREATE VIRTUAL TABLE IF NOT EXISTS temp.${noted(index)}`).replace(/,\s*prefix\s*=\s*'[^']*'/i, '');
  db.exec(definition);
  db.exec(`CREATE TABLE IF NOT EXISTS temp.search_words_due (idx TEXT PRIMARY KEY) WITHOUT ROWID`);
  const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(noted(index)) as string[];
  return db.prepare(`INSERT INTO temp.${noted(index)} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
}

/** Notes that this index got entries the scratch table does not hold (a bulk or first load): its words are read whole. */
export function noteWholeReadingDue(db: WriteDb, index: string): void {
  db.prepare(`INSERT OR IGNORE INTO temp.search_words_due (idx) VALUES (?)`).run(index);
}

/** True when this index's written text was not all noted (noteWholeReadingDue) this round. */
export function wholeReadingDue(db: WriteDb, index: string): boolean {
  if (!hasTempTable(db, 'search_words_due')) return false;
  return db.prepare(`SELECT 1 FROM temp.search_words_due WHERE idx = ?`).get(index) !== undefined;
}

/** The words of the text noted for this index since the last call, in the index's tokenizer's spelling. */
export function writtenWords(db: WriteDb, index: string): string[] {
  if (!hasTempTable(db, noted(index))) return [];
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${noted(index)}_words USING fts5vocab(temp, ${noted(index)}, 'row')`);
  return db.prepare(`SELECT term FROM temp.${noted(index)}_words`).pluck().all() as string[];
}

/** Forgets the text noted for these indexes, and their due marks: their words are kept. */
export function forgetWrittenText(db: WriteDb, indexes: readonly string[]): void {
  for (const index of indexes) {
    if (hasTempTable(db, noted(index))) db.exec(`INSERT INTO temp.${noted(index)} (${noted(index)}) VALUES ('delete-all')`);
    if (hasTempTable(db, 'search_words_due')) db.prepare(`DELETE FROM temp.search_words_due WHERE idx = ?`).run(index);
  }
}

function hasTempTable(db: WriteDb, name: string): boolean {
  return db.prepare(`SELECT 1 FROM temp.sqlite_master WHERE name = ?`).get(name) !== undefined;
}
