// Checks a field map against the records' values, once per decision, on a sample of records: a
// field of 8/12/13/14 digits whose GS1 check digit holds is a UPC or GTIN; a field holding another
// list's ids is a reference to it; a field unique across the sample that looks like a code is the
// code. Each column's choice is written down with its evidence, in words, for IT.
import { GTIN_LENGTHS, hasValidCheckDigit } from '../shared/gs1/gs1.ts';
import type { ReadDb } from '../db/handles.ts';
import { countKnownIds, hasAnyRow } from '../db/read/list-rows.ts';
import { fieldNames, fieldRoles, fieldValue, mapByAliases, presentFields, type FieldMap, type FieldRole, type Json } from './field-map.ts';
import type { TableName } from './registry.ts';
import { text } from './values.ts';

/** Records a decision reads: enough to judge values, few enough to cost nothing beside the apply. */
export const SAMPLE_SIZE = 200;
/** A field whose values pass a check this often passes it (a few blanks or odd records allowed). */
const PASS_SHARE = 0.9;

export interface FieldDecision {
  fields: FieldMap;
  /** Per column: why that field, in words. */
  evidence: Record<string, string>;
  /** Records the decision read. */
  sample: number;
  at: string;
  /**
   * Per field of the sample: in how many of its records it was (with any value, null too). What a
   * later answer no longer carries is told apart by it (field-watch.ts); absent in decisions made
   * before it was kept.
   */
  seen?: Record<string, number>;
}

const CODE_LIKE = /^[\p{L}\p{N}][\p{L}\p{N}._\-/#]{0,63}$/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function valuesOf(sample: readonly Json[], field: string): string[] {
  const out: string[] = [];
  for (const record of sample) {
    const value = text(fieldValue(record, field));
    if (value !== null && value !== '') out.push(value);
  }
  return out;
}

function isGtin(value: string, lengths: ReadonlySet<number>): boolean {
  return /^\d+$/.test(value) && lengths.has(value.length) && hasValidCheckDigit(value);
}

const passes = (count: number, of: number) => of > 0 && count >= of * PASS_SHARE;
const share = (count: number, of: number) => `${count}/${of}`;

/** Ids of a list found among these values (one probe each, once per decision). */
function knownIds(db: ReadDb, list: NonNullable<FieldRole['refersTo']>, values: readonly string[]): number {
  return countKnownIds(db, list === 'items' || list === 'locations' ? list : 'records', list, values);
}

function hasRows(db: ReadDb, list: NonNullable<FieldRole['refersTo']>): boolean {
  return hasAnyRow(db, list === 'items' || list === 'locations' ? list : 'records', list);
}

/** Per field, the records that carry it. */
function fieldCounts(sample: readonly Json[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const record of sample) for (const key of fieldNames(record)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return Object.fromEntries(counts);
}

/** A few of a barcode field's values that fail the check, with their records' ids, for IT to correct. */
function badValues(sample: readonly Json[], field: string, idField: string | null, count: number): string {
  const shown: string[] = [];
  for (const record of sample) {
    const value = text(fieldValue(record, field));
    if (value === null || value === '' || isGtin(value, GTIN_LENGTHS)) continue;
    const id = idField ? text(fieldValue(record, idField)) : null;
    shown.push(id ? `\`${value}\` (record \`${id}\`)` : `\`${value}\``);
    if (shown.length === 3) break;
  }
  return `${count} do not, and a scan of them finds nothing: ${shown.join(', ')}${count > shown.length ? ', ...' : ''}`;
}

/**
 * Why a column has no field. A name of it the records carry may be read as another column already
 * (`name` as a list's code): said so, so that the report never says the name is absent while using it.
 */
function noneOfItsNames(role: FieldRole, roles: readonly FieldRole[], fields: FieldMap, present: ReadonlySet<string>): string {
  const taken = role.aliases.find((a) => present.has(a));
  const by = taken ? roles.find((r) => r.column !== 'id' && r.column !== role.column && fields[r.column] === taken) : undefined;
  if (taken && by) {
    const others = role.aliases.filter((a) => a.toLowerCase() !== taken.toLowerCase());
    return `\`${taken}\` is read as the ${by.label}; no other of its names (${others.slice(0, 4).map((a) => `\`${a}\``).join(', ')}, ...) in the records`;
  }
  return `none of its names (${role.aliases.slice(0, 4).map((a) => `\`${a}\``).join(', ')}, ...) in the records`;
}

/** Decides a list's field map from a sample of its records: names first, then their values. */
export function discoverFieldMap(db: ReadDb, list: string, table: TableName, sample: readonly Json[], at = new Date().toISOString()): FieldDecision {
  const roles = fieldRoles(list, table);
  const present = presentFields(sample);
  const fields = mapByAliases(roles, present);
  const evidence: Record<string, string> = {};
  const m = sample.length;
  const used = () => new Set(Object.values(fields).filter((f): f is string => f !== null));
  /** The fields not chosen for any column, in the records' order. */
  const free = () => {
    const taken = used();
    return [...present].filter((f) => !taken.has(f));
  };
  const inRecords = (field: string) => sample.filter((r) => { const v = fieldValue(r, field); return v !== undefined && v !== null && v !== ''; }).length;

  for (const role of roles) {
    const c = role.column;
    const field = fields[c];
    if (field) evidence[c] = `alias; in ${share(inRecords(field), m)} records`;
    else evidence[c] = noneOfItsNames(role, roles, fields, present);

    if (role.check === 'gs1') {
      const lengths = c === 'gtin' ? new Set([14]) : c === 'upc' ? new Set([12, 13]) : GTIN_LENGTHS;
      if (field) {
        // a field named as a barcode stays it: values only report what does not pass, for IT (a
        // free-text field whose values happen to pass is no barcode, and a scan would open the wrong item)
        const values = valuesOf(sample, field);
        const bad = values.filter((v) => !isGtin(v, GTIN_LENGTHS));
        evidence[c] = `alias; ${share(values.length - bad.length, values.length)} values pass the GS1 check digit${bad.length ? `; ${badValues(sample, field, fields.id, bad.length)}` : ''}`;
      } else {
        // no field is named so: one whose every value passes, found by its values, and said so
        let best: { field: string; ok: number; of: number } | null = null;
        for (const candidate of free()) {
          const values = valuesOf(sample, candidate);
          const ok = values.filter((v) => isGtin(v, lengths)).length;
          if (passes(ok, values.length) && values.length >= m * PASS_SHARE && (!best || ok > best.ok)) best = { field: candidate, ok, of: values.length };
        }
        if (best) {
          fields[c] = best.field;
          evidence[c] = `found by its values: ${share(best.ok, best.of)} values pass the GS1 check digit`;
        }
      }
    }

    if (role.refersTo && hasRows(db, role.refersTo)) {
      const target = role.refersTo;
      if (field) {
        const values = valuesOf(sample, field);
        evidence[c] = `alias; ${share(knownIds(db, target, values), values.length)} values are ids of ${target}`;
      } else {
        for (const candidate of free()) {
          const values = valuesOf(sample, candidate);
          if (values.length < m * PASS_SHARE) continue;
          const found = knownIds(db, target, values);
          if (!passes(found, values.length)) continue;
          fields[c] = candidate;
          evidence[c] = `found by its values: ${share(found, values.length)} values are ids of ${target}`;
          break;
        }
      }
    }

    if (role.check === 'code') {
      const unique = (f: string) => {
        const values = valuesOf(sample, f);
        return { values, distinct: new Set(values.map((v) => v.toLowerCase())).size };
      };
      if (field) {
        const { values, distinct } = unique(field);
        evidence[c] = `alias; ${share(distinct, values.length)} values distinct`;
      } else {
        for (const candidate of free()) {
          const { values, distinct } = unique(candidate);
          if (values.length < m * PASS_SHARE || distinct !== values.length) continue;
          if (!values.every((v) => CODE_LIKE.test(v) && !UUID.test(v))) continue;
          fields[c] = candidate;
          evidence[c] = `found by its values: unique in ${share(distinct, m)} records, looks like a code`;
          break;
        }
      }
    }
  }
  // a reference the records name only by code is found through that code, per record
  if (table === 'inventory' || table === 'history') {
    if (!fields.item_id && fields.sku) evidence.item_id = `none: found through the item's SKU (\`${fields.sku}\`) among the items`;
    if (!fields.location_id && fields.location_code) evidence.location_id = `none: found through the location code (\`${fields.location_code}\`) among the locations`;
  }
  if (!fields.id) evidence.id = `no id field (\`id\`, \`uuid\`, \`${roles[0].aliases[6] ?? 'code'}\`, ...) in the records: records without an id are not kept`;
  return { fields, evidence, sample: m, at, seen: fieldCounts(sample) };
}
