// Codes as people type them: location codes and SKUs match whatever the separators and case
// (`A03 02B`, `a-03-02-b`, `A0302B` all find `A-03-02-B`), and sort naturally (`A-2-9` before `A-2-10`).
import { naturalSortKey } from '../shared/sort-key.ts';
import { normaliseCode } from '../shared/normalise-code.ts';

/** The matching key of a code: the mirror's `code_norm` (upper case, letters and digits only). */
export function codeKey(code: string): string {
  return asciiKey(code) ?? normaliseCode(code.normalize('NFKC')) ?? '';
}

/** codeKey of a plain ASCII code without regular expressions (search ranks up to hundreds per query); null for any other. */
function asciiKey(code: string): string | null {
  // Most codes scanned or typed (digits, `A0302B`) are their own key: no new string then.
  let same = true;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c >= 0x80) return null;
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) same = false;
  }
  if (same) return code;
  let key = '';
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
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

/**
 * Compares codes naturally, for sorting many: digit runs by value (`A-2-9` before `A-2-10`), text
 * case-insensitively (naturalSortKey). A code of one plain shape with the other (`SKU-000120`,
 * `SKU-000121`) compares as plain text, without a key; each other code's key is made once per comparer.
 */
export function naturalComparer(): (a: string, b: string) => number {
  let keys: Map<string, string> | null = null;
  const keyOf = (code: string): string => {
    keys ??= new Map();
    let key = keys.get(code);
    if (key === undefined) keys.set(code, (key = naturalSortKey(code)));
    return key;
  };
  return (a, b) => (a === b ? 0 : (plainNaturalOrder(a, b) ?? compareKeys(keyOf(a), keyOf(b))));
}

/**
 * True when `a` is plainly not after `b` in natural order (plainNaturalOrder); false means "not
 * known": the caller sorts by naturalSortKey. A page of SKUs read in index order (`SKU-000120`,
 * `SKU-000121`, …) is known sorted without building a key.
 */
export function plainlyInNaturalOrder(a: string, b: string): boolean {
  const order = plainNaturalOrder(a, b);
  return order !== null && order <= 0;
}

/**
 * The natural order of two codes of one plain shape (the same length, digits at the same places, no
 * lower-case or non-ASCII letters), which for such codes is their order as plain text (digit runs of
 * equal length compare by value as text); null for codes of different shapes.
 */
export function plainNaturalOrder(a: string, b: string): -1 | 0 | 1 | null {
  if (a.length !== b.length) return null;
  let order: -1 | 0 | 1 = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x >= 0x80 || y >= 0x80 || (x >= 97 && x <= 122) || (y >= 97 && y <= 122)) return null;
    if ((x >= 48 && x <= 57) !== (y >= 48 && y <= 57)) return null;
    if (order === 0 && x !== y) order = x < y ? -1 : 1;
  }
  return order;
}

/** Two sort keys (naturalSortKey), for sorting many codes with each key made once. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A code's parts without leading zeros: its runs of letters and of digits, separators or not
 * (`A-03-02-B`, `A03 02B` and `a-3-2-b` all give `A|3|2|B`). Two location codes with the same parts
 * are the same code however many zeros each segment was written with.
 */
export function codeParts(code: string): string {
  const runs = code.normalize('NFKC').toUpperCase().match(/[A-Z]+|[0-9]+/g) ?? [];
  return runs.map((run) => (/^[0-9]/.test(run) ? run.replace(/^0+(?=\d)/, '') : run)).join('|');
}

/** The widest segment a location code is padded to, and the most spellings tried. */
const PAD_TO = 3;
const MOST_SPELLINGS = 64;

/**
 * The keys (codeKey) a code typed without some leading zeros may be stored under: each digit run
 * padded with zeros to every width up to three (`a-3-2-b`: A32B, A032B, A302B, A0302B…). Empty for
 * a code with fewer than two numbers, or one with too many ways to spell.
 */
export function zeroSpellings(code: string): string[] {
  // a search asks on every keystroke, and most texts typed hold one number at most
  if (plainNumbers(code) < 2) return [];
  const runs = code.normalize('NFKC').toUpperCase().match(/[A-Z]+|[0-9]+/g) ?? [];
  // a location code has segments: one number alone (`SKU-00`, `03600`) is a prefix to type on, not a code to pad
  if (runs.filter((run) => /^[0-9]/.test(run)).length < 2) return [];
  let keys = [''];
  for (const run of runs) {
    if (!/^[0-9]/.test(run)) {
      keys = keys.map((key) => key + run);
      continue;
    }
    const bare = run.replace(/^0+(?=\d)/, '');
    const widths: string[] = [];
    for (let width = bare.length; width <= Math.max(PAD_TO, run.length); width++) widths.push(bare.padStart(width, '0'));
    keys = keys.flatMap((key) => widths.map((digits) => key + digits));
    if (keys.length > MOST_SPELLINGS) return [];
  }
  return keys;
}

/** The runs of digits in a plain ASCII text (which NFKC leaves as it is); Infinity for any other text. */
function plainNumbers(text: string): number {
  let runs = 0;
  let inRun = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return Infinity;
    const digit = c >= 48 && c <= 57;
    if (digit && !inRun) runs++;
    inRun = digit;
  }
  return runs;
}
