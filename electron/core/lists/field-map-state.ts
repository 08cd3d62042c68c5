// A list's field map as the mirror keeps it: the decision (with its evidence) in `meta`, under
// `field_map:<list>`, committed with the data it was decided on; IT's overrides (field-map.json,
// field-map-file.ts) under `field_map_file`. The map in force is the decision with the overrides
// on top. Compiled once per dataset apply into the table's extractor.
import type { ReadDb, WriteDb } from '../db/handles.ts';
import { TABLES, type Extract, type References } from '../mirror/record-tables.ts';
import { normaliseCode } from '../shared/normalise-code.ts';
import { countUpTo, itemIdBySku, locationsByCodeNorm, sampleRaws } from '../db/read/list-rows.ts';
import { scopeIdsOfList } from '../db/read/datasets.ts';
import { getMeta, metaEntries } from '../db/read/meta.ts';
import { reextractRows } from '../db/write/list-rows.ts';
import { inOneWrite } from '../db/write/in-one-write.ts';
import { deleteMeta, putMeta } from '../db/write/meta.ts';
import { discoverFieldMap, SAMPLE_SIZE, type FieldDecision } from './field-discovery.ts';
import { watchFields } from './field-watch.ts';
import type { FieldWatch } from '../db/write/snapshot/plan.ts';
import { fieldRoles, getter, mapByAliases, presentFields, type FieldMap, type Json } from './field-map.ts';
import type { TableName } from './registry.ts';
import { text } from './values.ts';

const DECISION = 'field_map:';
export const OVERRIDES_KEY = 'field_map_file';

/** IT's overrides, per list then column: a field name, or null for "this list has none". */
export type Overrides = Record<string, Record<string, string | null>>;

export function readDecision(db: ReadDb, list: string): FieldDecision | null {
  const json = getMeta(db, DECISION + list);
  return json ? (JSON.parse(json) as FieldDecision) : null;
}

export function writeDecision(db: WriteDb, list: string, decision: FieldDecision): void {
  putMeta(db, DECISION + list, JSON.stringify(decision));
}

/**
 * Copies every list's decision from one mirror into another (`aisle probe`: its throw-away mirror
 * then maps fields as the workstation's does, so a field renamed since fails there as here).
 */
export function copyDecisions(from: ReadDb, to: WriteDb): number {
  const lists = decidedLists(from);
  inOneWrite(to, () => {
    for (const list of lists) writeDecision(to, list, readDecision(from, list)!);
  });
  return lists.length;
}

/** Every list with a decision. */
export function decidedLists(db: ReadDb): string[] {
  return [...metaEntries(db, DECISION).keys()].map((key) => key.slice(DECISION.length));
}

export function readOverrides(db: ReadDb): Overrides {
  const json = getMeta(db, OVERRIDES_KEY);
  return json ? (JSON.parse(json) as Overrides) : {};
}

export function writeOverrides(db: WriteDb, overrides: Overrides): void {
  putMeta(db, OVERRIDES_KEY, JSON.stringify(overrides));
}

/** The map in force: the decision, IT's overrides on top. */
export function mapInForce(decision: FieldDecision, overrides: Overrides, list: string): FieldMap {
  return { ...decision.fields, ...(overrides[list] ?? {}) };
}

/** A decision from the rows a list already has in the mirror (a mirror made before field maps). */
function decideFromStored(db: ReadDb, list: string, table: TableName): FieldDecision | null {
  const raws = sampleRaws(db, table, list, SAMPLE_SIZE);
  return raws.length ? discoverFieldMap(db, list, table, raws.map((r) => JSON.parse(r) as Json)) : null;
}

/** The list's rows, counted up to one more than a sample. */
function storedCount(db: ReadDb, list: string, table: TableName): number {
  return countUpTo(db, table, list, SAMPLE_SIZE + 1);
}

/** References looked up in the mirror, each value once per apply. */
export function mirrorReferences(db: ReadDb): References {
  const itemCache = new Map<string, string | null>();
  const locationCache = new Map<string, string | null>();
  return {
    itemIdBySku(sku) {
      let id = itemCache.get(sku);
      if (id === undefined) itemCache.set(sku, (id = itemIdBySku(db, sku)));
      return id;
    },
    locationIdByCode(code, facilityId) {
      const key = `${facilityId ?? ''}\n${code}`;
      let id = locationCache.get(key);
      if (id === undefined) {
        const found = locationsByCodeNorm(db, normaliseCode(code));
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

export function compileMap(db: ReadDb, table: TableName, map: FieldMap): CompiledMap {
  const id = getter(map, 'id');
  return { map, id: (r) => text(id(r)) || null, extract: TABLES[table].compile(map, mirrorReferences(db)) };
}

/**
 * The field map of a dataset apply: the list's decision (made now from its stored rows when it has
 * some but no decision yet), or none yet (`compiled` null) when the list has no records: the apply
 * then decides from its first records (`decide`), which writes the decision in its transaction.
 */
export function openFieldMap(
  db: WriteDb,
  list: string,
  table: TableName,
): {
  compiled: CompiledMap | null;
  /** Watches the answer for the fields the map reads records by (field-watch.ts); null before a decision. */
  watch: FieldWatch | null;
  decide(sample: readonly Json[]): CompiledMap;
  fieldByNames(record: Json, column: string): string | null;
} {
  const overrides = readOverrides(db);
  const relearn = relearnAsked(db, list);
  let decision = relearn ? null : readDecision(db, list);
  // decided on fewer records than a sample (a list that was small), and it has grown: decided again
  // on its rows, re-extracted if that changes the map (a field absent from its few first records)
  const grown = decision !== null && decision.sample < SAMPLE_SIZE && storedCount(db, list, table) > decision.sample;
  if (!relearn && (!decision || grown)) {
    const before = decision;
    decision = decideFromStored(db, list, table) ?? decision;
    if (decision && decision !== before) {
      writeDecision(db, list, decision);
      if (before && JSON.stringify(mapInForce(before, overrides, list)) !== JSON.stringify(mapInForce(decision, overrides, list))) reextract(db, list, table, overrides);
    }
  }
  const inForce = decision ? mapInForce(decision, overrides, list) : null;
  return {
    compiled: decision ? compileMap(db, table, inForce!) : null,
    watch: decision ? watchFields(decision, inForce!, list, table) : null,
    /** A column's field in one record, by names alone (before the decision). */
    fieldByNames(record, column) {
      return { ...mapByAliases(fieldRoles(list, table), presentFields([record])), ...(overrides[list] ?? {}) }[column] ?? null;
    },
    decide(sample) {
      const made = discoverFieldMap(db, list, table, sample);
      writeDecision(db, list, made);
      if (relearn) {
        // the rows kept were extracted with the old map: they are read with the new one
        deleteMeta(db, RELEARN + list);
        reextract(db, list, table, overrides);
      }
      return compileMap(db, table, mapInForce(made, overrides, list));
    },
  };
}

/**
 * Extracts a list's columns again from its rows' raw JSON with its map in force, writing only the
 * rows whose columns change (and their full-text entries). Call in a write transaction.
 */
export function reextract(db: WriteDb, list: string, table: TableName, overrides: Overrides): number {
  const decision = readDecision(db, list);
  if (!decision) return 0;
  const { extract } = compileMap(db, table, mapInForce(decision, overrides, list));
  const scopes = scopeIdsOfList(db, list);
  return reextractRows(db, table, list, (raw, datasetId) =>
    extract(JSON.parse(raw) as Record<string, unknown>, { list, scopeId: scopes.get(datasetId) ?? null }),
  );
}

const RELEARN = 'field_map_relearn:';

/**
 * IT's explicit re-map of a list: its decision is dropped, and the list's next answer decides it
 * again from its own records (not from the rows kept, which carry the old names); the rows kept
 * are then extracted again with the new map. Call on the writer connection.
 */
export function relearnFieldMap(db: WriteDb, list: string, at = new Date().toISOString()): void {
  inOneWrite(db, () => {
    deleteMeta(db, DECISION + list);
    putMeta(db, RELEARN + list, at);
  });
}

function relearnAsked(db: ReadDb, list: string): boolean {
  return getMeta(db, RELEARN + list) !== null;
}
