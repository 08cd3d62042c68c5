// How each list's records land in the mirror: which table, which columns are extracted, what is
// searchable. The raw record is always kept whole; extraction never requires more than an id.
// Which server field fills a column is the field map's (lists/field-map.ts): a table compiles a
// map into its extractor once per dataset apply.
import { demoMap, getter, type FieldMap, type Json } from '../lists/field-map.ts';
import { TABLE_SHAPES, type TableName, type TableShape } from '../db/tables.ts';
import { AisleError } from '../../contract/errors.ts';
import { flag, instantText, NotAnInstant, num, text } from '../lists/values.ts';
import { normaliseCode } from '../shared/normalise-code.ts';
import { naturalSortKeyOf } from '../shared/sort-key.ts';

export type { TableName } from '../db/tables.ts';

export interface Scope {
  list: string;
  scopeId: string | null;
}

/** The extracted columns of one record, in the table's `columns` order. */
export type Extract = (record: Json, scope: Scope) => unknown[];

/**
 * A record's references its server does not send as ids, found from what it does send: its item
 * by SKU, its location by code (within its facility). Null when not found.
 */
export interface References {
  itemIdBySku(sku: string): string | null;
  locationIdByCode(code: string, facilityId: string | null): string | null;
}

const NO_REFERENCES: References = { itemIdBySku: () => null, locationIdByCode: () => null };

/** A table's shape (db/tables.ts) with the extractors that fill its columns from a list's records. */
export interface RecordTable extends TableShape {
  /** The extractor of a field map (made once per dataset apply, then called per record). */
  compile(map: FieldMap, references?: References): Extract;
  /** The extractor of the demo server's field names. */
  extract: Extract;
}

const NAME_FALLBACK = ['firstname', 'lastname'];

function searchText(record: Json, idField: string | null): string | null {
  const words: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (key === idField || SKIP_TEXT.has(key) || typeof value !== 'string' || value === '') continue;
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) continue; // ids are not words
    words.push(value);
  }
  return words.length ? words.join(' ') : null;
}
const SKIP_TEXT = new Set(['id', 'modifiedon', 'createdon', 'raw']);

/** The columns that hold a time: read by instantText, whatever form the server wrote. */
const TIME_COLUMNS = new Set(['modified_on', 'created_on', 'expiry']);

/** The getters of a map's columns, by column; a time column's gives the mirror's form of its time. */
function fieldsOf(map: FieldMap, columns: readonly string[]): Record<string, (r: Json) => unknown> {
  return Object.fromEntries(columns.map((c) => [c, TIME_COLUMNS.has(c) ? timeField(map, c) : getter(map, c)]));
}

/**
 * A time column's getter. A value that is not a time fails the whole reading in words (which field,
 * what it held): kept as text it would sort before every date, and a log's window would drop it.
 */
function timeField(map: FieldMap, column: string): (r: Json) => string | null {
  const get = getter(map, column);
  return (r) => {
    try {
      return instantText(get(r));
    } catch (error) {
      if (!(error instanceof NotAnInstant)) throw error;
      throw new AisleError(
        'bad_response',
        `the field \`${map[column]}\` (read as ${column}) holds ${error.shown}, which is not a time Aisle can read (ISO 8601, epoch seconds or milliseconds, /Date(ms)/ or a [y, m, d, ...] array); nothing of this reading was applied, the mirror keeps what it had.`,
      );
    }
  };
}

/** A reference: its field's value, else (no field for it) what `resolve` finds. */
function reference(map: FieldMap, column: string, resolve: (r: Json) => string | null): (r: Json) => string | null {
  const get = getter(map, column);
  return map[column] ? (r) => text(get(r)) : resolve;
}

function table(name: TableName, compile: RecordTable['compile']): RecordTable {
  return { ...TABLE_SHAPES[name], compile, extract: compile(demoMap(name, name)) };
}

export const TABLES: Record<TableName, RecordTable> = {
  items: table('items', (map) => {
    const f = fieldsOf(map, ['account_id', 'sku', 'upc', 'gtin', 'description', 'uom', 'enabled', 'modified_on']);
    const [account, sku, upc, gtin, description, uom, enabled, modified] = [f.account_id, f.sku, f.upc, f.gtin, f.description, f.uom, f.enabled, f.modified_on];
    return (r, scope) => [text(account(r)) ?? scope.scopeId, text(sku(r)), text(upc(r)), text(gtin(r)), text(description(r)), text(uom(r)), flag(enabled(r)), modified(r)];
  }),
  locations: table('locations', (map) => {
      const f = fieldsOf(map, ['facility_id', 'code', 'barcode', 'zone', 'type', 'pickable', 'enabled', 'modified_on']);
      const [facility, codeOf, barcode, zone, type, pickable, enabled, modified] = [f.facility_id, f.code, f.barcode, f.zone, f.type, f.pickable, f.enabled, f.modified_on];
      return (r, scope) => {
        const code = text(codeOf(r));
        return [text(facility(r)) ?? scope.scopeId, code, normaliseCode(code), naturalSortKeyOf(code), text(barcode(r)), text(zone(r)), text(type(r)), flag(pickable(r)), flag(enabled(r)), modified(r)];
      };
    },
  ),
  inventory: table('inventory', (map, references = NO_REFERENCES) => {
      const f = fieldsOf(map, ['account_id', 'sku', 'lot', 'serial', 'expiry', 'uom', 'qty_on_hand', 'qty_allocated', 'qty_available', 'status', 'modified_on']);
      const [account, sku, lot, serial, expiry, uom, onHand, allocated, available, status, modified] = [
        f.account_id, f.sku, f.lot, f.serial, f.expiry, f.uom, f.qty_on_hand, f.qty_allocated, f.qty_available, f.status, f.modified_on,
      ];
      const placeOf = place(map, references);
      return (r, scope) => {
        const at = placeOf(r, scope);
        return [
          at.facilityId,
          at.locationId,
          at.code,
          naturalSortKeyOf(at.code),
          at.itemId,
          text(account(r)),
          text(sku(r)),
          text(lot(r)),
          text(serial(r)),
          expiry(r),
          text(uom(r)),
          num(onHand(r)),
          num(allocated(r)),
          num(available(r)),
          text(status(r)),
          modified(r),
        ];
      };
    },
  ),
  history: table('history', (map, references = NO_REFERENCES) => {
      const f = fieldsOf(map, ['sku', 'from_location_code', 'to_location_code', 'type', 'qty', 'qty_before', 'qty_after', 'lot', 'user_email', 'reference', 'created_on', 'modified_on']);
      const [sku, from, to, type, qty, before, after, lot, user, ref, created, modified] = [
        f.sku, f.from_location_code, f.to_location_code, f.type, f.qty, f.qty_before, f.qty_after, f.lot, f.user_email, f.reference, f.created_on, f.modified_on,
      ];
      const placeOf = place(map, references);
      return (r, scope) => {
        const at = placeOf(r, scope);
        return [
          at.facilityId,
          at.itemId,
          text(sku(r)),
          at.locationId,
          at.code,
          text(from(r)),
          text(to(r)),
          text(type(r)),
          num(qty(r)),
          num(before(r)),
          num(after(r)),
          text(lot(r)),
          text(user(r)),
          text(ref(r)),
          // compared as text (the window, the newest kept, the stock's mark): in UTC, one form
          created(r),
          modified(r),
        ];
      };
    },
  ),
  records: table('records', (map) => {
    const f = fieldsOf(map, ['code', 'name', 'modified_on']);
    const [codeOf, nameOf, modified] = [f.code, f.name, f.modified_on];
    const idField = map.id ?? null;
    const name = (r: Json): string | null => {
      const named = text(nameOf(r));
      if (named) return named;
      const parts = NAME_FALLBACK.map((k) => text(r[k])).filter((v): v is string => !!v);
      return parts.length ? parts.join(' ') : text(r.email);
    };
    return (r, scope) => {
      const code = text(codeOf(r));
      return [scope.list, scope.scopeId, code, naturalSortKeyOf(code), name(r), searchText(r, idField), modified(r)];
    };
  }),
};

/** Where a stock or history record stands: its facility, its location (code and id) and its item. */
interface Place {
  facilityId: string | null;
  code: string | null;
  locationId: string | null;
  itemId: string | null;
}

/**
 * A stock or history record's place, by the map: its facility field, else the dataset's scope; its
 * item and location ids, else the ones its SKU and location code name.
 */
function place(map: FieldMap, references: References): (r: Json, scope: Scope) => Place {
  const [facility, locationCode, sku] = [getter(map, 'facility_id'), getter(map, 'location_code'), getter(map, 'sku')];
  const itemId = reference(map, 'item_id', (r) => bySku(references, sku(r)));
  const locationId = locationReference(map, references);
  return (r, scope) => {
    const facilityId = text(facility(r)) ?? scope.scopeId;
    const code = text(locationCode(r));
    return { facilityId, code, locationId: locationId(r, code, facilityId), itemId: itemId(r) };
  };
}

function bySku(references: References, value: unknown): string | null {
  const sku = text(value);
  return sku === null ? null : references.itemIdBySku(sku);
}

/** A record's location: its location id field, else (none) its location code's location in its facility. */
function locationReference(map: FieldMap, references: References): (r: Json, code: string | null, facilityId: string | null) => string | null {
  const get = getter(map, 'location_id');
  if (map.location_id) return (r) => text(get(r));
  return (_r, code, facilityId) => (code === null ? null : references.locationIdByCode(code, facilityId));
}
