// Spelling help for the search box: the words of the mirror one edit away from a typed word that
// the mirror does not hold (`brackt` -> bracket): a letter missing, one too many, one wrong, or two
// neighbours swapped. The mirror's words are in `search_words` (mirror/search-words.ts), indexed by
// length and word and by length and the word spelled backwards. A word one edit away starts with
// the typed word's first half or ends with its last half (the edit is in the other half), or has
// the two letters where the halves meet swapped; and its length is one less, the same or one more.
// That is a few narrow index ranges, then the distance is checked here on the few words they give.
// Decision and measurement: docs/decisions/0012-search-spelling-help.md.
import type { ReadDb } from '../db/connection.ts';
import { hasSearchWord, searchWordsNear } from '../db/read/search-words.ts';
import { reversed } from '../mirror/search-words.ts';

/** Words shorter than this are not corrected: one edit away from a three-letter word is most short words. */
export const MIN_CORRECTED_LENGTH = 4;
/** Similar words offered per typed word, at most. */
const MAX_SIMILAR = 8;

/** True when the mirror holds this word (lower case, as searchWords gives it). */
export function isKnownWord(db: ReadDb, word: string): boolean {
  return hasSearchWord(db, word);
}

/** The mirror's words one edit away from `word`, closest in length first; empty for a short word. */
export function similarWords(db: ReadDb, word: string): string[] {
  const chars = [...word];
  const n = chars.length;
  if (n < MIN_CORRECTED_LENGTH) return [];
  const half = Math.floor(n / 2);
  const start = chars.slice(0, half).join('');
  const end = reversed(chars.slice(half).join(''));
  const swapped = [...chars.slice(0, half - 1), chars[half], chars[half - 1], ...chars.slice(half + 1)].join('');
  const found = new Set<string>();
  for (const candidate of searchWordsNear(db, n, start, end, swapped)) {
    if (candidate !== word && oneEditApart(word, candidate)) found.add(candidate);
  }
  return [...found].sort((a, b) => Math.abs([...a].length - n) - Math.abs([...b].length - n) || (a < b ? -1 : 1)).slice(0, MAX_SIMILAR);
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
