// The bytes of JSON's structure, as the streamed body readers (json-array-splitter.ts,
// list-body-reader.ts) meet them: they scan raw chunks, never decoded text.
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;

/** The whitespace JSON allows between tokens. */
export function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

const BOM = [0xef, 0xbb, 0xbf];

/**
 * A UTF-8 byte order mark before a body's first token, passed over byte by byte: a chunk may end
 * inside it. Some servers write one; JSON has no place for it.
 */
export class ByteOrderMark {
  #seen = 0;

  /** Whether `byte` is the mark's next byte (and so no token of the body). */
  passes(byte: number): boolean {
    if (this.#seen >= BOM.length || byte !== BOM[this.#seen]) return false;
    this.#seen++;
    return true;
  }
}
