// Browsing any list: scoped, sorted and filtered by any column (known or not), paged for a virtual
// table, with the total count and the age of the data.
import type { ListView } from '../../contract/methods.ts';
import type { ColumnInfo, ListInfo, ListPage } from '../../contract/types.ts';
import { AisleError } from '../../contract/errors.ts';
import type { ReadDb } from '../db/handles.ts';
import { fileStamp, type DatasetInfo } from '../db/read/datasets.ts';
import { rowsByRid, useCodeKey, viewCount, viewKey, viewOrderKey, viewPage, viewRids, viewRows, viewSample, type ViewColumn, type ViewCondition, type ViewQuery, type ViewScope } from '../db/read/list-views.ts';
import { scopeRecordName } from '../db/read/scopes.ts';
import { inOneRead } from '../db/statements.ts';
import { combinedAge, datasetsOf, readDatasets, type StaleThresholds } from './data-age.ts';
import { codeKey } from './codes.ts';
import { isSafeColumnKey, knownField, knownLists, listDef, nameKey, type ColumnDef, type ListDef } from './list-registry.ts';
import { recordFieldMap, referenceRole } from './record-roles.ts';
import { namedRow, withFacts } from './column-facts.ts';

export interface QueryOptions {
  staleAfter: StaleThresholds;
  now?: Date;
}

const SAMPLE_ROWS = 200;

/** The lists present in the mirror, with their columns and the scopes synced. */
export function listCatalog(db: ReadDb): ListInfo[] {
  const datasets = [...readDatasets(db).values()];
  const byList = new Map<string, DatasetInfo[]>();
  for (const dataset of datasets) byList.set(dataset.list, [...(byList.get(dataset.list) ?? []), dataset]);
  const out: ListInfo[] = [];
  for (const [list, sets] of byList) {
    const def = listDef(list, sets[0].scopeKind as ListDef['scopeKind']);
    const scopeIds = [...new Set(sets.map((set) => set.scopeId).filter((id): id is string => id !== null))];
    out.push({
      list,
      label: def.label,
      kind: def.kind,
      scopeKind: def.scopeKind,
      columns: stripStored(listColumns(db, def, null)),
      scopes: scopeIds.map((id) => ({ id, name: scopeName(db, def.scopeKind, id) ?? id })).sort((a, b) => a.name.localeCompare(b.name)),
    });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

/** The name of an account or facility, from the mirrored lists. */
export function scopeName(db: ReadDb, scopeKind: string, id: string): string | null {
  const list = scopeKind === 'account' ? 'accounts' : scopeKind === 'facility' ? 'facilities' : null;
  if (!list) return null;
  return scopeRecordName(db, list, id);
}

/**
 * Known columns first, then every other top-level field seen in a sample of the records, each with
 * its facts for people (column-facts.ts).
 */
export function listColumns(db: ReadDb, def: ListDef, scopeId: string | null): ColumnDef[] {
  const raws = viewSample(db, { table: def.table, scope: viewScope(db, def, scopeId), where: [], sort: [] }, SAMPLE_ROWS);
  const sample = raws.map((raw) => JSON.parse(raw) as Record<string, unknown>);
  const fieldOf = columnFields(db, def, sample);
  const used = new Set<string>();
  const columns: ColumnDef[] = def.columns.map((column) => {
    // a field shows under one column: a second column the same field would fill keeps its own name
    const field = fieldOf(column.key);
    const key = used.has(field) ? column.key : field;
    used.add(key);
    return { ...column, key, role: column.key };
  });
  const known = new Set(columns.map((column) => column.key));
  known.add('id');
  for (const record of sample) {
    for (const [key, value] of Object.entries(record)) {
      if (known.has(key) || !isSafeColumnKey(key)) continue;
      known.add(key);
      const role = knownField(key);
      columns.push({ key, label: key, type: typeOf(value), ...(role ? { role } : {}) });
    }
  }
  // a reference a field's name or the field map finds is known by the list it names (`hazmatId`: hazmat_id)
  return withFacts(db, def, columns, sample).map((column) => (column.refersTo && !column.role ? { ...column, role: referenceRole(column.key) } : column));
}

/** The columns main names whose field is the map's choice rather than their own name (`modifiedon`'s is `modified_on`'s). */
const ROLE_OF_COLUMN: Readonly<Record<string, string>> = { modifiedon: 'modified_on', createdon: 'created_on' };

/**
 * The server's field of each column main names: the field map's choice for a column the map
 * decides (`itemNumber` for the SKU), else the field of the sample spelling the column's name
 * another way (`packQty`, `contactName`), else the column's own name.
 */
function columnFields(db: ReadDb, def: ListDef, sample: readonly Record<string, unknown>[]): (key: string) => string {
  const present = new Set(sample.flatMap((record) => Object.keys(record)));
  const byNameKey = new Map<string, string>();
  for (const field of present) if (!byNameKey.has(nameKey(field))) byNameKey.set(nameKey(field), field);
  const map = def.table === 'records' || sample.length === 0 ? {} : recordFieldMap(db, def, sample);
  return (key) => {
    const mapped = map[ROLE_OF_COLUMN[key] ?? key];
    // a field inside an object (`item.sku`) has no key of its own in a row: the column reads its typed column
    if (mapped && !mapped.includes('.') && present.has(mapped)) return mapped;
    if (present.has(key)) return key;
    return byNameKey.get(nameKey(key)) ?? key;
  };
}

/** The columns of a list in a scope, remembered while the file is unchanged. */
function viewColumns(db: ReadDb, def: ListDef, scopeId: string | null): ColumnDef[] {
  return remembered(factsOf(db).columns, `${def.list}\n${scopeId}`, () => listColumns(db, def, scopeId));
}

function typeOf(value: unknown): ColumnInfo['type'] {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(value)) return 'date';
  return 'string';
}

function stripStored(columns: ColumnDef[]): ColumnInfo[] {
  return columns.map(({ stored: _stored, sortStored: _sortStored, ...info }) => info);
}

/** The columns as the contract gives them, made once for each remembered set of columns. */
const infos = new WeakMap<ColumnDef[], ColumnInfo[]>();

function columnInfos(columns: ColumnDef[]): ColumnInfo[] {
  let info = infos.get(columns);
  if (!info) {
    info = stripStored(columns);
    infos.set(columns, info);
  }
  return info;
}

function viewScope(db: ReadDb, def: ListDef, scopeId: string | null): ViewScope {
  if (def.table === 'records') return { kind: 'list', list: def.list, scopeId };
  if (scopeId === null) return { kind: 'all' };
  // Resolved here so that one dataset gives `dataset_id = ?`: its index then also yields rid order.
  return { kind: 'datasets', ids: datasetsOf(readDatasets(db), def.list, scopeId).map((d) => d.datasetId) };
}

/** Where a column's value is read: its typed column, its computed value, or the field inside the record as received. */
function viewColumn(key: string, column: ColumnDef | undefined): ViewColumn {
  if (column?.stockChange) return { computed: 'stock_change' };
  if (column?.stored) return { column: column.stored };
  if (key === 'id') return { column: 'id' };
  if (!isSafeColumnKey(key)) throw new AisleError('invalid_argument', `No such column: ${key.slice(0, 64)}`);
  return { field: key };
}

const COMPARISON = /^\s*(<=|>=|!=|<>|<|>|=)\s*(-?\d+(?:\.\d+)?)\s*$/;
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

/**
 * What a filter typed in a column means: a comparison of numbers (`>5`, `<=3`) in a column that is
 * not text, yes or no in a flag's column, else "contains", also as a code when it has a digit (as
 * the search box reads one: `A03 02B` finds `A-03-02-B`) and also in the code or name a reference
 * column shows. Null for an empty filter.
 */
function filterCondition(columns: readonly ColumnDef[], key: string, value: string): ViewCondition | null {
  if (value.trim() === '') return null;
  const column = columns.find((c) => c.key === key);
  const at = viewColumn(key, column);
  const comparison = COMPARISON.exec(value);
  if (comparison && column?.type !== 'string') {
    const op = comparison[1] === '<>' ? '!=' : (comparison[1] as ViewCondition['op']);
    return { column: at, op, value: Number(comparison[2]) };
  }
  const word = value.trim().toLowerCase();
  if (column?.type === 'boolean' && (TRUE_WORDS.has(word) || FALSE_WORDS.has(word))) {
    return { column: at, op: 'is', value: TRUE_WORDS.has(word) ? 1 : 0 };
  }
  const text = value.trim();
  if (column?.refersTo) {
    // the cell shows the record's code or name: a filter finds what it shows, and the id too
    const table = knownLists().find((l) => l.list === column.refersTo)?.table ?? 'records';
    return { column: at, op: 'contains', value: text, refersTo: { list: column.refersTo, table } };
  }
  const asCode = /\d/.test(text) ? codeKey(text) : '';
  return asCode === '' ? { column: at, op: 'contains', value: text } : { column: at, op: 'contains', value: text, codeKey: asCode };
}

/** The typed query of a view (scope, filters, sort). */
export function viewQuery(db: ReadDb, def: ListDef, view: ListView): ViewQuery {
  useCodeKey(db, codeKey);
  const columns = Object.keys(view.filters).length > 0 ? viewColumns(db, def, view.scopeId) : def.columns;
  const where: ViewCondition[] = [];
  for (const [key, value] of Object.entries(view.filters)) {
    const condition = filterCondition(columns, key, value);
    if (condition) where.push(condition);
  }
  const sort: ViewQuery['sort'][number][] = view.sort.map((by) => {
    const column = def.columns.find((c) => c.key === by.column);
    return { column: column?.sortStored ? { column: column.sortStored } : viewColumn(by.column, column), dir: by.dir === 'desc' ? 'desc' : 'asc' };
  });
  // Unsorted: a whole list in code order (its code index), and a facility's locations (their
  // dataset index is by code); other scopes (an account's items, a facility's stock) in the order
  // the server sent them, which the dataset index gives without sorting.
  const inServerOrder = def.table !== 'records' && def.table !== 'locations' && view.scopeId !== null;
  if (sort.length === 0 && !inServerOrder) sort.push({ column: { column: def.defaultSort.stored }, dir: def.defaultSort.dir });
  return { table: def.table, scope: viewScope(db, def, view.scopeId), where, sort };
}

/**
 * What every page of a view repeats, kept per connection while the file is unchanged: the total
 * (counting a view of a million rows takes tens of milliseconds, and a scrolled table asks for a
 * page every few rows) and the columns (a sample of records parsed), while fileStamp stays the same.
 */
interface ViewFacts {
  version: string;
  totals: Map<string, number>;
  columns: Map<string, ColumnDef[]>;
  /**
   * The rids of a sorted or filtered view, in its order (the most recent views first out): its
   * pages are then slices, however deep. Without it each page sorts or filters the whole table
   * again, and a page near the end of a million sorted rows took seconds, on the thread that
   * answers scans.
   */
  orders: Map<string, number[]>;
}

const viewFacts = new WeakMap<ReadDb, ViewFacts>();
/** Views remembered per connection at most (each filter typed is a view). */
const MAX_VIEWS = 256;
/** Orders kept per connection at most: 8 bytes a row, 8 MB for a million. */
const MAX_ORDERS = 3;

function factsOf(db: ReadDb): ViewFacts {
  const version = fileStamp(db);
  let facts = viewFacts.get(db);
  if (!facts || facts.version !== version || facts.totals.size + facts.columns.size > MAX_VIEWS) {
    facts = { version, totals: new Map(), columns: new Map(), orders: new Map() };
    viewFacts.set(db, facts);
  }
  return facts;
}

function isFiltered(view: ListView): boolean {
  return Object.values(view.filters).some((value) => value.trim() !== '');
}

/**
 * The rids of a view in its order, sorted and filtered once while the file is unchanged; made only
 * when `make` (else undefined when not kept).
 */
function viewOrder(db: ReadDb, facts: ViewFacts, query: ViewQuery, make: boolean): number[] | undefined {
  const key = viewOrderKey(query);
  let order = facts.orders.get(key);
  if (order) {
    // the most recently used last: the first is the one to forget
    facts.orders.delete(key);
  } else {
    if (!make) return undefined;
    order = viewRids(db, query);
    if (facts.orders.size >= MAX_ORDERS) facts.orders.delete(facts.orders.keys().next().value!);
  }
  facts.orders.set(key, order);
  return order;
}

function remembered<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * One window of a view, the total, and the data's age, in one read transaction: one snapshot of the
 * file, and one read lock for the page's statements instead of one each.
 */
export function listPage(db: ReadDb, view: ListView, offset: number, limit: number, options: QueryOptions): ListPage {
  return inOneRead(db, () => pageOf(db, view, offset, limit, options));
}

function pageOf(db: ReadDb, view: ListView, offset: number, limit: number, options: QueryOptions): ListPage {
  const def = listDef(view.list);
  const query = viewQuery(db, def, view);
  const facts = factsOf(db);
  const columnDefs = viewColumns(db, def, view.scopeId);
  const columns = columnInfos(columnDefs);
  let total: number;
  let raws: { id: string; raw: string }[];
  // A view the user shaped, by sort or filter, is ordered once for its pages; an unshaped one pages
  // through an index in its order. A filtered view is ordered at its first page: counting it reads
  // as much. A view only sorted gives its first page from SQLite alone (a top 200 costs a fifth of a
  // whole sort, and the count is the unsorted view's): someone who sorts may only look at the top.
  const filtered = isFiltered(view);
  const order = filtered || view.sort.length > 0 ? viewOrder(db, facts, query, filtered || offset > 0) : undefined;
  if (order) {
    total = order.length;
    raws = rowsByRid(db, def.table, order.slice(offset, offset + limit));
  } else {
    total = remembered(facts.totals, viewKey(query), () => viewCount(db, query));
    raws = viewPage(db, query, limit, offset);
  }
  const datasets = readDatasets(db);
  // one memory of names for the page: its rows mostly refer to the same few records (an account's);
  // only the columns that refer to another list are looked at in each row
  const names = new Map<string, string | null>();
  const references = columnDefs.filter((column) => column.refersTo);
  return {
    list: view.list,
    scopeId: view.scopeId,
    total,
    offset,
    columns,
    rows: raws.map((raw) => namedRow(db, references, toRow(raw), names)),
    age: combinedAge(datasetsOf(datasets, view.list, view.scopeId), view.list, options.staleAfter, options.now ?? new Date()),
  };
}

/**
 * Every row of a view, in order, as people read it (for export): references by their code or name,
 * looked up on `namesDb`. Use on a connection of its own: it holds it busy (so the names are read
 * on another).
 */
export function* iterateView(db: ReadDb, view: ListView, namesDb: ReadDb): Generator<Record<string, unknown>> {
  const def = listDef(view.list);
  const query = viewQuery(db, def, view);
  const columns = viewColumns(db, def, view.scopeId);
  const names = new Map<string, string | null>();
  for (const row of viewRows(db, query)) yield namedRow(namesDb, columns, toRow(row), names);
}

export function toRow(row: { id: string; raw: string; stock_change?: number | null }): Record<string, unknown> {
  const record = { id: row.id, ...(JSON.parse(row.raw) as Record<string, unknown>) };
  // a history event's signed change, computed from its typed columns (the list's `stock_change` column)
  return row.stock_change === undefined ? record : { ...record, stock_change: row.stock_change };
}
