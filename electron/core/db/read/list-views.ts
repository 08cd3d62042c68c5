// Reads of a list view: the rows of a table that a WHERE clause selects, in an order. The clause and
// the order are built by lookup/lists.ts from the view's scope, filters and sort, with `?` for every
// value the user typed.
import type { ReadDb } from '../handles.ts';
import { stmt } from '../statements.ts';
import { HISTORY_CHANGE_SQL } from './history.ts';

/** A condition and the values of its `?`s. */
export interface Where {
  sql: string;
  params: unknown[];
}

/** A row as stored, with what a list computes from its typed columns (a history event's signed change). */
export type StoredRow = { id: string; raw: string; stock_change?: number | null };

/** The columns a view reads of each row of a table. */
function rowColumns(table: string): string {
  return table === 'history' ? `id, raw, ${HISTORY_CHANGE_SQL} AS stock_change` : 'id, raw';
}

/** Up to `count` of the view's records as received (JSON text), in no order. */
export function viewSample(db: ReadDb, table: string, where: Where, count: number): string[] {
  return db.prepare(`SELECT raw FROM ${table} WHERE ${where.sql} LIMIT ${count}`).pluck().all(...where.params) as string[];
}

export function viewCount(db: ReadDb, table: string, where: Where): number {
  return db.prepare(`SELECT count(*) FROM ${table} WHERE ${where.sql}`).pluck().get(...where.params) as number;
}

/** The rids of the view's rows in its order. */
export function viewRids(db: ReadDb, table: string, where: Where, orderBy: string): number[] {
  return db.prepare(`SELECT rid FROM ${table} WHERE ${where.sql} ORDER BY ${orderBy}`).pluck().all(...where.params) as number[];
}

/** One window of the view's rows in its order. */
export function viewPage(db: ReadDb, table: string, where: Where, orderBy: string, limit: number, offset: number): StoredRow[] {
  // prepared once per view's shape: a table scrolled asks for a page every few rows
  return stmt(db, `SELECT ${rowColumns(table)} FROM ${table} WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`).all(...where.params, limit, offset) as StoredRow[];
}

/** Every row of the view in its order, read as it is walked (it holds the connection busy meanwhile). */
export function viewRows(db: ReadDb, table: string, where: Where, orderBy: string): Iterable<StoredRow> {
  return db.prepare(`SELECT ${rowColumns(table)} FROM ${table} WHERE ${where.sql} ORDER BY ${orderBy}`).iterate(...where.params) as Iterable<StoredRow>;
}

/** The rows of these rids, in this order (a row gone since the rids were read is left out). */
export function rowsByRid(db: ReadDb, table: string, rids: number[]): StoredRow[] {
  const byRid = stmt(db, `SELECT ${rowColumns(table)} FROM ${table} WHERE rid = ?`);
  const rows: StoredRow[] = [];
  for (const rid of rids) {
    const row = byRid.get(rid) as StoredRow | undefined;
    if (row) rows.push(row);
  }
  return rows;
}

const withCodeKeys = new WeakSet<ReadDb>();

/**
 * code_key(text) on this connection, computed by `key` (the lookups' code key: `A03 02B` and
 * `A-03-02-B` give the same), for a filter read as a code. Registered once per connection.
 */
export function useCodeKey(db: ReadDb, key: (text: string) => string): void {
  if (withCodeKeys.has(db)) return;
  db.function('code_key', { deterministic: true }, (text: unknown) => (text === null ? null : key(String(text))));
  withCodeKeys.add(db);
}
