// What Aisle knows about each list: where the mirror keeps it, what kind of record it holds, its
// scope, and the columns it shows first. Columns Aisle does not know are discovered from the records.
import type { ColumnInfo, RecordKind, ScopeKind } from '../../contract/types.ts';

export type MirrorTable = 'items' | 'locations' | 'inventory' | 'history' | 'records';

export interface ColumnDef extends ColumnInfo {
  /** The typed (indexed or extracted) column of the table, when there is one. */
  sql?: string;
  /** What the column sorts by, when not `sql`: a code's natural sort key. */
  sortSql?: string;
}

export interface ListDef {
  list: string;
  label: string;
  kind: RecordKind;
  scopeKind: ScopeKind;
  table: MirrorTable;
  columns: ColumnDef[];
  /** Raw fields naming the record for people: its code and its title. */
  codeField: string;
  titleField: string;
  /** Default sort when the view gives none. */
  defaultSort: { sql: string; dir: 'asc' | 'desc' };
}

const s = (key: string, label: string, sql?: string): ColumnDef => ({ key, label, type: 'string', sql });
const n = (key: string, label: string, sql?: string): ColumnDef => ({ key, label, type: 'number', sql });
const b = (key: string, label: string, sql?: string): ColumnDef => ({ key, label, type: 'boolean', sql });
const d = (key: string, label: string, sql?: string): ColumnDef => ({ key, label, type: 'date', sql });

const modified = d('modifiedon', 'Modified', 'modified_on');
/** The field a list's records keep as their `code` (record-tables.ts: the first of its code fields present), sorted naturally. */
const code = (key: string, label: string): ColumnDef => ({ ...s(key, label), sortSql: 'code_sort' });

function records(list: string, label: string, kind: RecordKind, scopeKind: ScopeKind, columns: ColumnDef[], codeField: string, titleField: string): ListDef {
  return { list, label, kind, scopeKind, table: 'records', columns: [...columns, modified], codeField, titleField, defaultSort: { sql: 'code_sort', dir: 'asc' } };
}

const DEFS: ListDef[] = [
  {
    list: 'items',
    label: 'Items',
    kind: 'item',
    scopeKind: 'account',
    table: 'items',
    columns: [
      s('sku', 'SKU', 'sku'),
      s('description', 'Description', 'description'),
      s('upc', 'UPC', 'upc'),
      s('gtin', 'GTIN', 'gtin'),
      s('uom', 'UOM', 'uom'),
      n('pack_qty', 'Pack qty'),
      b('lot_tracked', 'Lot tracked'),
      b('serial_tracked', 'Serial tracked'),
      b('enabled', 'Enabled', 'enabled'),
      s('account_id', 'Account', 'account_id'),
      modified,
    ],
    codeField: 'sku',
    titleField: 'description',
    defaultSort: { sql: 'sku', dir: 'asc' },
  },
  {
    list: 'locations',
    label: 'Locations',
    kind: 'location',
    scopeKind: 'facility',
    table: 'locations',
    columns: [
      { ...s('code', 'Code', 'code'), sortSql: 'code_sort' },
      s('zone', 'Zone', 'zone'),
      s('type', 'Type', 'type'),
      s('barcode', 'Barcode', 'barcode'),
      s('check_digits', 'Check digits'),
      b('pickable', 'Pickable', 'pickable'),
      b('enabled', 'Enabled', 'enabled'),
      s('facility_id', 'Facility', 'facility_id'),
      modified,
    ],
    codeField: 'code',
    titleField: 'code',
    defaultSort: { sql: 'code_sort', dir: 'asc' },
  },
  {
    list: 'inventory',
    label: 'Inventory',
    kind: 'other',
    scopeKind: 'facility',
    table: 'inventory',
    columns: [
      { ...s('location_code', 'Location', 'location_code'), sortSql: 'location_code_sort' },
      s('sku', 'SKU', 'sku'),
      s('lot', 'Lot', 'lot'),
      s('serial', 'Serial', 'serial'),
      d('expiry', 'Expiry', 'expiry'),
      n('qty_on_hand', 'On hand', 'qty_on_hand'),
      n('qty_allocated', 'Allocated', 'qty_allocated'),
      n('qty_available', 'Available', 'qty_available'),
      s('status', 'Status', 'status'),
      s('uom', 'UOM', 'uom'),
      s('facility_id', 'Facility', 'facility_id'),
    ],
    codeField: 'location_code',
    titleField: 'sku',
    defaultSort: { sql: 'location_code_sort', dir: 'asc' },
  },
  {
    list: 'history',
    label: 'Inventory history',
    kind: 'other',
    scopeKind: 'facility',
    table: 'history',
    columns: [
      d('createdon', 'When', 'created_on'),
      s('type', 'Type', 'type'),
      s('sku', 'SKU', 'sku'),
      s('location_code', 'Location', 'location_code'),
      s('from_location_code', 'From', 'from_location_code'),
      s('to_location_code', 'To', 'to_location_code'),
      n('qty', 'Qty', 'qty'),
      n('qty_before', 'Before', 'qty_before'),
      n('qty_after', 'After', 'qty_after'),
      s('lot', 'Lot', 'lot'),
      s('user_email', 'User', 'user_email'),
      s('reference', 'Reference', 'reference'),
    ],
    codeField: 'sku',
    titleField: 'type',
    defaultSort: { sql: 'created_on', dir: 'desc' },
  },
  records('accounts', 'Accounts', 'account', 'global', [code('accountid', 'Account'), s('name', 'Name'), s('description', 'Description'), s('type', 'Type'), s('contact_name', 'Contact'), s('contact_email', 'Contact e-mail'), s('scity', 'City'), s('scountry', 'Country')], 'accountid', 'name'),
  records('carriers', 'Carriers', 'carrier', 'account', [s('alias', 'Alias'), s('type', 'Type'), s('subtype', 'Subtype'), s('service_level', 'Service level'), s('package_type', 'Package type'), b('returns_enabled', 'Returns'), b('enabled', 'Enabled')], 'alias', 'alias'),
  records('customers', 'Customers', 'customer', 'account', [code('code', 'Code'), s('name', 'Name')], 'code', 'name'),
  records('channels', 'Channels', 'channel', 'account', [code('code', 'Code'), s('name', 'Name')], 'code', 'name'),
  records('facilities', 'Facilities', 'facility', 'global', [code('code', 'Code'), s('name', 'Name'), n('ncode', 'Number'), b('enabled', 'Enabled')], 'code', 'name'),
  records('users', 'Users', 'user', 'global', [s('email', 'E-mail'), s('name', 'Name'), s('type', 'Type'), b('enabled', 'Enabled')], 'email', 'name'),
  records('hazmat', 'Hazmat', 'hazmat', 'global', [code('un_number', 'UN number'), s('proper_shipping_name', 'Shipping name'), s('class', 'Class'), s('packing_group', 'Packing group')], 'un_number', 'proper_shipping_name'),
];

const BY_NAME = new Map(DEFS.map((def) => [def.list, def]));

/** The definition of a list; lists Aisle does not know live in `records`, global, kind `other`. */
export function listDef(list: string, scopeKind: ScopeKind = 'global'): ListDef {
  return BY_NAME.get(list) ?? records(list, labelOf(list), 'other', scopeKind, [code('code', 'Code'), s('name', 'Name')], 'code', 'name');
}

export function knownLists(): ListDef[] {
  return DEFS;
}

function labelOf(list: string): string {
  const words = list.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A column key safe to put in a JSON path (`$."key"`). */
export function isSafeColumnKey(key: string): boolean {
  return /^[A-Za-z0-9_$@. -]{1,64}$/.test(key) && !key.includes('"');
}
