// What a query is before it is searched: a scan (GS1, GTIN), a code, words, or several lines.
import type { ScanParse } from '../../contract/types.ts';
import { codeKey } from './codes.ts';
import { GTIN_LENGTHS, gs1CheckDigit, gtinForms, hasValidCheckDigit, parseScan } from '../shared/gs1/gs1.ts';

export interface ClassifiedQuery {
  /** The query as typed, trimmed (scanner suffixes removed). */
  text: string;
  /** Separator- and case-free key for code matching. */
  key: string;
  scan: ScanParse;
  /** Spellings of the GTIN to match exactly (GS1 (01), or plain digits with a valid check digit). */
  gtins: string[];
  lot: string | null;
  serial: string | null;
  /** Plain GTIN-length digits whose check digit is wrong: the reason, or null. */
  checkDigitProblem: string | null;
  /** Lower-case words for full-text matching. */
  words: string[];
  /** The words split where letters meet digits (`mt1023` -> `mt`, `1023`): how codes are indexed. */
  codeWords: string[];
}

/** The non-empty lines of a pasted block (a scanner's CR/LF/TAB suffixes count as line ends). */
export function queryLines(q: string): string[] {
  return q
    .split(/[\r\n]+/)
    .map((line) => line.replace(/^\uFEFF/, '').trim())
    .filter((line) => line.length > 0);
}

/** `words` false: no words (an exact lookup matches codes only). */
export function classifyQuery(q: string, now: Date = new Date(), words = true): ClassifiedQuery {
  const scan = parseScan(q, now);
  const text = scan.kind === 'plain' ? scan.text : q.trim();
  const query: ClassifiedQuery = { text, key: codeKey(text), scan, gtins: [], lot: null, serial: null, checkDigitProblem: null, words: [], codeWords: [] };
  if (scan.kind === 'gs1') {
    query.key = '';
    query.gtins = scan.gtin ? gtinForms(scan.gtin) : [];
    query.lot = scan.lot;
    query.serial = scan.serial;
  } else if (scan.kind === 'misread') {
    query.key = '';
  } else if (/^\d+$/.test(text) && GTIN_LENGTHS.has(text.length)) {
    if (hasValidCheckDigit(text)) query.gtins = gtinForms(text);
    else query.checkDigitProblem = `Check digit of ${text} is wrong for a GTIN (expected ${gs1CheckDigit(text.slice(0, -1))}).`;
    query.words = [text];
  } else if (words) {
    query.words = searchWords(text);
    query.codeWords = splitCodeWords(query.words);
  }
  return query;
}

// Every keystroke and scan is classified: the common case (plain ASCII) is read with loops over
// character codes, without regular expressions, Unicode normalisation or intermediate arrays. The
// general path gives the same answer for every text (a test compares them).

/** Splits each word where letters meet digits; empty when that changes nothing. */
export function splitCodeWords(words: readonly string[]): string[] {
  if (words.every(isOneAsciiRun)) return [];
  const split = words.flatMap((word) => word.match(/\p{L}+|\p{N}+/gu) ?? []);
  return split.length === words.length ? [] : split.slice(0, 8);
}

/** Words for full-text search: letters and digits runs, lower case, at most 8. */
export function searchWords(text: string): string[] {
  const ascii = asciiSearchWords(text);
  if (ascii) return ascii;
  const words = text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 8);
}

const MAX_WORDS = 8;

/** searchWords of a plain ASCII text (NFKC leaves ASCII as it is); null for any other text. */
function asciiSearchWords(text: string): string[] | null {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (c >= 0x80) return null;
    if (isAsciiDigit(c) || isAsciiLetter(c)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      const word = text.slice(start, i).toLowerCase();
      if (words.length < MAX_WORDS && !words.includes(word)) words.push(word);
      start = -1;
    }
  }
  return words;
}

/** A word of ASCII letters only or ASCII digits only (splitCodeWords leaves it whole). */
function isOneAsciiRun(word: string): boolean {
  if (word.length === 0) return false;
  const digits = isAsciiDigit(word.charCodeAt(0));
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (digits ? !isAsciiDigit(c) : !isAsciiLetter(c)) return false;
  }
  return true;
}

function isAsciiDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
