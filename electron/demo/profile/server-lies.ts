// Servers that change or bend their answers, for tests that a client holds instead of concluding
// what it cannot prove: a field renamed between rounds, barcodes with bad check digits beside a
// free-text field of valid-looking GTINs, references nested as objects, a profile that names its
// facilities by code, and a stock endpoint that ignores the facility asked for. Each is off unless
// a profile (or a test, between rounds: DemoServer.setLies) turns it on; applied after the
// profile's own shape, so they combine with any field case.
import { withCheckDigit } from '../data/gs1.ts';

export interface ServerLies {
  /** Items and stock carry the SKU as `itemNumber` instead of `sku` (a server renamed the field). */
  renameSku: boolean;
  /** About one item in five has a UPC whose check digit is wrong, and every item a free-text `altCode` that is a valid GTIN (another one). */
  badUpcs: boolean;
  /** Stock and history name their item and location as objects: `item: {id, sku}`, `location: {id, code}`. */
  nestedRefs: boolean;
  /** The user profile names its facilities by their codes alone. */
  facilitiesByCode: boolean;
  /** POST /inv/query answers every facility's stock whatever facility it is asked for. */
  inventoryIgnoresFacility: boolean;
}

type Json = Record<string, unknown>;

/** The first of these keys the record has (a profile may spell a field in camelCase or by an alias). */
const keyOf = (record: Json, ...keys: string[]) => keys.find((k) => Object.hasOwn(record, k));

/** The record with one key renamed in its place. */
function renamed(record: Json, from: string, to: string): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(record)) out[key === from ? to : key] = value;
  return out;
}

function badCheckDigit(code: string): string {
  return code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);
}

/** A valid GTIN-13 beside a code: its body plus one, with its own check digit. */
function nextGtin(code: string): string {
  const body = String(BigInt(code.slice(0, 12).padStart(12, '0')) + 1n).padStart(12, '0').slice(-12);
  return withCheckDigit(body);
}

/** A stable one-in-five choice by the record's id. */
function oneInFive(id: unknown): boolean {
  let sum = 0;
  for (const c of String(id)) sum = (sum * 31 + c.charCodeAt(0)) % 1_000_003;
  return sum % 5 === 0;
}

function nest(record: Json, name: string, idKeys: string[], codeKeys: string[], codeName: string): Json {
  const idKey = keyOf(record, ...idKeys);
  const codeKey = keyOf(record, ...codeKeys);
  if (idKey === undefined && codeKey === undefined) return record;
  const out: Json = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === idKey || key === codeKey) {
      if (!Object.hasOwn(out, name)) out[name] = { id: idKey === undefined ? null : record[idKey], [codeName]: codeKey === undefined ? null : record[codeKey] };
    } else out[key] = value;
  }
  return out;
}

/** The lies' transform of one list's records, or null when none touches that list. */
export function liesShape(lies: Partial<ServerLies>, list: string): ((record: Json) => Json) | null {
  const steps: ((r: Json) => Json)[] = [];
  const stockOrHistory = list === 'inventory' || list === 'history';
  if (lies.renameSku && (list === 'items' || stockOrHistory)) {
    steps.push((r) => {
      const key = keyOf(r, 'sku');
      return key ? renamed(r, key, 'itemNumber') : r;
    });
  }
  if (lies.badUpcs && list === 'items') {
    steps.push((r) => {
      const key = keyOf(r, 'upc', 'ean');
      const upc = key ? r[key] : null;
      if (!key || typeof upc !== 'string' || !/^\d{12,14}$/.test(upc)) return r;
      return { ...r, [key]: oneInFive(r.id) ? badCheckDigit(upc) : upc, altCode: nextGtin(upc) };
    });
  }
  if (lies.nestedRefs && stockOrHistory) {
    steps.push((r) => nest(nest(r, 'item', ['item_id', 'itemId'], ['sku', 'itemNumber'], 'sku'), 'location', ['location_id', 'locationId'], ['location_code', 'locationCode'], 'code'));
  }
  if (steps.length === 0) return null;
  return (record) => steps.reduce((r, step) => step(r), record);
}
