// The other lists (accounts, customers, carriers, facilities, users…), kept in `records`: found by
// code exactly or by prefix within the lists present, or by words (code, name, other text).
import type { MirrorDb } from '../mirror/open-mirror.ts';
import { ftsQuery, type PrefixMode, placeholders, rowsByProbe, stmt } from './statements.ts';

export interface RecordRow {
  rid: number;
  datasetId: number;
  list: string;
  scopeId: string | null;
  id: string;
  code: string | null;
  name: string | null;
}

// Carriers have neither code nor name in the spec: their alias stands in for both.
const COLUMNS = `r.rid, r.dataset_id AS datasetId, r.list, r.scope_id AS scopeId, r.id,
  COALESCE(r.code, json_extract(r.raw, '$.alias')) AS code, COALESCE(r.name, json_extract(r.raw, '$.alias')) AS name`;
const BY_RID = `SELECT ${COLUMNS} FROM records r WHERE r.rid = ?`;

export function recordById(db: MirrorDb, list: string, id: string): (RecordRow & { raw: string }) | undefined {
  return stmt(db, `SELECT ${COLUMNS}, r.raw FROM records r WHERE r.list = ? AND r.id = ? LIMIT 1`).get(list, id) as (RecordRow & { raw: string }) | undefined;
}

/** Records of these lists whose code is `code` (case-insensitive). */
export function recordsByCode(db: MirrorDb, lists: readonly string[], code: string, limit = 20): RecordRow[] {
  if (lists.length === 0) return [];
  return rowsByProbe<RecordRow>(db, `SELECT rid FROM records WHERE list IN (${placeholders(lists.length)}) AND code = ? LIMIT ?`, BY_RID, ...lists, code, limit);
}

export function recordsByCodePrefix(db: MirrorDb, lists: readonly string[], prefix: string, limit: number): RecordRow[] {
  if (lists.length === 0) return [];
  return stmt(
    db,
    `SELECT ${COLUMNS} FROM records r WHERE r.list IN (${placeholders(lists.length)}) AND r.code >= ? AND r.code < ? LIMIT ?`,
  ).all(...lists, prefix, prefix + '\uffff', limit) as RecordRow[];
}

export function recordsByWords(db: MirrorDb, words: readonly string[], limit: number, mode: PrefixMode = 'last'): RecordRow[] {
  if (words.length === 0) return [];
  return stmt(
    db,
    `SELECT ${COLUMNS} FROM (SELECT rowid FROM records_fts WHERE records_fts MATCH ? LIMIT ?) f JOIN records r ON r.rid = f.rowid`,
  ).all(ftsQuery(words, mode), limit) as RecordRow[];
}

/** Users by e-mail (case-insensitive). The users list is small; its `code` is not always the e-mail. */
export function usersByEmail(db: MirrorDb, email: string, limit = 5): RecordRow[] {
  return stmt(db, `SELECT ${COLUMNS} FROM records r WHERE r.list = 'users' AND lower(json_extract(r.raw, '$.email')) = lower(?) LIMIT ?`).all(email, limit) as RecordRow[];
}
