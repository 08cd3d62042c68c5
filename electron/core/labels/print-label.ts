// An item's or a location's label, from the mirror to the printer set in settings: read the record,
// write its ZPL, send it. Works offline (the printer is on the workstation's own network).
import { AisleError } from '../../contract/errors.ts';
import type { LabelPrinted, Settings } from '../../contract/types.ts';
import { stmt } from '../db/statements.ts';
import type { ReadDb } from '../db/connection.ts';
import { sendToPrinter } from './label-printer.ts';
import { itemLabelZpl, type ItemLabel, type LocationLabel, locationLabelZpl } from './zpl.ts';

const ITEM = `SELECT sku, description, upc FROM items WHERE id = ?`;
const LOCATION = `SELECT x.code, x.barcode, (SELECT COALESCE(f.name, f.code) FROM records f WHERE f.list = 'facilities' AND f.id = x.facility_id LIMIT 1) AS facility,
  CAST(json_extract(x.raw, '$.check_digits') AS TEXT) AS checkDigits FROM locations x WHERE x.id = ?`;

/** The label's ZPL for a record in the mirror; not_found when it is not there. */
export function labelZpl(db: ReadDb, record: { list: 'items' | 'locations'; id: string }, settings: Pick<Settings, 'labelSize'>, copies: number): string {
  if (record.list === 'items') {
    const item = stmt(db, ITEM).get(record.id) as ItemLabel | undefined;
    if (!item) throw new AisleError('not_found', 'No such item in the offline data.');
    return itemLabelZpl(item, settings.labelSize, copies);
  }
  const location = stmt(db, LOCATION).get(record.id) as LocationLabel | undefined;
  if (!location) throw new AisleError('not_found', 'No such location in the offline data.');
  return locationLabelZpl(location, settings.labelSize, copies);
}

export async function printLabel(
  db: ReadDb,
  record: { list: 'items' | 'locations'; id: string; copies: number },
  settings: Pick<Settings, 'labelPrinter' | 'labelSize'>,
): Promise<LabelPrinted> {
  if (!settings.labelPrinter) throw new AisleError('invalid_argument', 'No label printer is set: add its address in Settings.');
  const zpl = labelZpl(db, record, settings, record.copies);
  const bytes = await sendToPrinter(settings.labelPrinter, zpl);
  return { printer: settings.labelPrinter, copies: record.copies, bytes };
}
