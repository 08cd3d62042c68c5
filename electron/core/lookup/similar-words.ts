// Spelling help for the search box: the words of the mirror one edit away from a typed word that
// the mirror does not hold (`brackt` -> bracket): a letter missing, one too many, one wrong, or two
// neighbours swapped. The mirror's words are in `search_words` (db/search-words/keep.ts), indexed by
// length and word and by length and the word spelled backwards. A letter dropped or two swapped
// give words that are looked up as they are. A letter wrong or one added leaves one position
// unknown: the word is the typed letters before it, any one letter, the typed letters after it;
// the longer of the two sides (half the word or more) is a narrow range of one index, and a GLOB
// pattern keeps only the words one edit away within it. So each probe reads out only answers,
// however many words the vocabulary holds that merely start or end alike; all are one statement.
// Decision and measurement: docs/decisions/0012-search-spelling-help.md.
import type { ReadDb } from '../db/handles.ts';
import { hasSearchWord, searchWordsNear, type WordPattern } from '../db/search-words/read.ts';

/** Words shorter than this are not corrected: one edit away from a three-letter word is most short words. */
export const MIN_CORRECTED_LENGTH = 4;
/** Nor longer ones: a word that long is a code or a paste, and its probes would make one statement too long for SQLite. */
const MAX_CORRECTED_LENGTH = 40;
/** Similar words offered per typed word, at most. */
const MAX_SIMILAR = 8;

/** True when the mirror holds this word (lower case, as searchWords gives it). */
export function isKnownWord(db: ReadDb, word: string): boolean {
  return hasSearchWord(db, word);
}

/**
 * True when the spelling help may answer this word: letters only, of a length worth correcting. A
 * word with a digit in it is a code or a piece of one (`zz123456`, `a03`): a code one edit away names
 * another record, never the one meant, so it is not offered, and the probes are not paid for.
 */
export function isCorrectable(word: string): boolean {
  const n = [...word].length;
  return n >= MIN_CORRECTED_LENGTH && n <= MAX_CORRECTED_LENGTH && !/\p{N}/u.test(word);
}

/** The mirror's words one edit away from `word`, closest in length first; empty for a word not isCorrectable. */
export function similarWords(db: ReadDb, word: string): string[] {
  if (!isCorrectable(word)) return [];
  const chars = [...word];
  const n = chars.length;
  const text = (from: number, to?: number) => chars.slice(from, to).join('');
  const exact = new Set<string>();
  for (let i = 0; i < n; i++) exact.add(text(0, i) + text(i + 1));
  for (let i = 0; i + 1 < n; i++) if (chars[i] !== chars[i + 1]) exact.add(text(0, i) + chars[i + 1] + chars[i] + text(i + 2));
  const patterns: WordPattern[] = [];
  for (let i = 0; i <= n; i++) {
    // a letter wrong at i (none past the end), and a letter added before i
    if (i < n) patterns.push({ length: n, before: text(0, i), after: text(i + 1) });
    patterns.push({ length: n + 1, before: text(0, i), after: text(i) });
  }
  const found = new Set(searchWordsNear(db, patterns, [...exact]));
  found.delete(word);
  return [...found]
    .filter((candidate) => oneEditApart(word, candidate))
    .sort((a, b) => Math.abs([...a].length - n) - Math.abs([...b].length - n) || (a < b ? -1 : 1))
    .slice(0, MAX_SIMILAR);
}

/** True when `b` is `a` with one letter added, dropped or changed, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (i === x.length && i === y.length) return false;
  const rest = (p: number, q: number) => x.slice(p).join('') === y.slice(q).join('');
  if (x.length === y.length) return rest(i + 1, i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2, i + 2));
  return x.length > y.length ? rest(i + 1, i) : rest(i, i + 1);
}
