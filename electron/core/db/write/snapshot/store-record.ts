// A parsed record into its table: extracted by the list's field map, then inserted, updated, or
// found unchanged. Records not kept are counted and the first reason noted.
import type { Json } from './plan.ts';
import { bulkTime, startBulk } from './bulk-load.ts';
import type { SnapshotState } from './state.ts';
import { namesFacility, otherFacility, unprovenFacility } from './facility-scope.ts';
import { askedFor, reject } from './not-kept.ts';
import { isSame, lookup, markSeen } from './stored-row.ts';
import type { StoredRow } from './types.ts';
import { itemsOfStockRows } from '../item-stock.ts';
import { codesOfStockRows } from '../stock-codes.ts';

/** Extracts and writes one parsed record (the stored row found by its leading id, when it was). */
export function storeRecord(s: SnapshotState, record: Json, hash: number, json: string, n: number, quickId: string | null, quick: StoredRow | undefined): void {
  const fields = s.fields!;
  const id = fields.id(record);
  if (!id) return reject(s, n, `has no id (the field map's id field is ${fields.map.id ? `\`${fields.map.id}\`` : 'none'})`);
  const values = fields.extract(record, s.extractScope);
  // the facility is the first column of stock and history: the record's own, else the dataset's
  if (s.ownFacility) {
    if (!s.ownFacility.has(values[0] as string)) throw otherFacility(s.scope, fields.map.facility_id ?? 'facility', String(values[0]));
    if (s.scope.recordsNameFacility && !namesFacility(s.plan, record, fields.map.facility_id ?? null)) throw unprovenFacility(s.scope, fields.map.facility_id ?? null);
  }
  if (s.partValues) askedFor(s, s.partColumn < 0 ? id : (values[s.partColumn] as string | null));
  if (bulkTime(s)) startBulk(s);
  if (s.previousRows === 0) {
    // nothing of this dataset to compare with: insert, and only look for the id when it is taken
    try {
      return insertRow(s, id, values, hash, json);
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
    }
  }
  // the element's stored row was found (or not) by its leading id already
  const existing = quickId === id ? quick : lookup(s, id);
  if (!existing) return insertRow(s, id, values, hash, json);
  markSeen(s, existing);
  if (isSame(s, existing, hash)) {
    s.unchanged++;
    return;
  }
  const { update, updateUnindexed, ftsInsert, ftsDelete, ftsCols, noteText } = s.statements;
  if (s.table.name === 'inventory') {
    s.stockItems.push(...itemsOfStockRows(s.db, [existing.rid]), values[s.table.columns.indexOf('item_id')] as string | null);
    s.stockCodes.push(...codesOfStockRows(s.db, [existing.rid]), values[s.table.columns.indexOf('lot')] as string | null, values[s.table.columns.indexOf('serial')] as string | null);
  }
  if (!updateUnindexed?.(existing.rid, s.datasetId, id, values, hash, json)) update.run(s.datasetId, id, ...values, hash, json, existing.rid);
  if (s.table.name === 'history') s.changedEvents.push(existing.rid);
  // a row after ftsAfter has no entry yet: it gets one, with these values, at the end
  if (ftsInsert && ftsDelete && (s.ftsAfter === null || existing.rid <= s.ftsAfter)) {
    ftsDelete.run(existing.rid);
    const text = ftsCols.map((i) => values[i]);
    ftsInsert.run(existing.rid, ...text);
    noteText?.run(...text);
  }
  s.updated++;
}

function insertRow(s: SnapshotState, id: string, values: unknown[], hash: number, json: string): void {
  const { insert, ftsInsert, ftsCols, noteText } = s.statements;
  s.lastRid = Number(insert.run(s.datasetId, id, ...values, hash, json).lastInsertRowid);
  if (s.ftsAfter === null && ftsInsert) {
    const text = ftsCols.map((i) => values[i]);
    ftsInsert.run(s.lastRid, ...text);
    noteText?.run(...text);
  }
  else if (s.builder?.started) s.builder.add(s.lastRid, values);
  s.inserted++;
}

/** Decides the list's field map from the records received so far, then applies them. */
export function decideWaiting(s: SnapshotState): void {
  s.fields = s.fieldMap.decide(s.waiting.map((w) => w.record));
  for (const w of s.waiting.splice(0)) storeRecord(s, w.record, w.hash, w.json, w.n, null, undefined);
}
