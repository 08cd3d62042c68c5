// Writes of the full-text indexes' words (`search_words`): mirror/search-words.ts decides which.
import type { WriteDb } from '../handles.ts';

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
