// field-map.json in the data folder: IT's overrides of the field map, per list and column, e.g.
// `{ "items": { "sku": "itemNo", "upc": "eanCode" }, "history": { "created_on": "eventTime" } }`
// (null: the list has no such field). Read by every host through the core; the sync applies it
// before each round (the mirror keeps what was applied), re-extracting the columns it changes from
// the records kept raw, without a download. A file that cannot be used is a warning in words, never
// a failure: the defaults then apply (for a bad entry: to that entry). The machine policy may carry
// a field map of the same form (`fieldMap`): the lists it maps are its, whatever the file says.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { AisleError } from '../../contract/errors.ts';
import path from 'node:path';
import type { ReadDb, WriteDb } from '../db/handles.ts';
import type { MachinePolicy } from '../settings/machine-policy.ts';
import { getMeta } from '../db/read/meta.ts';
import { inOneWrite } from '../db/write/in-one-write.ts';
import { deleteMeta, putMeta } from '../db/write/meta.ts';
import { fieldRoles } from './field-map.ts';
import { decidedLists, mapInForce, readDecision, readOverrides, reextract, writeOverrides, type Overrides } from './field-map-state.ts';
import { listDef, type TableName } from './registry.ts';

export const FIELD_MAP_FILE = 'field-map.json';
const WARNING_KEY = 'field_map_file_warning';

export interface FieldMapFile {
  path: string;
  /** absent: no file; read: used (perhaps with warnings); invalid: not usable at all. */
  state: 'absent' | 'read' | 'invalid';
  overrides: Overrides;
  /** What was wrong with it, in words; null when nothing. */
  warning: string | null;
}

export function fieldMapFilePath(dataDir: string): string {
  return path.join(dataDir, FIELD_MAP_FILE);
}

/** The data folder of a mirror file (`<data>/mirrors/<hash>.sqlite`). */
export function dataDirOfMirror(mirrorFile: string): string {
  return path.dirname(path.dirname(mirrorFile));
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Names that would reach an object's prototype where a list or column name is used as a key. */
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** Far more than any field map needs; a bigger file is not one. */
const MAX_FILE_BYTES = 1024 * 1024;

class NotARegularFile extends Error {}

/**
 * The file's text, read only when it is a regular file (through a symlink too): opened without
 * blocking (a FIFO with no writer would hold the core's thread for ever) and checked on the open
 * descriptor itself (a device such as /dev/zero never ends). Throws ENOENT when there is none.
 */
function readRegularFile(file: string): string {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new NotARegularFile();
    if (stat.size > MAX_FILE_BYTES) throw new Error(`it holds ${stat.size} bytes, more than a field map's ${MAX_FILE_BYTES}`);
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

export function readFieldMapFile(file: string): FieldMapFile {
  let source: string;
  try {
    source = readRegularFile(file);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return { path: file, state: 'absent', overrides: {}, warning: null };
    if (error instanceof NotARegularFile) {
      return { path: file, state: 'invalid', overrides: {}, warning: `${file} is not a regular file (a pipe, a device or a link to one); the default field map applies.` };
    }
    return { path: file, state: 'invalid', overrides: {}, warning: `${file} could not be read (${(error as Error).message}); the default field map applies.` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(source.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { path: file, state: 'invalid', overrides: {}, warning: `${file} is not valid JSON (${(error as Error).message}); the default field map applies.` };
  }
  if (!isObject(parsed)) {
    return { path: file, state: 'invalid', overrides: {}, warning: `${file} must hold one JSON object of lists, e.g. { "items": { "sku": "itemNumber" } }; the default field map applies.` };
  }
  const { overrides, problems } = checkFieldMap(parsed);
  const warning = problems.length ? `${file}: ${problems.join('; ')}. Those entries are ignored; the rest applies.` : null;
  return { path: file, state: 'read', overrides, warning };
}

/** The entries of a field map (the file's, or the machine policy's): those that can be used, and what is wrong with the others. */
export function checkFieldMap(map: Record<string, unknown>): { overrides: Overrides; problems: string[] } {
  const problems: string[] = [];
  const overrides: Overrides = {};
  for (const [list, columns] of Object.entries(map)) {
    if (list.startsWith('$') || list.startsWith('//')) continue; // comments
    if (PROTOTYPE_NAMES.has(list)) {
      problems.push(`"${list}" is not a list name`);
      continue;
    }
    if (!isObject(columns)) {
      problems.push(`"${list}" must be an object of columns and field names`);
      continue;
    }
    const known = fieldRoles(list, listDef(list).table).map((r) => r.column);
    for (const [column, field] of Object.entries(columns)) {
      if (column.startsWith('$') || column.startsWith('//')) continue;
      if (PROTOTYPE_NAMES.has(column)) problems.push(`${list}: "${column}" is not a column name`);
      else if (!known.includes(column)) problems.push(`${list} has no column "${column}" (its columns: ${known.join(', ')})`);
      else if (field !== null && (typeof field !== 'string' || field === '')) problems.push(`${list}.${column} must be a field name or null, not ${JSON.stringify(field)}`);
      // own properties, defined: never an assignment through a prototype's setter
      else Object.defineProperty((overrides[list] ??= {}), column, { value: field, enumerable: true, writable: true, configurable: true });
    }
  }
  return { overrides, problems };
}

/** The machine policy's field map, as the sync task and the reports carry it. */
export interface PolicyFieldMap {
  /** The policy file it was deployed in. */
  file: string;
  map: Record<string, unknown>;
}

/** The policy's field map as the sync and the field map report take it; null without one. */
export function policyFieldMap(policy: MachinePolicy | null | undefined): PolicyFieldMap | null {
  return policy?.fieldMap ? { file: policy.file, map: policy.fieldMap } : null;
}

export interface FieldMapInForce {
  file: FieldMapFile;
  /** The lists the policy maps: each is the policy's whole, the file's entries for it do not apply. */
  policyLists: string[];
  overrides: Overrides;
  /** What was wrong with the file or the policy's map, in words; null when nothing. */
  warning: string | null;
}

/**
 * The overrides in force: the data folder's file, with each list the policy maps replaced by the
 * policy's (IT's machine-wide word wins; the file's other lists still apply).
 */
export function readFieldMapInForce(file: string, policy: PolicyFieldMap | null | undefined): FieldMapInForce {
  const read = readFieldMapFile(file);
  if (!policy) return { file: read, policyLists: [], overrides: read.overrides, warning: read.warning };
  const checked = checkFieldMap(policy.map);
  const overrides: Overrides = {};
  for (const source of [read.overrides, checked.overrides]) {
    for (const [list, columns] of Object.entries(source)) Object.defineProperty(overrides, list, { value: columns, enumerable: true, writable: true, configurable: true });
  }
  const policyWarning = checked.problems.length ? `${policy.file}: fieldMap: ${checked.problems.join('; ')}. Those entries are ignored; the rest applies.` : null;
  return { file: read, policyLists: Object.keys(checked.overrides), overrides, warning: [read.warning, policyWarning].filter(Boolean).join(' ') || null };
}

/** The warning of the file last applied to this mirror, if any. */
export function appliedFileWarning(db: ReadDb): string | null {
  return getMeta(db, WARNING_KEY);
}

/**
 * Applies the file (and the policy's field map) to the mirror (on the writer connection): stores its overrides and re-extracts
 * every list whose map in force they change, one transaction per table. Returns the lists
 * re-extracted and the file's warning.
 */
export function applyFieldMapFile(db: WriteDb, file: string, policy?: PolicyFieldMap | null): { reextracted: string[]; warning: string | null } {
  const read = readFieldMapInForce(file, policy);
  const before = readOverrides(db);
  const same = JSON.stringify(before) === JSON.stringify(read.overrides);
  const reextracted: string[] = [];
  const refused: string[] = [];
  if (!same) {
    const lists = decidedLists(db).filter((list) => {
      const decision = readDecision(db, list)!;
      return JSON.stringify(mapInForce(decision, before, list)) !== JSON.stringify(mapInForce(decision, read.overrides, list));
    });
    const byTable = new Map<TableName, string[]>();
    for (const list of lists) byTable.set(listDef(list).table, [...(byTable.get(listDef(list).table) ?? []), list]);
    for (const [table, tableLists] of byTable) {
      try {
        inOneWrite(db, () => {
          for (const list of tableLists) reextract(db, list, table, read.overrides);
        });
        reextracted.push(...tableLists);
      } catch (error) {
        // a field the file names holds what its column cannot take (text where a time goes): said
        // in words, those lists keep their rows as last read, and the other lists go on
        if (!(error instanceof AisleError)) throw error;
        refused.push(`${tableLists.join(', ')}: ${error.message}`);
      }
    }
  }
  if (refused.length) read.warning = [read.warning, `${policy ? `${read.file.path} and ${policy.file}` : read.file.path}: ${refused.join(' ')}`].filter(Boolean).join(' ');
  // Every round applies the file: one that changed nothing writes nothing (a write would cost each
  // round a transaction, and its WAL pages a checkpoint).
  if (same && appliedFileWarning(db) === read.warning) return { reextracted, warning: read.warning };
  inOneWrite(db, () => {
    writeOverrides(db, read.overrides);
    if (read.warning) putMeta(db, WARNING_KEY, read.warning);
    else deleteMeta(db, WARNING_KEY);
  });
  return { reextracted, warning: read.warning };
}
