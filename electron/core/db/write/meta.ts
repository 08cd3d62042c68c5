// Writes to `meta`: key/value facts about the file.
import type { WriteDb } from '../handles.ts';

/** Keeps `value` under `key`, replacing what was there. */
export function putMeta(db: WriteDb, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** Keeps every key and value given, in one transaction. */
export function putMetaEntries(db: WriteDb, entries: Record<string, string>): void {
  db.transaction(() => {
    for (const [key, value] of Object.entries(entries)) putMeta(db, key, value);
  })();
}

export function deleteMeta(db: WriteDb, key: string): void {
  db.prepare('DELETE FROM meta WHERE key = ?').run(key);
}
