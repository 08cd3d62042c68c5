// Prepared statements, compiled once per connection: lookups run in microseconds, so compiling the
// same SQL on every call would cost more than the query itself.
import type { Statement } from 'better-sqlite3';
import type { ReadDb } from './connection.ts';

const cache = new WeakMap<ReadDb, Map<string, Statement>>();

export function stmt(db: ReadDb, sql: string): Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
    tuneForLookups(db);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

const sqls = new Map<string, string>();

/** SQL built once per variant (the statement cache is keyed by the text: the same string each time is found without hashing a new one). */
export function cached(variant: string, build: () => string): string {
  let sql = sqls.get(variant);
  if (sql === undefined) {
    sql = build();
    sqls.set(variant, sql);
  }
  return sql;
}

/**
 * The first time the lookup side uses a connection: read the file through a memory map. A lookup
 * touches a few scattered pages (a stock row, its item); mapped, each costs a memory access instead
 * of a read() call and a page copy into SQLite's cache: several times faster while the file is in
 * the OS cache (as after a sync; docs/decisions/0005-lookup-statements.md). The price is paid on a
 * file that is not (after a restart): each first fault of a page reads the pages around it, so the
 * mirror manager warms a newly opened file in the background (warm-file.ts).
 * SQLite caps the size at its build's limit (2 GB); the rest of a larger file is read as before.
 */
const MMAP_BYTES = 2 ** 31;

function tuneForLookups(db: ReadDb): void {
  db.pragma(`mmap_size = ${MMAP_BYTES}`);
}

/** `?, ?, …` for an IN list of `count` values. */
export function placeholders(count: number): string {
  return Array.from({ length: Math.max(count, 1) }, () => '?').join(', ');
}

/** Words shorter than this match whole terms only: a one- or two-letter prefix would expand to most of the index. */
export const MIN_PREFIX_LENGTH = 3;

/**
 * How the words of a full-text query match: `whole` terms only (streams, fastest), the `last` word
 * as a prefix (typing as you go), or `all` words as prefixes. FTS5 materialises every term a prefix
 * expands to, so prefixes are tried only when whole words do not fill the page.
 */
export type PrefixMode = 'whole' | 'last' | 'all';

/** An FTS5 query requiring every word. Words must be letters and digits only (searchWords makes them so). */
export function ftsQuery(words: readonly string[], mode: PrefixMode): string {
  return words
    .map((word, i) => {
      const prefix = word.length >= MIN_PREFIX_LENGTH && (mode === 'all' || (mode === 'last' && i === words.length - 1));
      return prefix ? `"${word}"*` : `"${word}"`;
    })
    .join(' ');
}
