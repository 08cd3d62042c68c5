// Reads of `meta`: key/value facts about the file (whose it is, field-map decisions, a log's marks).
import type { ReadDb } from '../handles.ts';
import { stmt } from '../statements.ts';

/** The value kept under `key`, or null when there is none. */
export function getMeta(db: ReadDb, key: string): string | null {
  return (stmt(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
}

/** Every key and value whose key starts with `prefix` (all of them for ''), by key. */
export function metaEntries(db: ReadDb, prefix = ''): Map<string, string> {
  const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = stmt(db, `SELECT key, value FROM meta WHERE key LIKE ? ESCAPE '\\' ORDER BY key`).all(pattern) as { key: string; value: string }[];
  return new Map(rows.map((r) => [r.key, r.value]));
}
