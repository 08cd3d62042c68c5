// An item's or a location's label, from the mirror to the printer set in settings: read the record,
// write its ZPL, send it. Works offline (the printer is on the workstation's own network).
import { AisleError } from '../../contract/errors.ts';
import type { LabelPrinted, Settings } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import { itemLabel, locationLabel } from '../db/read/labels.ts';
import { sendToPrinter } from './label-printer.ts';
import { itemLabelZpl, locationLabelZpl } from './zpl.ts';

/** The label's ZPL for a record in the mirror; not_found when it is not there. */
export function labelZpl(db: ReadDb, record: { list: 'items' | 'locations'; id: string }, settings: Pick<Settings, 'labelSize'>, copies: number): string {
  if (record.list === 'items') {
    const item = itemLabel(db, record.id);
    if (!item) throw new AisleError('not_found', 'No such item in the offline data.');
    return itemLabelZpl(item, settings.labelSize, copies);
  }
  const location = locationLabel(db, record.id);
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
