// The one description of every list Aisle knows: where the server serves it and how it is scoped
// (the sync), which mirror table keeps it (the mirror), its label, record kind and the columns it
// shows first (the lookups). Which server field fills which extracted column is the field map's
// concern (field-map.ts); columns Aisle does not know are discovered from the records.
import type { ColumnInfo, RecordKind, ScopeKind } from '../../contract/types.ts';
import { isSafeFieldKey } from '../db/read/list-views.ts';

import type { TableName } from '../db/tables.ts';

export type { TableName } from '../db/tables.ts';

export interface ColumnDef extends ColumnInfo {
  /** The typed (indexed or extracted) column of the table that holds it, when there is one. */
  stored?: string;
  /** The table's column it sorts by, when not `stored`: a code's natural sort key. */
  sortStored?: string;
}

export interface ListDef {
  list: string;
  label: string;
  kind: RecordKind;
  scopeKind: ScopeKind;
  table: TableName;
  columns: ColumnDef[];
  /** Raw fields naming the record for people: its code and its title. */
  codeField: string;
  titleField: string;
  /** Default sort when the view gives none. */
  defaultSort: { stored: string; dir: 'asc' | 'desc' };
  /**
   * Where the sync reads the list, given its scope's id ('' for a global list); null for the
   * datasets the sync plans itself (a facility's stock and history, which are POSTed with a body).
   */
  path: ((scopeId: string) => string) | null;
}

const LISTS = '/v1/api/pub/lists';
const under = (route: string) => () => `${LISTS}/${route}/query`;
const perAccount = (route: string) => (id: string) => `${LISTS}/accounts/${encodeURIComponent(id)}/${route}/query`;
const perFacility = (route: string) => (id: string) => `${LISTS}/facilities/${encodeURIComponent(id)}/${route}/query`;

const s = (key: string, label: string, stored?: string): ColumnDef => ({ key, label, type: 'string', stored });
const n = (key: string, label: string, stored?: string): ColumnDef => ({ key, label, type: 'number', stored });
const b = (key: string, label: string, stored?: string): ColumnDef => ({ key, label, type: 'boolean', stored });
const d = (key: string, label: string, stored?: string): ColumnDef => ({ key, label, type: 'date', stored });

const modified = d('modifiedon', 'Modified', 'modified_on');
/** The field a list's records keep as their `code` (the field map's code), sorted naturally. */
const code = (key: string, label: string): ColumnDef => ({ ...s(key, label), sortStored: 'code_sort' });
const codeAndName = [code('code', 'Code'), s('name', 'Name')];

function records(
  list: string,
  label: string,
  kind: RecordKind,
  scopeKind: ScopeKind,
  path: ListDef['path'],
  columns: ColumnDef[] = codeAndName,
  codeField = 'code',
  titleField = 'name',
): ListDef {
  return { list, label, kind, scopeKind, table: 'records', columns: [...columns, modified], codeField, titleField, defaultSort: { stored: 'code_sort', dir: 'asc' }, path };
}

const DEFS: ListDef[] = [
  records('accounts', 'Accounts', 'account', 'global', under('accounts'), [code('accountid', 'Account'), s('name', 'Name'), s('description', 'Description'), s('type', 'Type'), s('contact_name', 'Contact'), s('contact_email', 'Contact e-mail'), s('scity', 'City'), s('scountry', 'Country')], 'accountid', 'name'),
  records('facilities', 'Facilities', 'facility', 'global', under('facilities'), [code('code', 'Code'), s('name', 'Name'), n('ncode', 'Number'), b('enabled', 'Enabled')]),
  records('location-templates', 'Location templates', 'other', 'global', under('facilities/locations/tmplts')),
  records('hazmat', 'Hazmat', 'hazmat', 'global', under('hazmat'), [code('un_number', 'UN number'), s('proper_shipping_name', 'Shipping name'), s('class', 'Class'), s('packing_group', 'Packing group')], 'un_number', 'proper_shipping_name'),
  records('item-templates', 'Item templates', 'other', 'global', under('items/tmplts')),
  records('mobile-workflows', 'Mobile workflows', 'other', 'global', under('mworkflows')),
  records('schedules', 'Schedules', 'other', 'global', under('scheduler')),
  records('sequences', 'Sequences', 'other', 'global', under('sequences')),
  records('transit-lanes', 'Transit lanes', 'other', 'global', under('transitlanes')),
  records('users', 'Users', 'user', 'global', under('users'), [s('email', 'E-mail'), s('name', 'Name'), s('type', 'Type'), b('enabled', 'Enabled')], 'email', 'name'),
  records('carriers', 'Carriers', 'carrier', 'account', perAccount('carriers'), [s('alias', 'Alias'), s('type', 'Type'), s('subtype', 'Subtype'), s('service_level', 'Service level'), s('package_type', 'Package type'), b('returns_enabled', 'Returns'), b('enabled', 'Enabled')], 'alias', 'alias'),
  records('channels', 'Channels', 'channel', 'account', perAccount('channels')),
  records('customers', 'Customers', 'customer', 'account', perAccount('customers')),
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
    defaultSort: { stored: 'sku', dir: 'asc' },
    path: perAccount('items'),
  },
  {
    list: 'locations',
    label: 'Locations',
    kind: 'location',
    scopeKind: 'facility',
    table: 'locations',
    columns: [
      { ...s('code', 'Code', 'code'), sortStored: 'code_sort' },
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
    defaultSort: { stored: 'code_sort', dir: 'asc' },
    path: perFacility('locations'),
  },
  {
    list: 'inventory',
    label: 'Inventory',
    kind: 'other',
    scopeKind: 'facility',
    table: 'inventory',
    columns: [
      { ...s('location_code', 'Location', 'location_code'), sortStored: 'location_code_sort' },
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
    defaultSort: { stored: 'location_code_sort', dir: 'asc' },
    path: null,
  },
  {
    list: 'history',
    label: 'Inventory history',
    kind: 'other',
    scopeKind: 'facility',
    table: 'history',
    columns: [
      d('createdon', 'When', 'created_on'),
      // the figure beside the time, before the words: in a narrow window it is on screen first
      { ...n('stock_change', 'Change'), stockChange: true },
      s('type', 'Type', 'type'),
      s('sku', 'SKU', 'sku'),
      s('location_code', 'Location', 'location_code'),
      s('from_location_code', 'From', 'from_location_code'),
      s('to_location_code', 'To', 'to_location_code'),
      // the server's size, never signed: the change above says which way it went
      { ...n('qty', 'Qty', 'qty'), technical: true },
      n('qty_before', 'Before', 'qty_before'),
      n('qty_after', 'After', 'qty_after'),
      s('lot', 'Lot', 'lot'),
      s('user_email', 'User', 'user_email'),
      s('reference', 'Reference', 'reference'),
    ],
    codeField: 'sku',
    titleField: 'type',
    defaultSort: { stored: 'created_on', dir: 'desc' },
    path: null,
  },
];

/**
 * Fields a server's records carry beyond the lists' columns whose meaning Aisle knows (the window
 * words them), by their snake_case name: what an item or location measures, where an account or a
 * facility is, when a record was made, a record's type, description, status and e-mail. A reference to another list is known by the list it names.
 */
export const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  'type', 'description', 'status', 'email',
  'weight', 'length', 'width', 'height',
  'city', 'stateprovince', 'postalcode', 'country',
  'saddr1', 'saddr2', 'saddr3', 'saddr4', 'maddr1', 'maddr2', 'maddr3', 'maddr4',
  'sstateprovince', 'spostalcode', 'mcity', 'mstateprovince', 'mpostalcode', 'mcountry', 'addr1', 'addr2', 'zone_id_str',
  'contact_phone', 'inv_contact_name', 'inv_contact_phone', 'inv_contact_email', 'notes', 'nodelete', 'createdby', 'locations', 'ncode',
  // a record's creation time: not the history's `createdon` column, which is when a movement happened
  'created_on', 'modifiedon',
]);

/** `packQty`, `Pack-Qty`, `pack_qty` -> `packqty`: one spelling of a name, for telling a server's casing of a known field. */
export function nameKey(field: string): string {
  return field.toLowerCase().replace(/[\s_-]+/g, '');
}

/** `saddr1`, `sAddr1`, `modifiedOn` -> the known field they spell (`saddr1`, `modifiedon`), or null. */
export function knownField(field: string): string | null {
  const key = nameKey(field);
  for (const known of KNOWN_FIELDS) if (nameKey(known) === key) return known;
  return null;
}

const BY_NAME = new Map(DEFS.map((def) => [def.list, def]));

/** The definition of a list; lists Aisle does not know live in `records`, global, kind `other`. */
export function listDef(list: string, scopeKind: ScopeKind = 'global'): ListDef {
  return BY_NAME.get(list) ?? records(list, labelOf(list), 'other', scopeKind, null);
}

/** Every list Aisle knows, the synced lists first in the order the sync plans them. */
export function knownLists(): readonly ListDef[] {
  return DEFS;
}

/** A list's name in main's English, as the sync page and notices give it; a list Aisle does not know, as the server names it. */
export function listLabel(list: string): string {
  return BY_NAME.get(list)?.label ?? list;
}

/** The table a list's records live in. */
export function tableOf(list: string): TableName {
  return BY_NAME.get(list)?.table ?? 'records';
}

function labelOf(list: string): string {
  const words = list.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A column key safe to put in a JSON path (`$."key"`): the data layer refuses any other. */
export const isSafeColumnKey = isSafeFieldKey;
