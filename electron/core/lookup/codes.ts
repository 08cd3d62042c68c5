// Codes as people type them: location codes and SKUs match whatever the separators and case
// (`A03 02B`, `a-03-02-b`, `A0302B` all find `A-03-02-B`), and sort naturally (`A-2-9` before `A-2-10`).
import { normaliseCode } from '../mirror/open-mirror.ts';

/** The matching key of a code: the mirror's `code_norm` (upper case, letters and digits only). */
export function codeKey(code: string): string {
  return asciiKey(code) ?? normaliseCode(code.normalize('NFKC')) ?? '';
}

/** codeKey of a plain ASCII code without regular expressions (search ranks up to hundreds per query); null for any other. */
function asciiKey(code: string): string | null {
  let key = '';
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c >= 0x80) return null;
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90)) key += code[i];
    else if (c >= 97 && c <= 122) key += String.fromCharCode(c - 32);
  }
  return key;
}

const CHUNK = /(\d+)|(\D+)/g;

/** Compares codes naturally: digit runs by value, text case-insensitively, separators ignored. */
export function naturalCompare(a: string, b: string): number {
  return compareNatural(naturalKey(a), naturalKey(b));
}

/** A code cut into its text and digit runs once, for sorting many codes (see compareNatural). */
export interface NaturalKey {
  text: string;
  chunks: string[];
}

export function naturalKey(text: string): NaturalKey {
  return { text, chunks: text.toUpperCase().match(CHUNK) ?? [] };
}

/** naturalCompare on keys made once per code: a sort of n codes cuts each code once, not n log n times. */
export function compareNatural(a: NaturalKey, b: NaturalKey): number {
  const left = a.chunks;
  const right = b.chunks;
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const x = left[i];
    const y = right[i];
    if (x === y) continue;
    const xNumber = isDigit(x.charCodeAt(0));
    const yNumber = isDigit(y.charCodeAt(0));
    if (xNumber && yNumber) {
      const difference = compareDigits(x, y);
      if (difference !== 0) return difference;
    } else {
      return x < y ? -1 : 1;
    }
  }
  if (left.length !== right.length) return left.length - right.length;
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function compareDigits(x: string, y: string): number {
  const a = x.replace(/^0+(?=\d)/, '');
  const b = y.replace(/^0+(?=\d)/, '');
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first key greater than every key starting with `prefix` (for `key >= ? AND key < ?` range scans). */
export function prefixUpperBound(prefix: string): string {
  return prefix + '\uffff';
}
