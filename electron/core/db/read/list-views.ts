// Reads of a list view. A view is a typed query (ViewQuery): the table, the rows of a scope, the
// conditions a user's filters became ({column, op, value}), and a sort. The lookups decide what a
// filter means (lookup/lists.ts: a number compared, a flag, a code, a name); this file alone turns
// the query into SQL, with `?` for every value, so the SQL text depends on the query's shape only
// and each shape's statements are prepared once per connection (a filter typed letter by letter is
// one shape with new values).
import type { Statement } from 'better-sqlite3';
import { AisleError } from '../../../contract/errors.ts';
import type { ReadDb } from '../handles.ts';
import { TABLE_SHAPES, type TableName } from '../tables.ts';
import { HISTORY_CHANGE_SQL } from './history.ts';

/** Where a view reads a value: a typed column of the table, a field of the record as received, or a history event's signed change. */
export type ViewColumn = { column: string } | { field: string } | { computed: 'stock_change' };

/** `is`: equal as stored; `contains`: the value's text holds the value (LIKE, any case); the others compare as numbers. */
export type ViewOp = 'is' | 'contains' | '=' | '!=' | '<' | '<=' | '>' | '>=';

export interface ViewCondition {
  column: ViewColumn;
  op: ViewOp;
  value: string | number;
  /** `contains` only: or the value's code key holds this key (code_key: useCodeKey must have been called on the connection). */
  codeKey?: string;
  /** `contains` only: or the value is the id of a record of this list (kept in `table`) whose code or name holds the value. */
  refersTo?: { list: string; table: TableName };
}

/** The rows a view starts from: a list of the records table (in one scope or all), some datasets of a table, all of it, or none. */
export type ViewScope = { kind: 'list'; list: string; scopeId: string | null } | { kind: 'datasets'; ids: readonly number[] } | { kind: 'all' };

export interface ViewQuery {
  table: TableName;
  scope: ViewScope;
  where: readonly ViewCondition[];
  /** Ties are broken by the order rows were stored in (rid). */
  sort: readonly { column: ViewColumn; dir: 'asc' | 'desc' }[];
}

/** A row as stored, with what a list computes from its typed columns (a history event's signed change). */
export type StoredRow = { id: string; raw: string; stock_change?: number | null };

/** A field name safe to put in a JSON path (`$."key"`). */
export function isSafeFieldKey(key: string): boolean {
  return /^[A-Za-z0-9_$@. -]{1,64}$/.test(key) && !key.includes('"');
}

/** The query as SQL: its WHERE and ORDER BY texts (the same for every query of its shape) and the values of their `?`s. */
interface ViewSql {
  table: TableName;
  where: string;
  orderBy: string;
  params: unknown[];
}

/** The view's rows (whatever their order) as a key: equal keys, equal rows while the file is unchanged. */
export function viewKey(query: ViewQuery): string {
  const sql = toSql(query);
  return `${sql.table}\n${sql.where}\n${JSON.stringify(sql.params)}`;
}

/** The view's rows in its order as a key (viewKey with its sort). */
export function viewOrderKey(query: ViewQuery): string {
  return `${viewKey(query)}\n${toSql(query).orderBy}`;
}

/** Up to `count` of the view's records as received (JSON text), in no order. */
export function viewSample(db: ReadDb, query: ViewQuery, count: number): string[] {
  const q = toSql(query);
  return viewStatement(db, `SELECT raw FROM ${q.table} WHERE ${q.where} LIMIT ?`).pluck().all(...q.params, count) as string[];
}

export function viewCount(db: ReadDb, query: ViewQuery): number {
  const q = toSql(query);
  return viewStatement(db, `SELECT count(*) FROM ${q.table} WHERE ${q.where}`).pluck().get(...q.params) as number;
}

/** The rids of the view's rows in its order. */
export function viewRids(db: ReadDb, query: ViewQuery): number[] {
  const q = toSql(query);
  return viewStatement(db, `SELECT rid FROM ${q.table} WHERE ${q.where} ORDER BY ${q.orderBy}`).pluck().all(...q.params) as number[];
}

/** One window of the view's rows in its order. */
export function viewPage(db: ReadDb, query: ViewQuery, limit: number, offset: number): StoredRow[] {
  const q = toSql(query);
  return viewStatement(db, `SELECT ${rowColumns(q.table)} FROM ${q.table} WHERE ${q.where} ORDER BY ${q.orderBy} LIMIT ? OFFSET ?`).all(...q.params, limit, offset) as StoredRow[];
}

/**
 * Every row of the view in its order, read as it is walked (it holds the connection busy meanwhile).
 * Prepared for each walk: a cached statement being walked could not serve another page meanwhile.
 */
export function viewRows(db: ReadDb, query: ViewQuery): Iterable<StoredRow> {
  const q = toSql(query);
  return db.prepare(`SELECT ${rowColumns(q.table)} FROM ${q.table} WHERE ${q.where} ORDER BY ${q.orderBy}`).iterate(...q.params) as Iterable<StoredRow>;
}

/** The rows of these rids, in this order (a row gone since the rids were read is left out). */
export function rowsByRid(db: ReadDb, table: TableName, rids: number[]): StoredRow[] {
  const byRid = viewStatement(db, `SELECT ${rowColumns(TABLE_SHAPES[table].name)} FROM ${TABLE_SHAPES[table].name} WHERE rid = ?`);
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
 * `A-03-02-B` give the same), for a condition's codeKey. Registered once per connection.
 */
export function useCodeKey(db: ReadDb, key: (text: string) => string): void {
  if (withCodeKeys.has(db)) return;
  db.function('code_key', { deterministic: true }, (text: unknown) => (text === null ? null : key(String(text))));
  withCodeKeys.add(db);
}

/** The columns a view reads of each row of a table. */
function rowColumns(table: TableName): string {
  return table === 'history' ? `id, raw, ${HISTORY_CHANGE_SQL} AS stock_change` : 'id, raw';
}

/** Columns every table has beside its shape's. */
const ROW_COLUMNS = ['id', 'rid', 'dataset_id'];

/** The SQL of a value a view reads; a column the table does not have, or a field that cannot be named in a JSON path, is refused. */
function columnSql(table: TableName, column: ViewColumn): string {
  if ('computed' in column) {
    if (table !== 'history') throw new AisleError('invalid_argument', `${table} has no stock change.`);
    return `(${HISTORY_CHANGE_SQL})`;
  }
  if ('column' in column) {
    if (!ROW_COLUMNS.includes(column.column) && !TABLE_SHAPES[table].columns.includes(column.column)) throw new AisleError('invalid_argument', `${table} has no column ${column.column.slice(0, 64)}.`);
    return column.column;
  }
  if (!isSafeFieldKey(column.field)) throw new AisleError('invalid_argument', `No such column: ${column.field.slice(0, 64)}`);
  return `json_extract(raw, '$."${column.field}"')`;
}

const LIKE = `LIKE ? ESCAPE '\\'`;
const NUMBER_OPS: ReadonlySet<ViewOp> = new Set(['=', '!=', '<', '<=', '>', '>=']);

/** The `%…%` pattern of a text, its LIKE wildcards taken as they are typed. */
function containing(text: string): string {
  return '%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}

/** A record of `list` in `table` whose code or name holds the pattern: its id. */
function referenceSql(expr: string, refersTo: { list: string; table: TableName }, pattern: string, params: unknown[]): string {
  if (refersTo.table === 'items') {
    params.push(pattern);
    return `${expr} IN (SELECT id FROM items WHERE sku ${LIKE})`;
  }
  if (refersTo.table === 'locations') {
    params.push(pattern);
    return `${expr} IN (SELECT id FROM locations WHERE code ${LIKE})`;
  }
  params.push(refersTo.list, pattern, pattern);
  return `${expr} IN (SELECT id FROM records WHERE list = ? AND (name ${LIKE} OR code ${LIKE}))`;
}

function conditionSql(table: TableName, c: ViewCondition, params: unknown[]): string {
  const expr = columnSql(table, c.column);
  if (NUMBER_OPS.has(c.op)) {
    if (typeof c.value !== 'number' || !Number.isFinite(c.value)) throw new AisleError('invalid_argument', `A comparison takes a number, not ${String(c.value).slice(0, 64)}.`);
    params.push(c.value);
    return `CAST(${expr} AS REAL) ${c.op} ?`;
  }
  if (c.op === 'is') {
    params.push(c.value);
    return `${expr} = ?`;
  }
  const pattern = containing(String(c.value));
  params.push(pattern);
  const either = [`${expr} ${LIKE}`];
  if (c.refersTo) either.push(referenceSql(expr, c.refersTo, pattern, params));
  if (c.codeKey) {
    params.push(containing(c.codeKey));
    either.push(`code_key(${expr}) ${LIKE}`);
  }
  return either.length === 1 ? either[0] : `(${either.join(' OR ')})`;
}

function scopeSql(table: TableName, scope: ViewScope, params: unknown[]): string {
  if (scope.kind === 'all') return '1';
  if (scope.kind === 'datasets') {
    if (scope.ids.length === 0) return '0';
    params.push(...scope.ids);
    return `dataset_id IN (${scope.ids.map(() => '?').join(', ')})`;
  }
  if (table !== 'records') throw new AisleError('internal', `A list's scope is for the records table, not ${table}.`);
  params.push(scope.list);
  if (scope.scopeId === null) return 'list = ?';
  params.push(scope.scopeId);
  return 'list = ? AND scope_id = ?';
}

const built = new WeakMap<ViewQuery, ViewSql>();

function toSql(query: ViewQuery): ViewSql {
  let sql = built.get(query);
  if (sql) return sql;
  const table = TABLE_SHAPES[query.table]?.name;
  if (!table) throw new AisleError('internal', `No such table: ${String(query.table).slice(0, 64)}`);
  const params: unknown[] = [];
  const parts = [scopeSql(table, query.scope, params), ...query.where.map((c) => conditionSql(table, c, params))];
  const order = query.sort.map((s) => `${columnSql(table, s.column)} ${s.dir === 'desc' ? 'DESC' : 'ASC'}`);
  order.push('rid');
  sql = { table, where: parts.map((p) => `(${p})`).join(' AND '), orderBy: order.join(', '), params };
  built.set(query, sql);
  return sql;
}

/** Statements of views kept per connection at most (the least recently used go first). */
const MAX_VIEW_STATEMENTS = 64;
const statements = new WeakMap<ReadDb, Map<string, Statement>>();

/** The statement of a view's SQL on this connection, prepared the first time its shape is asked for. */
function viewStatement(db: ReadDb, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (statement) {
    cache.delete(sql);
  } else {
    statement = db.prepare(sql);
    if (cache.size >= MAX_VIEW_STATEMENTS) cache.delete(cache.keys().next().value!);
  }
  cache.set(sql, statement);
  return statement;
}
