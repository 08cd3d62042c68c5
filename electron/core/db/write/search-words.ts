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
 * Adds these words (those already there are left) and removes the words `gone`, emptying the table
 * first when `whole`, and records `marks` in meta (when each index's words were read), in one
 * transaction. Returns how many words were added.
 */
export function storeSearchWords(db: WriteDb, words: readonly SearchWord[], options: { whole: boolean; gone?: readonly string[]; marks: readonly (readonly [key: string, value: string])[] }): number {
  const mark = db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)`);
  const add = db.prepare('INSERT OR IGNORE INTO search_words (word, len, drow) VALUES (?, ?, ?)');
  const remove = db.prepare('DELETE FROM search_words WHERE word = ?');
  let added = 0;
  db.transaction(() => {
    if (options.whole) db.prepare('DELETE FROM search_words').run();
    for (const word of options.gone ?? []) remove.run(word);
    for (const w of words) added += add.run(w.word, w.len, w.drow).changes;
    for (const [key, value] of options.marks) mark.run(key, value);
  })();
  return added;
}

/** An indexed table whose text changes are noted for the words: its name and the columns its full-text index holds. */
export interface WatchedTable {
  table: string;
  columns: readonly string[];
}

/**
 * From now until the next call on this connection, notes the indexed text each update or delete of
 * these tables takes away (the row's rid and its old text, joined by spaces), in a temporary table
 * that commits and rolls back with the writes it notes. Triggers, not the apply's own steps: every
 * way a row changes (an update, a removed row, a dropped dataset) is seen, and inserts, the bulk of a
 * first sync, cost nothing. Returns each table's highest rid now: rows above it are new.
 */
export function watchIndexedText(db: WriteDb, tables: readonly WatchedTable[]): Map<string, number> {
  db.exec('CREATE TEMP TABLE IF NOT EXISTS search_text_changes (tbl TEXT NOT NULL, rid INTEGER NOT NULL, old TEXT NOT NULL)');
  db.exec('DELETE FROM temp.search_text_changes');
  const highest = new Map<string, number>();
  for (const { table, columns } of tables) {
    const old = columns.map((c) => `coalesce(OLD.${c}, '')`).join(` || ' ' || `);
    const differs = columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
    db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS ${table}_text_updated AFTER UPDATE ON main.${table} WHEN ${differs}
      BEGIN INSERT INTO search_text_changes VALUES ('${table}', OLD.rid, ${old}); END`);
    db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS ${table}_text_deleted AFTER DELETE ON main.${table}
      BEGIN INSERT INTO search_text_changes VALUES ('${table}', OLD.rid, ${old}); END`);
    highest.set(table, db.prepare(`SELECT coalesce(max(rid), 0) FROM main.${table}`).pluck().get() as number);
  }
  return highest;
}
