// Reads a list answer in whatever common shape a server sends it, streamed: a bare array of records,
// or an object wrapping that array (`{"content": [...], "totalElements": ...}`, `{"data": [...]}`,
// ...). The records array is found while the body streams: its elements go through
// JsonArraySplitter as they arrive, never buffered whole. The envelope's other fields (paging:
// `totalElements`, `next`, `nextPageToken`, `page: {...}`, `_links`...) are small and kept, in
// whatever order they come relative to the array. A bare array costs one check per chunk more.
//
// Which array holds the records: the first under a usual name (RECORD_FIELDS); else the only field
// whose value is a non-empty array. An envelope with two candidates fails, never guessing. One level
// of nesting is read the same way: an object under `data`, `_embedded` (HAL), `result` or `response`
// holding the records (`{"data": {"items": [...], "total": 5}}`); its other fields are kept under
// its name (`fields.data.total`).
import { JsonArraySplitter, MAX_DEPTH, type RejectedElement } from './json-array-splitter.ts';
import { BACKSLASH, ByteOrderMark, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, isSpace, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes.ts';

export const RECORD_FIELDS: ReadonlySet<string> = new Set(['content', 'data', 'items', 'results', 'records', 'rows', 'list', 'value']);
/** Arrays that are never the records: JSON:API's related resources and the usual error lists. */
const NEVER_RECORDS: ReadonlySet<string> = new Set(['included', 'errors', 'warnings']);
/** Objects of the envelope that may hold the records one level down. */
export const NESTING_FIELDS: ReadonlySet<string> = new Set(['data', '_embedded', 'result', 'response']);
/** An envelope field larger than this is not kept (it is no paging information). */
const MAX_FIELD_BYTES = 64 * 1024;

// the top level | in the envelope: before a key or '}' (the first), before a key (after ',') | in a key | before ':' | before a value |
// in the records array | in another value | after a value (',' or '}') | after the end
type State = 'start' | 'bare' | 'key-or-end' | 'next-key' | 'key' | 'colon' | 'value' | 'records' | 'other' | 'after' | 'end';

export class ListBodyReader {
  #state: State = 'start';
  readonly #bom = new ByteOrderMark();
  #offset = 0;
  #splitter: JsonArraySplitter | null = null;
  #key: number[] = [];
  #keyEscaped = false;
  #currentKey = '';
  /** The field whose array is streamed as the records, and how many it had so far. */
  #recordsField: string | null = null;
  #recordsCount = 0;
  /** The records array came under a usual name (it cannot be replaced by a later one). */
  #named = false;
  /** Another value being scanned: its bytes (kept while small), nesting and string state. */
  #value: { bytes: Buffer[]; size: number; depth: number; inString: boolean; escaped: boolean; scalar: boolean; empty: boolean | null; isArray: boolean } | null = null;
  readonly #fields: Record<string, unknown> = {};
  /** The nested object being read (its name, and its fields as kept), null at the top level. */
  #nested: { key: string; fields: Record<string, unknown> } | null = null;
  /** The object the records came in, when it was a nested one. */
  #recordsIn: string | null = null;
  readonly #onRejected?: (rejected: RejectedElement) => void;
  readonly #maxDepth: number;

  constructor(options: { maxDepth?: number; onRejected?(rejected: RejectedElement): void } = {}) {
    this.#onRejected = options.onRejected;
    this.#maxDepth = options.maxDepth ?? MAX_DEPTH;
  }

  /** The answer was an object wrapping the records (known from its first byte). */
  get isEnvelope(): boolean {
    return this.#state !== 'start' && this.#state !== 'bare';
  }

  /** The envelope's fields other than the records (paging), as parsed; empty for a bare array. */
  get fields(): Readonly<Record<string, unknown>> {
    return this.#fields;
  }

  /** The envelope field the records came in; null for a bare array. */
  get recordsField(): string | null {
    return this.#recordsField;
  }

  /** The envelope's object the records came in one level down (`data` of `{"data": {"items": [...]}}`), else null. */
  get recordsIn(): string | null {
    return this.#recordsIn;
  }

  push(chunk: Buffer, onElement: (bytes: Buffer) => void): void {
    if (this.#state === 'bare') {
      this.#splitter!.push(chunk, onElement);
      return;
    }
    let i = 0;
    const length = chunk.length;
    while (i < length) {
      if (this.#state === 'records') {
        const counting = (bytes: Buffer) => {
          this.#recordsCount++;
          onElement(bytes);
        };
        i += this.#splitter!.push(i === 0 ? chunk : chunk.subarray(i), counting);
        if (this.#splitter!.ended) this.#state = 'after';
        continue;
      }
      if (this.#state === 'other') {
        i = this.#scanValue(chunk, i);
        continue;
      }
      const byte = chunk[i];
      if (this.#state === 'key') {
        i++;
        if (this.#keyEscaped) this.#keyEscaped = false;
        else if (byte === BACKSLASH) this.#keyEscaped = true;
        else if (byte === QUOTE) {
          this.#currentKey = JSON.parse(`"${Buffer.from(this.#key).toString('utf8')}"`) as string;
          this.#key = [];
          this.#state = 'colon';
          continue;
        }
        if (this.#key.length >= 1024) this.#fail(i, 'a field name is longer than 1 KiB');
        this.#key.push(byte);
        continue;
      }
      if (isSpace(byte) || (this.#state === 'start' && this.#bom.passes(byte))) {
        i++;
        continue;
      }
      switch (this.#state) {
        case 'start':
          if (byte === OPEN_ARRAY) {
            // a bare array: the splitter takes the body from here on
            this.#state = 'bare';
            this.#splitter = new JsonArraySplitter({ maxDepth: this.#maxDepth, onRejected: this.#onRejected });
            this.#splitter.push(chunk.subarray(i), onElement);
            this.#offset += length;
            return;
          }
          if (byte !== OPEN_OBJECT) this.#fail(i, 'the body is neither a JSON array nor an object holding one');
          this.#state = 'key-or-end';
          break;
        case 'key-or-end':
        case 'next-key':
          if (byte === CLOSE_OBJECT && this.#state === 'key-or-end') this.#closeObject();
          else if (byte === QUOTE) this.#state = 'key';
          else this.#fail(i, 'expected a field name');
          break;
        case 'colon':
          if (byte !== COLON) this.#fail(i, "expected ':' after a field name");
          this.#state = 'value';
          break;
        case 'value':
          if (byte === OPEN_OBJECT && this.#nested === null && this.#recordsField === null && NESTING_FIELDS.has(this.#currentKey)) {
            // one level down: the records may be in there
            this.#nested = { key: this.#currentKey, fields: {} };
            this.#state = 'key-or-end';
            break;
          }
          // the splitter, or the value scanner, reads the value's first byte itself
          this.#startValue(byte);
          continue;
        case 'after':
          if (byte === COMMA) this.#state = 'next-key';
          else if (byte === CLOSE_OBJECT) this.#closeObject();
          else this.#fail(i, "expected ',' or '}' after a field");
          break;
        case 'end':
          this.#fail(i, 'unexpected content after the end of the answer');
      }
      i++;
    }
    this.#offset += length;
  }

  /**
   * Call at the end of the body: throws unless it was complete and held a list. A body of nothing
   * (or only white space) is an empty list: what a server sends for one with 200 and no body.
   */
  end(): void {
    if (this.#state === 'start') return;
    if (this.#state === 'bare') return this.#splitter!.end();
    if (this.#state !== 'end') throw new SyntaxError(`The JSON answer ends early (after ${this.#offset} bytes).`);
    if (this.#recordsField === null) {
      const names = Object.keys(this.#fields);
      throw new SyntaxError(`The answer is a JSON object with no list of records in it (its fields: ${names.length ? names.slice(0, 12).join(', ') : 'none'}).`);
    }
  }

  /** The end of an object: of the nested one (back to the envelope), or of the answer. */
  #closeObject(): void {
    const nested = this.#nested;
    if (nested === null) {
      this.#state = 'end';
      return;
    }
    this.#nested = null;
    this.#currentKey = nested.key;
    Object.defineProperty(this.#fields, nested.key, { value: nested.fields, enumerable: true, writable: true, configurable: true });
    this.#state = 'after';
  }

  #startValue(byte: number): void {
    const key = this.#currentKey;
    if (byte === OPEN_ARRAY && !NEVER_RECORDS.has(key)) {
      const named = RECORD_FIELDS.has(key);
      // the first array, or one after an empty array of no usual name
      if (this.#recordsField === null || (!this.#named && this.#recordsCount === 0)) {
        this.#recordsField = key;
        this.#recordsIn = this.#nested?.key ?? null;
        this.#recordsCount = 0;
        this.#named = named;
        this.#state = 'records';
        this.#splitter = new JsonArraySplitter({ maxDepth: this.#maxDepth, onRejected: this.#onRejected, embedded: true });
        return;
      }
    }
    // another value: scanned to its end, kept when small; an array other than the records is
    // checked only for being empty
    this.#value = { bytes: [], size: 0, depth: 0, inString: false, escaped: false, scalar: byte !== OPEN_ARRAY && byte !== OPEN_OBJECT && byte !== QUOTE, empty: null, isArray: byte === OPEN_ARRAY };
    this.#state = 'other';
  }

  /** Scans a non-records value from `from`; returns where the scan stopped. */
  #scanValue(chunk: Buffer, from: number): number {
    const v = this.#value!;
    let i = from;
    let done = false;
    for (; i < chunk.length && !done; i++) {
      const byte = chunk[i];
      if (v.inString) {
        if (v.escaped) v.escaped = false;
        else if (byte === BACKSLASH) v.escaped = true;
        else if (byte === QUOTE) {
          v.inString = false;
          if (v.depth === 0) done = true;
        }
        continue;
      }
      if (v.scalar) {
        if (byte === COMMA || byte === CLOSE_OBJECT || isSpace(byte)) {
          done = true;
          i--; // the separator is the envelope's
        }
        continue;
      }
      if (v.isArray && v.depth === 1 && v.empty === null && !isSpace(byte)) v.empty = byte === CLOSE_ARRAY;
      if (byte === QUOTE) v.inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++v.depth > this.#maxDepth) this.#fail(i, `a field of the envelope is nested deeper than ${this.#maxDepth} levels`);
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        if (--v.depth === 0) done = true;
      }
    }
    const piece = chunk.subarray(from, i);
    if (v.size <= MAX_FIELD_BYTES) v.bytes.push(Buffer.from(piece));
    v.size += piece.length;
    if (done) this.#endValue();
    return i;
  }

  #endValue(): void {
    const v = this.#value!;
    const key = this.#currentKey;
    this.#value = null;
    this.#state = 'after';
    const text = v.size <= MAX_FIELD_BYTES ? Buffer.concat(v.bytes).toString('utf8') : null;
    let value: unknown;
    try {
      if (text !== null) value = JSON.parse(text);
    } catch {
      throw new SyntaxError(`The answer's field "${key}" is not valid JSON.`);
    }
    if (v.isArray) {
      if (NEVER_RECORDS.has(key)) return;
      // a second non-empty array beside records that came under no usual name, or two under usual
      // names: which is the list?
      if (v.empty === false && (!this.#named || RECORD_FIELDS.has(key))) throw new SyntaxError(`The answer holds two lists, "${this.#recordsField}" and "${key}": Aisle cannot tell which holds the records.`);
      return;
    }
    // an own field even when named `__proto__`: a server's names never reach a prototype
    if (text !== null) Object.defineProperty(this.#nested?.fields ?? this.#fields, key, { value, enumerable: true, writable: true, configurable: true });
  }

  #fail(index: number, message: string): never {
    throw new SyntaxError(`Invalid JSON at byte ${this.#offset + index}: ${message}.`);
  }
}
