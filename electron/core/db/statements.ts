// The one cache of prepared statements, compiled once per connection and SQL text: lookups run in
// microseconds, so compiling the same SQL on every call would cost more than the query itself. Every
// SQL text that is built from parts is built once too (cached, sqlVariants), so that the statement
// is found by the same string each time.
import type { Statement } from 'better-sqlite3';
import type { ReadDb } from './handles.ts';

const cache = new WeakMap<ReadDb, Map<string, Statement>>();

/**
 * Statements kept per connection. The SQL texts are a fixed set in practice, far fewer than this;
 * the bound keeps a text built from unbounded parts (an IN list of any length) from growing the cache
 * all day: past it, the statement prepared longest ago is let go (it is prepared again if asked for).
 */
export const STATEMENTS_KEPT = 1_000;

/** The statement of this SQL on this connection, prepared the first time it is asked for. */
export function stmt(db: ReadDb, sql: string): Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
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
 * A family of SQL texts told apart by a small number (which probes a query makes, how many values it
 * binds), each built once: a scan's lookup finds its SQL by an array index, without building a key.
 */
export function sqlVariants(build: (variant: number) => string): (variant: number) => string {
  const built: string[] = [];
  return (variant) => (built[variant] ??= build(variant));
}

/**
 * All probes of one query in one read transaction: one snapshot, and one WAL read lock instead of
 * one per statement.
 */
export function inOneRead<T>(db: ReadDb, read: () => T): T {
  if (db.inTransaction) return read();
  stmt(db, 'BEGIN').run();
  try {
    return read();
  } finally {
    if (db.inTransaction) stmt(db, 'COMMIT').run();
  }
}

/** `?, ?, …` for an IN list of `count` values. */
export function placeholders(count: number): string {
  return Array.from({ length: Math.max(count, 1) }, () => '?').join(', ');
}

/** The conditions a filter sets, joined by AND, and the values they bind, in order. */
export class Conditions {
  readonly #sql: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, ...params: unknown[]): void {
    this.#sql.push(condition);
    this.params.push(...params);
  }

  /** The conditions joined by AND; '' when there are none. */
  get sql(): string {
    return this.#sql.join(' AND ');
  }
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

/** An FTS5 query requiring, for each group, one of its words as a whole word (spelling help: `("bracket" OR "bracken") AND "steel"`). */
export function ftsAnyOf(groups: readonly (readonly string[])[]): string {
  return groups.map((words) => (words.length === 1 ? `"${words[0]}"` : `(${words.map((word) => `"${word}"`).join(' OR ')})`)).join(' AND ');
}
