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

/**
 * codeKey(code) === key, without building the key for a plain ASCII code (search compares every
 * prefix and word hit's code with the query's key).
 */
export function hasCodeKey(code: string, key: string): boolean {
  let at = 0;
  let same = true;
  for (let i = 0; i < code.length; i++) {
    let c = code.charCodeAt(i);
    // NFKC may fold a letter with what follows it: any other character takes the general path
    if (c >= 0x80) return codeKey(code) === key;
    if (c >= 97 && c <= 122) c -= 32;
    else if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) continue;
    if (same && (at >= key.length || key.charCodeAt(at) !== c)) same = false;
    at++;
  }
  return same && at === key.length;
}

/** Compares codes naturally: digit runs by value, text case-insensitively, separators ignored. */
export function naturalCompare(a: string, b: string): number {
  return compareNatural(naturalKey(a), naturalKey(b));
}

/** A code made ready once for sorting many codes (see compareNatural). */
export interface NaturalKey {
  text: string;
  upper: string;
}

export function naturalKey(text: string): NaturalKey {
  return { text, upper: text.toUpperCase() };
}

/**
 * naturalCompare on keys made once per code. The codes are read as runs of digits and runs of
 * other characters (upper case), compared run by run: two digit runs by value, any other two runs
 * as text; then the code with fewer runs first; then the codes as typed. A loop over character
 * codes, no regular expression and no allocation: a search sorts hundreds of codes per keystroke.
 */
export function compareNatural(a: NaturalKey, b: NaturalKey): number {
  const x = a.upper;
  const y = b.upper;
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const xDigits = isDigit(x.charCodeAt(i));
    const yDigits = isDigit(y.charCodeAt(j));
    const xEnd = runEnd(x, i, xDigits);
    const yEnd = runEnd(y, j, yDigits);
    const difference = xDigits && yDigits ? compareNumbers(x, i, xEnd, y, j, yEnd) : compareRuns(x, i, xEnd, y, j, yEnd);
    if (difference !== 0) return difference;
    i = xEnd;
    j = yEnd;
  }
  const xMore = i < x.length;
  const yMore = j < y.length;
  if (xMore !== yMore) return runsLeft(x, i) - runsLeft(y, j);
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function runEnd(s: string, from: number, digits: boolean): number {
  let at = from + 1;
  while (at < s.length && isDigit(s.charCodeAt(at)) === digits) at++;
  return at;
}

function runsLeft(s: string, from: number): number {
  let runs = 0;
  for (let at = from; at < s.length; runs++) at = runEnd(s, at, isDigit(s.charCodeAt(at)));
  return runs;
}

/** Two runs as text (as `<` on the two substrings). */
function compareRuns(x: string, i: number, xEnd: number, y: string, j: number, yEnd: number): number {
  while (i < xEnd && j < yEnd) {
    const difference = x.charCodeAt(i++) - y.charCodeAt(j++);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return i < xEnd ? 1 : j < yEnd ? -1 : 0;
}

/** Two digit runs by value: leading zeros skipped, then the longer is larger, then digit by digit. */
function compareNumbers(x: string, i: number, xEnd: number, y: string, j: number, yEnd: number): number {
  while (i < xEnd - 1 && x.charCodeAt(i) === 48) i++;
  while (j < yEnd - 1 && y.charCodeAt(j) === 48) j++;
  if (xEnd - i !== yEnd - j) return xEnd - i - (yEnd - j);
  return compareRuns(x, i, xEnd, y, j, yEnd);
}

/** The first key greater than every key starting with `prefix` (for `key >= ? AND key < ?` range scans). */
export function prefixUpperBound(prefix: string): string {
  return prefix + '\uffff';
}
