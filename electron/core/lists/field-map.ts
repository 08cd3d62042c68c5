// Which field of a server's record fills which extracted column of the mirror: the field map. Its
// defaults are the demo server's names and the common aliases (camelCase, snake_case, ...), the
// first present in the records wins; field-discovery.ts then checks the choice against the
// values, and IT can override any column in field-map.json (field-map-file.ts). A map is decided
// once per dataset apply and compiled into the table's extractor (record-tables.ts): no name is
// looked up per record.
import type { TableName } from './registry.ts';

export type Json = Record<string, unknown>;

/** The server field chosen for each column (`id` included); null: the records have none. */
export type FieldMap = Record<string, string | null>;

export type ValueKind = 'text' | 'number' | 'flag' | 'instant';

export interface FieldRole {
  /** The mirror's column, and the key IT writes in field-map.json. */
  column: string;
  /** What it is, in words (the report). */
  label: string;
  kind: ValueKind;
  /** Field names tried in order, every spelling of each. */
  aliases: readonly string[];
  /** How discovery checks the values (field-discovery.ts). */
  check?: 'gs1' | 'code';
  /** The list whose ids the field holds. */
  refersTo?: 'accounts' | 'facilities' | 'items' | 'locations' | 'hazmat' | 'item-templates' | 'location-templates';
}

/** Every common spelling of a name given as words: `qty on hand` -> qty_on_hand, qtyOnHand, QtyOnHand, qtyonhand, QTY_ON_HAND. */
export function spellings(words: string): string[] {
  const parts = words.split(' ');
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const camel = parts[0] + parts.slice(1).map(cap).join('');
  return [...new Set([parts.join('_'), camel, cap(camel), parts.join(''), parts.join('_').toUpperCase()])];
}

const names = (...words: string[]) => words.flatMap(spellings);

const role = (column: string, label: string, kind: ValueKind, aliases: string[], extra: Partial<FieldRole> = {}): FieldRole => ({
  column,
  label,
  kind,
  aliases: names(...aliases),
  ...extra,
});

const SINGULAR: Record<string, string> = {
  items: 'item',
  locations: 'location',
  accounts: 'account',
  facilities: 'facility',
  customers: 'customer',
  carriers: 'carrier',
  channels: 'channel',
  users: 'user',
  history: 'event',
};

function singular(list: string): string {
  return SINGULAR[list] ?? list.replace(/-/g, ' ').replace(/ies$/, 'y').replace(/s$/, '');
}

/** The record's id: `id`, `_id` (MongoDB), `@id` (JSON-LD), `uuid`, `<list>Id`, ..., and a code as the last resort. */
function idRole(list: string): FieldRole {
  const one = singular(list);
  return role('id', 'id', 'text', ['id', '_id', '@id', 'uuid', 'guid', `${one} id`, `${list.replace(/-/g, ' ')} id`, `${one} uuid`, 'key', 'code']);
}

const modifiedOn = role('modified_on', 'modified time', 'instant', ['modifiedon', 'modified on', 'modified at', 'modified date', 'last modified', 'updated at', 'updated on', 'last updated']);
// a reference may be an object of its own (`item: {id, sku}`): its fields are named `item.id`, `item.sku`
const facility = role('facility_id', 'facility reference', 'text', ['facility id', 'facility uuid', 'facility', 'facility.id', 'warehouse.id'], { refersTo: 'facilities' });
const account = role('account_id', 'account reference', 'text', ['account id', 'account uuid', 'account', 'account.id', 'owner.id'], { refersTo: 'accounts' });
const itemRef = role('item_id', 'item reference', 'text', ['item id', 'item uuid', 'product id', 'item.id', 'item.uuid', 'product.id'], { refersTo: 'items' });
const locationRef = role('location_id', 'location reference', 'text', ['location id', 'location uuid', 'bin id', 'location.id', 'location.uuid', 'bin.id'], { refersTo: 'locations' });
const sku = role('sku', 'SKU', 'text', ['sku', 'item number', 'item code', 'item no', 'item num', 'part number', 'product code', 'article number', 'item.sku', 'item.item number', 'item.code', 'product.sku']);
const locationCode = role('location_code', 'location code', 'text', ['location code', 'location name', 'location', 'bin code', 'bin', 'location.code', 'location.name', 'bin.code']);
const lot = role('lot', 'lot', 'text', ['lot', 'lot number', 'lot no', 'lot code', 'batch', 'batch number', 'batch no']);
const uom = role('uom', 'unit of measure', 'text', ['uom', 'unit of measure', 'unit', 'uom code']);
const enabled = role('enabled', 'enabled', 'flag', ['enabled', 'active', 'is enabled', 'is active']);
// facts a page shows by their role, whatever the server calls them; no column of the mirror holds them
const template = (list: 'item-templates' | 'location-templates') =>
  role('template_id', 'template reference', 'text', ['template id', 'template uuid', 'template', 'template.id'], { refersTo: list });

const TABLE_ROLES: Record<Exclude<TableName, 'records'>, FieldRole[]> = {
  items: [
    account,
    { ...sku, check: 'code' },
    role('upc', 'UPC', 'text', ['upc', 'ean', 'upc code', 'ean code', 'ean13', 'upc a', 'barcode', 'bar code'], { check: 'gs1' }),
    role('gtin', 'GTIN', 'text', ['gtin', 'gtin14', 'gtin 14', 'case gtin'], { check: 'gs1' }),
    role('description', 'description', 'text', ['description', 'item description', 'desc', 'name', 'item name', 'title', 'product name']),
    uom,
    enabled,
    modifiedOn,
    role('pack_qty', 'pack quantity', 'number', ['pack qty', 'pack quantity', 'pack size', 'case qty', 'units per pack', 'inner pack qty']),
    role('weight', 'weight', 'number', ['weight', 'gross weight', 'weight kg', 'unit weight']),
    role('lot_tracked', 'lot tracking', 'flag', ['lot tracked', 'lot tracking', 'is lot tracked', 'lot controlled', 'batch tracked']),
    role('serial_tracked', 'serial tracking', 'flag', ['serial tracked', 'serial tracking', 'is serial tracked', 'serialized', 'serial controlled']),
    role('hazmat_id', 'hazmat reference', 'text', ['hazmat id', 'hazmat uuid', 'hazmat', 'hazmat.id', 'dangerous goods id'], { refersTo: 'hazmat' }),
    template('item-templates'),
  ],
  locations: [
    facility,
    role('code', 'location code', 'text', ['code', 'location code', 'location name', 'name', 'location', 'bin code'], { check: 'code' }),
    role('barcode', 'barcode', 'text', ['barcode', 'bar code', 'location barcode', 'scan code', 'label']),
    role('zone', 'zone', 'text', ['zone', 'zone id str', 'zone code', 'zone name', 'zone id']),
    role('type', 'type', 'text', ['type', 'location type', 'kind']),
    role('pickable', 'pickable', 'flag', ['pickable', 'is pickable', 'pick']),
    enabled,
    modifiedOn,
    role('check_digits', 'check digits', 'text', ['check digits', 'check digit', 'verification code', 'check code']),
    template('location-templates'),
  ],
  inventory: [
    facility,
    locationRef,
    locationCode,
    itemRef,
    account,
    sku,
    lot,
    role('serial', 'serial', 'text', ['serial', 'serial number', 'serial no', 'sn']),
    role('expiry', 'expiry', 'instant', ['expiry', 'expiry date', 'expiration date', 'expiration', 'expires', 'exp date', 'best before', 'use by']),
    uom,
    role('qty_on_hand', 'quantity on hand', 'number', ['qty on hand', 'quantity on hand', 'on hand', 'on hand qty', 'qty', 'quantity']),
    role('qty_allocated', 'quantity allocated', 'number', ['qty allocated', 'quantity allocated', 'allocated', 'allocated qty', 'qty reserved', 'reserved']),
    role('qty_available', 'quantity available', 'number', ['qty available', 'quantity available', 'available', 'available qty', 'qty avail']),
    role('status', 'status', 'text', ['status', 'inventory status', 'stock status', 'state']),
    modifiedOn,
  ],
  history: [
    facility,
    itemRef,
    sku,
    locationRef,
    locationCode,
    role('from_location_code', 'from location', 'text', ['from location code', 'from location', 'source location code', 'source location', 'from bin']),
    role('to_location_code', 'to location', 'text', ['to location code', 'to location', 'destination location code', 'destination location', 'target location', 'to bin']),
    role('type', 'event type', 'text', ['type', 'event type', 'transaction type', 'movement type', 'action']),
    role('qty', 'quantity', 'number', ['qty', 'quantity', 'qty change', 'delta', 'qty delta', 'amount']),
    role('qty_before', 'quantity before', 'number', ['qty before', 'quantity before', 'before', 'previous qty', 'old qty']),
    role('qty_after', 'quantity after', 'number', ['qty after', 'quantity after', 'after', 'new qty', 'resulting qty']),
    lot,
    role('user_email', 'user', 'text', ['user email', 'email', 'user', 'username', 'user name', 'created by', 'performed by']),
    role('reference', 'reference', 'text', ['reference', 'ref', 'reference number', 'order number', 'document number']),
    role('created_on', 'created time', 'instant', ['createdon', 'created on', 'created at', 'created', 'timestamp', 'event time', 'occurred at', 'date time', 'date']),
    modifiedOn,
  ],
};

/** What other lists are coded and named by, the list's own words first (`customer code`). */
function recordRoles(list: string): FieldRole[] {
  const one = singular(list);
  return [
    role('code', 'code', 'text', ['code', `${one} code`, 'accountid', 'ncode', 'sku', 'number', `${one} number`, 'un number', 'scac', 'alias', 'email', 'name'], { check: 'code' }),
    role('name', 'name', 'text', ['name', `${one} name`, 'description', 'proper shipping name', 'label', 'title', 'display name', 'full name']),
    modifiedOn,
  ];
}

/** The columns a list's field map decides, its id first. */
export function fieldRoles(list: string, table: TableName): FieldRole[] {
  return [idRole(list), ...(table === 'records' ? recordRoles(list) : TABLE_ROLES[table])];
}

/** The field of each column by name alone: for each, the first alias any of the records has. */
export function mapByAliases(roles: readonly FieldRole[], present: ReadonlySet<string>): FieldMap {
  const map: FieldMap = {};
  const taken = new Set<string>();
  for (const r of roles) {
    // a field fills one column: the first that names it (`id` before `code`, `sku` before `code`)
    const field = r.aliases.find((a) => present.has(a) && (!taken.has(a) || r.column === 'id')) ?? null;
    map[r.column] = field;
    if (field && r.column !== 'id') taken.add(field);
  }
  return map;
}

/** Java's Jackson writes a time as an array of its parts, `[2026, 11, 29, 10, 42, 5, 0]`: a value a time column holds. */
const isTimeParts = (value: unknown) => Array.isArray(value) && value.length >= 3 && value.length <= 7 && value.every((v) => typeof v === 'number');
const isScalar = (value: unknown) => (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean' || isTimeParts(value));
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The fields any of the records has with a value a column can hold: its own scalar fields, and
 * those of an object one level down as `object.field` (`item: {id, sku}` gives `item.id`, `item.sku`).
 */
export function presentFields(records: readonly Json[]): Set<string> {
  const present = new Set<string>();
  for (const record of records) {
    for (const [key, value] of Object.entries(record)) {
      if (isScalar(value)) present.add(key);
      else if (isObject(value)) for (const [inner, v] of Object.entries(value)) if (isScalar(v)) present.add(`${key}.${inner}`);
    }
  }
  return present;
}

/** Every field name a record carries (null values too), objects one level down as `object.field`. */
export function fieldNames(record: Json): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    names.push(key);
    if (isObject(value)) for (const inner of Object.keys(value)) names.push(`${key}.${inner}`);
  }
  return names;
}

/** A field's value in a record: its own field of that name, else `a.b` as field `b` of its object `a`. */
export function fieldValue(record: Json, field: string): unknown {
  const own = record[field];
  if (own !== undefined) return own;
  const dot = field.indexOf('.');
  if (dot <= 0) return undefined;
  const outer = record[field.slice(0, dot)];
  return isObject(outer) ? outer[field.slice(dot + 1)] : undefined;
}

const NONE = (): undefined => undefined;

/**
 * The getter of one column's field, made once per map. Each is a function of its own that reads
 * its field by name (`r["itemNumber"]`), so V8 caches that one property's place in the records'
 * shape as it does for code written with the name: one closure reading `record[field]` for every
 * field would share one lookup site, which sees every name and falls back to a dictionary lookup
 * per read (extraction of stock twice as slow).
 */
export function getter(map: FieldMap, column: string): (record: Json) => unknown {
  const field = map[column] ?? null;
  if (field === null) return NONE;
  // the name is written as a JSON string literal: any text a server or IT gives stays a name
  const dot = field.indexOf('.');
  if (dot <= 0) return new Function('r', `return r[${JSON.stringify(field)}];`) as (record: Json) => unknown;
  // `a.b`: the record's own field of that name, else field b of its object a
  const [outer, inner] = [JSON.stringify(field.slice(0, dot)), JSON.stringify(field.slice(dot + 1))];
  return new Function(
    'r',
    `const v = r[${JSON.stringify(field)}]; if (v !== undefined) return v; const o = r[${outer}]; return o !== null && typeof o === 'object' ? o[${inner}] : undefined;`,
  ) as (record: Json) => unknown;
}

/** The map the demo server's names give (tests, and a table read before any decision). */
export function demoMap(list: string, table: TableName): FieldMap {
  return mapByAliases(fieldRoles(list, table), new Set(fieldRoles(list, table).map((r) => r.aliases[0])));
}
