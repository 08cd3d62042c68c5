// A list's field map as the mirror keeps it: the decision (with its evidence) in `meta`, under
// `field_map:<list>`, committed with the data it was decided on; IT's overrides (field-map.json,
// field-map-file.ts) under `field_map_file`. The map in force is the decision with the overrides
// on top. Compiled once per dataset apply into the table's extractor.
import type { MirrorDb } from '../mirror/open-mirror.ts';
import { TABLES, type Extract, type References } from '../mirror/record-tables.ts';
import { normaliseCode } from '../mirror/open-mirror.ts';
import { discoverFieldMap, SAMPLE_SIZE, type FieldDecision } from './field-discovery.ts';
import { fieldRoles, getter, mapByAliases, presentFields, type FieldMap, type Json } from './field-map.ts';
import type { TableName } from './registry.ts';
import { text } from './values.ts';

const DECISION = 'field_map:';
export const OVERRIDES_KEY = 'field_map_file';

/** IT's overrides, per list then column: a field name, or null for "this list has none". */
export type Overrides = Record<string, Record<string, string | null>>;

function metaGet(db: MirrorDb, key: string): string | null {
  return (db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
}

function metaPut(db: MirrorDb, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

export function readDecision(db: MirrorDb, list: string): FieldDecision | null {
  const json = metaGet(db, DECISION + list);
  return json ? (JSON.parse(json) as FieldDecision) : null;
}

export function writeDecision(db: MirrorDb, list: string, decision: FieldDecision): void {
  metaPut(db, DECISION + list, JSON.stringify(decision));
}

/** Every list with a decision. */
export function decidedLists(db: MirrorDb): string[] {
  return db.prepare(`SELECT substr(key, ?) FROM meta WHERE key LIKE 'field\\_map:%' ESCAPE '\\' ORDER BY key`).pluck().all(DECISION.length + 1) as string[];
}

export function readOverrides(db: MirrorDb): Overrides {
  const json = metaGet(db, OVERRIDES_KEY);
  return json ? (JSON.parse(json) as Overrides) : {};
}

export function writeOverrides(db: MirrorDb, overrides: Overrides): void {
  metaPut(db, OVERRIDES_KEY, JSON.stringify(overrides));
}

/** The map in force: the decision, IT's overrides on top. */
export function mapInForce(decision: FieldDecision, overrides: Overrides, list: string): FieldMap {
  return { ...decision.fields, ...(overrides[list] ?? {}) };
}

/** A decision from the rows a list already has in the mirror (a mirror made before field maps). */
function decideFromStored(db: MirrorDb, list: string, table: TableName): FieldDecision | null {
  const raws = (
    table === 'records' ? db.prepare(`SELECT raw FROM records WHERE list = ? LIMIT ${SAMPLE_SIZE}`).pluck().all(list) : db.prepare(`SELECT raw FROM ${table} LIMIT ${SAMPLE_SIZE}`).pluck().all()
  ) as string[];
  return raws.length ? discoverFieldMap(db, list, table, raws.map((r) => JSON.parse(r) as Json)) : null;
}

/** References looked up in the mirror, each value once per apply. */
export function mirrorReferences(db: MirrorDb): References {
  const items = db.prepare('SELECT id FROM items WHERE sku = ? LIMIT 1').pluck();
  const locations = db.prepare('SELECT id, facility_id FROM locations WHERE code_norm = ?');
  const itemCache = new Map<string, string | null>();
  const locationCache = new Map<string, string | null>();
  return {
    itemIdBySku(sku) {
      let id = itemCache.get(sku);
      if (id === undefined) itemCache.set(sku, (id = (items.get(sku) as string | undefined) ?? null));
      return id;
    },
    locationIdByCode(code, facilityId) {
      const key = `${facilityId ?? ''}\n${code}`;
      let id = locationCache.get(key);
      if (id === undefined) {
        const found = locations.all(normaliseCode(code)) as { id: string; facility_id: string | null }[];
        id = (found.find((l) => l.facility_id === facilityId) ?? (facilityId === null ? found[0] : undefined))?.id ?? null;
        locationCache.set(key, id);
      }
      return id;
    },
  };
}

export interface CompiledMap {
  map: FieldMap;
  /** The record's id as text, or null when it has none. */
  id(record: Json): string | null;
  extract: Extract;
}

export function compileMap(db: MirrorDb, table: TableName, map: FieldMap): CompiledMap {
  const id = getter(map, 'id');
  return { map, id: (r) => text(id(r)) || null, extract: TABLES[table].compile(map, mirrorReferences(db)) };
}

/**
 * The field map of a dataset apply: the list's decision (made now from its stored rows when it has
 * some but no decision yet), or none yet (`compiled` null) when the list has no records: the apply
 * then decides from its first records (`decide`), which writes the decision in its transaction.
 */
export function openFieldMap(
  db: MirrorDb,
  list: string,
  table: TableName,
): { compiled: CompiledMap | null; decide(sample: readonly Json[]): CompiledMap; fieldByNames(record: Json, column: string): string | null } {
  const overrides = readOverrides(db);
  let decision = readDecision(db, list);
  if (!decision) {
    decision = decideFromStored(db, list, table);
    if (decision) writeDecision(db, list, decision);
  }
  return {
    compiled: decision ? compileMap(db, table, mapInForce(decision, overrides, list)) : null,
    /** A column's field in one record, by names alone (before the decision). */
    fieldByNames(record, column) {
      return { ...mapByAliases(fieldRoles(list, table), presentFields([record])), ...(overrides[list] ?? {}) }[column] ?? null;
    },
    decide(sample) {
      const made = discoverFieldMap(db, list, table, sample);
      writeDecision(db, list, made);
      return compileMap(db, table, mapInForce(made, overrides, list));
    },
  };
}

const REJECTED = 'rejected:';

/** Notes (in the apply's transaction) how many records of a dataset were not kept, and why the first was not. */
export function noteRejected(db: MirrorDb, datasetId: number, count: number, reason: string | null): void {
  if (count === 0) db.prepare('DELETE FROM meta WHERE key = ?').run(REJECTED + datasetId);
  else metaPut(db, REJECTED + datasetId, JSON.stringify({ count, reason }));
}

/** The datasets whose last answer had records not kept, by dataset id. */
export function readRejected(db: MirrorDb): Map<number, { count: number; reason: string | null }> {
  const rows = db.prepare(`SELECT key, value FROM meta WHERE key LIKE 'rejected:%'`).all() as { key: string; value: string }[];
  return new Map(rows.map((r) => [Number(r.key.slice(REJECTED.length)), JSON.parse(r.value) as { count: number; reason: string | null }]));
}
