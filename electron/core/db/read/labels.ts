// What a label prints of an item or a location, read by id.
import type { ReadDb } from '../handles.ts';
import { stmt } from '../statements.ts';

/** What an item's label prints (labels/zpl.ts takes it as it is read here). */
export interface ItemLabel {
  sku: string;
  description: string | null;
  upc: string | null;
}

/** What a location's label prints: its barcode (else its code), facility and check digits. */
export interface LocationLabel {
  code: string;
  /** What a scanner reads off the label: the location's barcode, else its code. */
  barcode: string | null;
  facility: string | null;
  /** The digits a picker reads out to confirm the location (voice picking), when it has them. */
  checkDigits: string | null;
}

const ITEM = `SELECT sku, description, upc FROM items WHERE id = ?`;
const LOCATION = `SELECT x.code, x.barcode, (SELECT COALESCE(f.name, f.code) FROM records f WHERE f.list = 'facilities' AND f.id = x.facility_id LIMIT 1) AS facility,
  CAST(json_extract(x.raw, '$.check_digits') AS TEXT) AS checkDigits FROM locations x WHERE x.id = ?`;

export function itemLabel(db: ReadDb, id: string): ItemLabel | undefined {
  return stmt(db, ITEM).get(id) as ItemLabel | undefined;
}

export function locationLabel(db: ReadDb, id: string): LocationLabel | undefined {
  return stmt(db, LOCATION).get(id) as LocationLabel | undefined;
}
