// Once a list's field map is decided, an answer must still carry the fields it reads the records'
// identity by (id, code, barcodes, references). A server that renames one (`sku` -> `itemNumber`)
// would otherwise leave every record without it, silently: the apply fails instead, in words that
// name the field, what the records carry now, and how IT re-maps (field-map.json or a re-learn).
import { AisleError } from '../../contract/errors.ts';
import type { FieldDecision } from './field-discovery.ts';
import { fieldRoles, fieldValue, type FieldMap, type FieldRole } from './field-map.ts';
import type { TableName } from './registry.ts';
import type { FieldWatch, MissingField } from '../db/write/snapshot/plan.ts';

/** The columns a record is found by: losing the field of one leaves records unfindable or misplaced. */
const WATCHED: ReadonlySet<string> = new Set(['id', 'sku', 'code', 'upc', 'gtin', 'barcode', 'location_code', 'item_id', 'location_id', 'facility_id', 'account_id']);
/** A field the decision saw in this share of its sample is one the records carry. */
const CARRIED_SHARE = 0.9;
/**
 * Parsed records none of which carries a watched field: as many as this, and the field is gone.
 * Fewer (a few changed records, a log's new events) say so only beside a field the sample never
 * had (a rename), and only when the whole answer was parsed: a server that leaves out empty fields
 * may send a few records without one.
 */
const ENOUGH_RECORDS = 50;

/** A watch of the map in force against an answer's records; null when nothing is watched. */
export function watchFields(decision: FieldDecision, map: FieldMap, list: string, table: TableName): FieldWatch | null {
  const roles = fieldRoles(list, table).filter((r) => WATCHED.has(r.column));
  // a decision made before it counted its fields: the fields it chose were in its records
  const carried = (field: string) => (decision.seen ? (decision.seen[field] ?? 0) >= decision.sample * CARRIED_SHARE : Object.values(decision.fields).includes(field));
  const watched = new Map<string, FieldRole>();
  for (const role of roles) {
    const field = map[role.column];
    if (field && carried(field) && !watched.has(field)) watched.set(field, role);
  }
  if (watched.size === 0) return null;
  const unseen = new Set(watched.keys());
  const newFields = new Set<string>();
  const known = decision.seen ?? {};
  return {
    note(record) {
      for (const field of unseen) if (fieldValue(record, field) !== undefined) unseen.delete(field);
      // what the records carry that the sample did not: only while something is unseen, and a few
      if (unseen.size && newFields.size < 20) for (const key of Object.keys(record)) if (!Object.hasOwn(known, key)) newFields.add(key);
    },
    missing(parsed, received) {
      if (unseen.size === 0 || parsed === 0 || (parsed < ENOUGH_RECORDS && (parsed < received || newFields.size === 0))) return null;
      const [field] = unseen;
      const role = watched.get(field)!;
      const named = [...newFields].filter((f) => role.aliases.includes(f));
      return { column: role.column, label: role.label, field, nowCarried: [...named, ...[...newFields].filter((f) => !named.includes(f))].slice(0, 5) };
    },
  };
}

/** The apply's error for a field gone from a list's records, `since` the round that first met it. */
export function missingFieldError(listName: string, list: string, missing: MissingField, since: string): AisleError {
  const carried = missing.nowCarried.length ? `the records now carry ${missing.nowCarried.map((f) => `\`${f}\``).join(', ')}` : 'the records carry no new field in its place';
  return new AisleError(
    'bad_response',
    `${listName}: the field \`${missing.field}\` that Aisle reads as the ${missing.label} is missing since ${sinceWords(since)}; ${carried}. ` +
      `The offline data keeps this list as last read. To read another field, name it in field-map.json ({ "${list}": { "${missing.column}": "<field>" } }) or run \`aisle fields --relearn ${list}\`.`,
  );
}

/** An instant as IT reads it in a message: minutes, UTC. */
function sinceWords(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
