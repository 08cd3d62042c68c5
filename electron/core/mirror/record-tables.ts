// How each list's records land in the mirror: which table, which fields are extracted, what is
// searchable. The raw record is always kept whole; extraction never requires more than an id.
import { utcInstant } from './instant.ts';
import { normaliseCode } from './open-mirror.ts';
import { naturalSortKeyOf } from './sort-key.ts';

export type TableName = 'items' | 'locations' | 'inventory' | 'history' | 'records';

type Json = Record<string, unknown>;

export interface RecordTable {
  name: TableName;
  /** Extracted columns, in the order `extract` returns them (after rid, dataset_id, id). */
  columns: readonly string[];
  extract(record: Json, scope: { list: string; scopeId: string | null }): unknown[];
  /** The FTS5 table and the `columns` it indexes (rowid = rid), or null. */
  fts: { table: string; columns: readonly string[] } | null;
}

export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A record's time field as the mirror stores it: its text (text()) in UTC in one form (instant.ts). */
export function instantText(value: unknown): string | null {
  const t = text(value);
  return t === null ? null : utcInstant(t);
}

function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function flag(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === 1 || value === 0) return value;
  if (value === 'true' || value === 'false') return value === 'true' ? 1 : 0;
  return null;
}

function first(record: Json, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = text(record[key]);
    if (value !== null && value !== '') return value;
  }
  return null;
}

const CODE_KEYS = ['code', 'accountid', 'ncode', 'sku', 'number', 'un_number', 'scac', 'email', 'name'];
const NAME_KEYS = ['name', 'description', 'proper_shipping_name', 'label', 'title'];
const FULL_NAME = ['firstname', 'lastname'];
const SKIP_TEXT = new Set(['id', 'modifiedon', 'createdon', 'raw']);

function recordName(record: Json): string | null {
  const named = first(record, NAME_KEYS);
  if (named) return named;
  const parts = FULL_NAME.map((k) => text(record[k])).filter((v): v is string => !!v);
  return parts.length ? parts.join(' ') : text(record.email);
}

function searchText(record: Json): string | null {
  const words: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (SKIP_TEXT.has(key) || typeof value !== 'string' || value === '') continue;
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) continue; // ids are not words
    words.push(value);
  }
  return words.length ? words.join(' ') : null;
}

export const TABLES: Record<TableName, RecordTable> = {
  items: {
    name: 'items',
    columns: ['account_id', 'sku', 'upc', 'gtin', 'description', 'uom', 'enabled', 'modified_on'],
    extract: (r, scope) => [
      text(r.account_id) ?? scope.scopeId,
      text(r.sku),
      text(r.upc),
      text(r.gtin),
      text(r.description),
      text(r.uom),
      flag(r.enabled),
      text(r.modifiedon),
    ],
    fts: { table: 'items_fts', columns: ['sku', 'description'] },
  },
  locations: {
    name: 'locations',
    columns: ['facility_id', 'code', 'code_norm', 'code_sort', 'barcode', 'zone', 'type', 'pickable', 'enabled', 'modified_on'],
    extract: (r, scope) => [
      text(r.facility_id) ?? scope.scopeId,
      text(r.code),
      normaliseCode(text(r.code)),
      naturalSortKeyOf(text(r.code)),
      text(r.barcode),
      text(r.zone),
      text(r.type),
      flag(r.pickable),
      flag(r.enabled),
      text(r.modifiedon),
    ],
    fts: { table: 'locations_fts', columns: ['code', 'barcode', 'zone'] },
  },
  inventory: {
    name: 'inventory',
    columns: [
      'facility_id', 'location_id', 'location_code', 'location_code_sort', 'item_id', 'account_id', 'sku', 'lot', 'serial',
      'expiry', 'uom', 'qty_on_hand', 'qty_allocated', 'qty_available', 'status', 'modified_on',
    ],
    extract: (r, scope) => [
      text(r.facility_id) ?? scope.scopeId,
      text(r.location_id),
      text(r.location_code),
      naturalSortKeyOf(text(r.location_code)),
      text(r.item_id),
      text(r.account_id),
      text(r.sku),
      text(r.lot),
      text(r.serial),
      text(r.expiry),
      text(r.uom),
      num(r.qty_on_hand),
      num(r.qty_allocated),
      num(r.qty_available),
      text(r.status),
      text(r.modifiedon),
    ],
    fts: null,
  },
  history: {
    name: 'history',
    columns: [
      'facility_id', 'item_id', 'sku', 'location_id', 'location_code', 'from_location_code', 'to_location_code', 'type', 'qty',
      'qty_before', 'qty_after', 'lot', 'user_email', 'reference', 'created_on', 'modified_on',
    ],
    extract: (r, scope) => [
      text(r.facility_id) ?? scope.scopeId,
      text(r.item_id),
      text(r.sku),
      text(r.location_id),
      text(r.location_code),
      text(r.from_location_code),
      text(r.to_location_code),
      text(r.type),
      num(r.qty),
      num(r.qty_before),
      num(r.qty_after),
      text(r.lot),
      text(r.user_email),
      text(r.reference),
      // compared as text (the window, the newest kept, the stock's mark): in UTC, one form
      instantText(r.createdon),
      text(r.modifiedon),
    ],
    fts: null,
  },
  records: {
    name: 'records',
    columns: ['list', 'scope_id', 'code', 'code_sort', 'name', 'text', 'modified_on'],
    extract: (r, scope) => {
      const code = first(r, CODE_KEYS);
      return [scope.list, scope.scopeId, code, naturalSortKeyOf(code), recordName(r), searchText(r), text(r.modifiedon)];
    },
    fts: { table: 'records_fts', columns: ['code', 'name', 'text'] },
  },
};
