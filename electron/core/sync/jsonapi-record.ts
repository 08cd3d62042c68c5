// A JSON:API resource object (`{"type", "id", "attributes", "relationships"}`) as the record the
// mirror stores: `{id, ...attributes}`, and each relationship's id beside them under `<name>_id`
// (a to-many one's ids under `<name>_ids`), the names the field map reads as references
// (`item_id`, `location_id`). An attribute of the same name wins: it is the server's own field.
// Only an object whose every key is one JSON:API gives a resource, `attributes` an object among
// them, is taken for one; any other record passes as it came.

const RESOURCE_KEYS: ReadonlySet<string> = new Set(['type', 'id', 'lid', 'attributes', 'relationships', 'links', 'meta']);
const ATTRIBUTES = Buffer.from('"attributes"');

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: unknown): unknown => (isObject(value) ? (value.id ?? null) : null);

/** The record flattened when it is a JSON:API resource object; else the same bytes. */
export function fromJsonApi(bytes: Buffer): Buffer {
  // most records are no resource: one scan for the name before any parsing
  if (bytes.indexOf(ATTRIBUTES) < 0) return bytes;
  let record: unknown;
  try {
    record = JSON.parse(bytes.toString('utf8'));
  } catch {
    return bytes; // the applier says what is wrong with it
  }
  if (!isObject(record) || !isObject(record.attributes) || typeof record.type !== 'string' || !Object.keys(record).every((k) => RESOURCE_KEYS.has(k))) return bytes;
  const flat: Json = {};
  const put = (key: string, value: unknown) => Object.defineProperty(flat, key, { value, enumerable: true, writable: true, configurable: true });
  put('id', record.id ?? null);
  for (const [key, value] of Object.entries(record.attributes)) if (key !== 'id') put(key, value);
  if (isObject(record.relationships)) {
    for (const [name, relation] of Object.entries(record.relationships)) {
      const data = isObject(relation) ? relation.data : undefined;
      if (data === undefined) continue; // links only: nothing to place
      const key = Array.isArray(data) ? `${name}_ids` : `${name}_id`;
      if (!Object.hasOwn(flat, key)) put(key, Array.isArray(data) ? data.map(idOf) : idOf(data));
    }
  }
  return Buffer.from(JSON.stringify(flat));
}
