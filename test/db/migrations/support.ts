// Mirror files as Aisle of an older schema left them, made by the migration runner itself.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { WriteDb } from '../../../electron/core/db/handles.ts';
import { migrate } from '../../../electron/core/db/migrations/index.ts';

/** An empty mirror file at schema `version`, open for the test to add rows and close. */
export function fileAtVersion(dir: string, version: number): { file: string; old: WriteDb } {
  const file = path.join(dir, `v${version}.sqlite`);
  const old = new Database(file) as WriteDb;
  migrate(old, version);
  return { file, old };
}

/** A table's column names, in order. */
export function tableColumns(db: Database.Database, table: string): string[] {
  return db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
}

/** Facility F's stock (dataset 1) and history (dataset 2), synced at `at`, in a file of a schema that has both. */
export function addStockAndHistoryDatasets(old: WriteDb, at: string): void {
  const add = old.prepare(`INSERT INTO datasets (dataset_id, key, list, scope_kind, scope_id, path, etag, rows, last_success_at) VALUES (?, ?, ?, 'facility', 'F', ?, ?, 1, ?)`);
  add.run(1, 'inventory@facility:F', 'inventory', '/inv', '"e1"', at);
  add.run(2, 'history@facility:F', 'history', '/hist', '"h1"', at);
}
