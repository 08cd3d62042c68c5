// Locations in the mirror: found by code however it is typed (through `code_norm`), by barcode,
// by code prefix, or by words (code, barcode, zone).
import type { MirrorDb } from '../mirror/open-mirror.ts';
import { ftsQuery, type PrefixMode, rowsByProbe, stmt } from './statements.ts';

export interface LocationRow {
  rid: number;
  datasetId: number;
  id: string;
  facilityId: string | null;
  code: string | null;
  barcode: string | null;
  zone: string | null;
  type: string | null;
}

const COLUMNS = `l.rid, l.dataset_id AS datasetId, l.id, l.facility_id AS facilityId, l.code, l.barcode, l.zone, l.type`;
const BY_RID = `SELECT ${COLUMNS} FROM locations l WHERE l.rid = ?`;

export function locationById(db: MirrorDb, id: string): LocationRow | undefined {
  return stmt(db, `SELECT ${COLUMNS} FROM locations l WHERE l.id = ?`).get(id) as LocationRow | undefined;
}

/** Locations whose code has this key (codeKey: `A03 02B` and `a-03-02-b` both give `A0302B`). */
export function locationsByCodeKey(db: MirrorDb, key: string, limit = 20): LocationRow[] {
  return rowsByProbe<LocationRow>(db, `SELECT rid FROM locations WHERE code_norm = ? LIMIT ?`, BY_RID, key, limit);
}

export function locationsByBarcode(db: MirrorDb, barcode: string, limit = 20): LocationRow[] {
  return rowsByProbe<LocationRow>(db, `SELECT rid FROM locations WHERE barcode = ? LIMIT ?`, BY_RID, barcode, limit);
}

export function locationsByCodePrefix(db: MirrorDb, keyPrefix: string, limit: number): LocationRow[] {
  return stmt(db, `SELECT ${COLUMNS} FROM locations l WHERE l.code_norm >= ? AND l.code_norm < ? ORDER BY l.code_norm LIMIT ?`).all(
    keyPrefix,
    keyPrefix + '\uffff',
    limit,
  ) as LocationRow[];
}

export function locationsByWords(db: MirrorDb, words: readonly string[], limit: number, mode: PrefixMode = 'last'): LocationRow[] {
  if (words.length === 0) return [];
  return stmt(
    db,
    `SELECT ${COLUMNS} FROM (SELECT rowid FROM locations_fts WHERE locations_fts MATCH ? LIMIT ?) f JOIN locations l ON l.rid = f.rowid`,
  ).all(ftsQuery(words, mode), limit) as LocationRow[];
}
