// Splits a streamed JSON array (`[ {...}, {...} ]`) into the exact bytes of each element, without
// holding the whole body. Only the array's own structure is scanned here (strings, nesting, commas);
// each element is then checked by JSON.parse. A truncated or malformed body is an error, never a
// shorter list. Why not stream-json: several times slower
// (docs/decisions/0001-json-array-splitter.md), and the grammar
// we need is tiny. An element nested deeper than `maxDepth` is never handed on (a record nested
// 100,000 levels deep would exhaust JSON.parse's stack, and none is a real record): it is skipped to
// its end without being kept, and told to `onRejected`, or fails the body when nobody listens.
// `embedded`: the array is one value inside an envelope (list-body-reader.ts): `push` stops at its
// closing ']' and says how many bytes it took.
import { BACKSLASH, ByteOrderMark, CLOSE_ARRAY, CLOSE_OBJECT, COMMA, isSpace, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes.ts';

const MAX_ELEMENT_BYTES = 16 * 1024 * 1024;
/** Levels of nesting an element may have, itself counted: far beyond any warehouse record. */
export const MAX_DEPTH = 64;
/** Bytes of a rejected element kept to show where it starts. */
const SHOWN_BYTES = 80;

// before '[' | after '[' (element or ']') | in an element | after an element (',' or ']') |
// after ',' (an element) | after ']' (only whitespace)
type State = 'start' | 'first' | 'element' | 'after' | 'next' | 'end';

export interface SplitterOptions {
  maxDepth?: number;
  /** An element left out: which one (0-based, in the array), why, and how it begins. */
  onRejected?(rejected: RejectedElement): void;
  /** Stop at the array's closing ']' (the array is a value inside an envelope). */
  embedded?: boolean;
}

export interface RejectedElement {
  index: number;
  reason: string;
  begins: string;
}

export class JsonArraySplitter {
  #state: State = 'start';
  #pending: Buffer | null = null; // the start of an element that continues in the next chunk
  #depth = 0;
  #inString = false;
  #escaped = false;
  #offset = 0; // bytes consumed before the current chunk, for error messages
  readonly #bom = new ByteOrderMark(); // before '['
  #index = 0; // elements met so far (handed on or rejected)
  #tooDeep: string | null = null; // the element being skipped: how it begins
  readonly #maxDepth: number;
  readonly #onRejected: ((rejected: RejectedElement) => void) | null;
  readonly #embedded: boolean;

  constructor(options: SplitterOptions = {}) {
    this.#maxDepth = options.maxDepth ?? MAX_DEPTH;
    this.#onRejected = options.onRejected ?? null;
    this.#embedded = options.embedded ?? false;
  }

  /** True once the array's closing ']' was read. */
  get ended(): boolean {
    return this.#state === 'end';
  }

  /**
   * Feeds one chunk; calls `onElement` with the bytes of each complete element (a view that is only
   * valid during the call: copy it to keep it). Throws on bad structure. Returns the bytes it took:
   * all of them, or (embedded) up to the array's closing ']'.
   */
  push(chunk: Buffer, onElement: (bytes: Buffer) => void): number {
    const buf = chunk;
    const length = buf.length;
    let elementStart = this.#state === 'element' ? 0 : -1;
    let i = 0;
    // the element's scan state in locals: this loop sees every byte of the body
    let depth = this.#depth;
    let inString = this.#inString;
    let escaped = this.#escaped;
    let skipping = this.#tooDeep !== null;
    let index = this.#index;
    const maxDepth = this.#maxDepth;
    let taken = length; // less when an embedded array ends in this chunk
    scan: while (i < length) {
      if (this.#state === 'element') {
        if (inString) {
          if (escaped) {
            escaped = false;
            i++;
          }
          // to the closing quote, a byte at a time: strings are short (keys, codes), and a call
          // into native code per string costs more than scanning its bytes here
          while (i < length) {
            const byte = buf[i];
            if (byte === QUOTE) {
              inString = false;
              i++;
              break;
            }
            if (byte === BACKSLASH) {
              if (i + 1 === length) {
                escaped = true;
                i++;
                break;
              }
              i += 2;
              continue;
            }
            i++;
          }
          continue;
        }
        // structure between strings: keys' colons, numbers, literals, nesting
        while (i < length) {
          const byte = buf[i++];
          if (byte === QUOTE) {
            inString = true;
            break;
          }
          if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
            if (++depth > maxDepth && !skipping) {
              this.#startSkipping(buf, elementStart, i);
              skipping = true;
            }
          } else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && --depth === 0) {
            if (!skipping) onElement(this.#take(buf, elementStart, i));
            else {
              this.#reject(index);
              skipping = false;
            }
            index++;
            this.#state = 'after';
            elementStart = -1;
            break;
          }
        }
        continue;
      }
      const byte = buf[i];
      if (isSpace(byte) || (this.#state === 'start' && this.#bom.passes(byte))) {
        i++;
        continue;
      }
      switch (this.#state) {
        case 'start':
          if (byte !== OPEN_ARRAY) this.#fail(i, 'the body is not a JSON array');
          this.#state = 'first';
          break;
        case 'first':
        case 'next':
          if (byte === CLOSE_ARRAY && this.#state === 'first') {
            this.#state = 'end';
            if (this.#embedded) {
              taken = i + 1;
              break scan;
            }
            break;
          }
          if (byte !== OPEN_OBJECT) this.#fail(i, 'an array element is not an object');
          this.#state = 'element';
          depth = 1;
          elementStart = i;
          break;
        case 'after':
          if (byte === COMMA) this.#state = 'next';
          else if (byte === CLOSE_ARRAY) {
            this.#state = 'end';
            if (this.#embedded) {
              taken = i + 1;
              break scan;
            }
          } else this.#fail(i, "expected ',' or ']' after an element");
          break;
        case 'end':
          this.#fail(i, 'unexpected content after the end of the array');
      }
      i++;
    }
    this.#depth = depth;
    this.#inString = inString;
    this.#escaped = escaped;
    this.#index = index;
    if (this.#state === 'element' && !skipping) {
      const rest = buf.subarray(elementStart);
      this.#pending = this.#pending ? Buffer.concat([this.#pending, rest]) : Buffer.from(rest);
      if (this.#pending.length > MAX_ELEMENT_BYTES) this.#fail(length, 'an element is larger than 16 MiB');
    }
    this.#offset += taken;
    return taken;
  }

  /** Call at the end of the body: throws unless the array was complete. */
  end(): void {
    if (this.#state !== 'end') throw new SyntaxError(`The JSON array ends early (after ${this.#offset} bytes).`);
  }

  /** The element in hand is nested too deep: keep how it begins, drop its bytes, scan on to its end. */
  #startSkipping(buf: Buffer, start: number, at: number): void {
    const head = this.#pending ? Buffer.concat([this.#pending, buf.subarray(0, at)]) : buf.subarray(Math.max(start, 0), at);
    this.#tooDeep = head.subarray(0, SHOWN_BYTES).toString('utf8');
    this.#pending = null;
    if (!this.#onRejected) this.#fail(at, `an element is nested deeper than ${this.#maxDepth} levels`);
  }

  #reject(index: number): void {
    this.#onRejected!({ index, reason: `nested deeper than ${this.#maxDepth} levels`, begins: this.#tooDeep! });
    this.#tooDeep = null;
  }

  #take(buf: Buffer, start: number, end: number): Buffer {
    if (this.#pending) {
      const bytes = Buffer.concat([this.#pending, buf.subarray(0, end)]);
      this.#pending = null;
      return bytes;
    }
    return buf.subarray(start, end);
  }

  #fail(index: number, message: string): never {
    throw new SyntaxError(`Invalid JSON at byte ${this.#offset + index}: ${message}.`);
  }
}
