// Prepared statements, compiled once per connection: lookups run in microseconds, so compiling the
// same SQL on every call would cost more than the query itself.
import type { Statement } from 'better-sqlite3';
import type { MirrorDb } from '../mirror/open-mirror.ts';

const cache = new WeakMap<MirrorDb, Map<string, Statement>>();

export function stmt(db: MirrorDb, sql: string): Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

/** `?, ?, …` for an IN list of `count` values. */
export function placeholders(count: number): string {
  return Array.from({ length: Math.max(count, 1) }, () => '?').join(', ');
}

/** An FTS5 query: every word as a quoted prefix term, all required. Words must be letters and digits only. */
export function ftsPrefixQuery(words: readonly string[]): string {
  return words.map((word) => `"${word}"*`).join(' ');
}
