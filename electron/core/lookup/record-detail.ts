// A record's full detail, unknown fields included, with the records related to it: an item's stock
// and history, a location's contents and history, an account's carriers, customers and channels;
// its facts by role and the records it names (record-roles.ts).
import { AisleError } from '../../contract/errors.ts';
import type { RecordDetail } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import { scopedRecords, storedRecord } from '../db/read/records.ts';
import { datasetAge, readDatasets } from './data-age.ts';
import { historyQuery } from './history.ts';
import { inventoryByItem, inventoryByLocation } from './inventory.ts';
import { listDef } from './list-registry.ts';
import { recordRoles } from './record-roles.ts';
import { toRow, type QueryOptions } from './lists.ts';

const RELATED_ROWS = 200;

type Related = RecordDetail['related'];

export function recordDetail(db: ReadDb, list: string, id: string, options: QueryOptions): RecordDetail {
  const def = listDef(list);
  const found = storedRecord(db, def.table, list, id);
  if (!found) throw new AisleError('not_found', `No such record in the offline data (${list}).`);
  const record = toRow(found);
  const roles = recordRoles(db, def, record, found);
  // an item or location by role (a server's own names, `itemNumber`, title it too); another list's
  // record by the field its list names it by, else the code and name its map extracted
  const byRole = def.table === 'items' ? (roles.name ?? roles.code) : def.table === 'locations' ? roles.code : null;
  const title = byRole ?? text(record[def.titleField]) ?? text(record[def.codeField]) ?? found.name ?? found.code ?? id;
  return {
    kind: def.kind,
    list,
    id,
    title,
    record,
    roles,
    related: related(db, list, id, options),
    age: datasetAge(readDatasets(db).get(found.datasetId), list, options.staleAfter, options.now ?? new Date()),
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}

function related(db: ReadDb, list: string, id: string, options: QueryOptions): Related {
  const out: Related = [];
  if (list === 'items') {
    out.push({ list: 'inventory', label: 'Stock', rows: inventoryByItem(db, { itemId: id }, options).rows.slice(0, RELATED_ROWS) as unknown as Record<string, unknown>[] });
    out.push({ list: 'history', label: 'History', rows: historyQuery(db, { itemId: id, limit: 50 }, options).events as unknown as Record<string, unknown>[] });
  } else if (list === 'locations') {
    out.push({ list: 'inventory', label: 'Contents', rows: inventoryByLocation(db, { locationId: id }, options).rows as unknown as Record<string, unknown>[] });
    out.push({ list: 'history', label: 'History', rows: historyQuery(db, { locationId: id, limit: 50 }, options).events as unknown as Record<string, unknown>[] });
  } else if (list === 'accounts') {
    for (const child of ['carriers', 'customers', 'channels']) {
      // each by its code and name, as the field map read them (a window never reads their fields by name)
      out.push({ list: child, label: listDef(child).label, rows: scopedRecords(db, child, id, RELATED_ROWS) });
    }
  }
  // the account a record names is one of its references (roles.references), found through the field map
  return out;
}
