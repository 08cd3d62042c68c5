// Natural order as a string: codes compared by their natural sort keys with a plain comparison (an
// SQLite index on a key column, `<` in JS) come out naturally: `A-2-9` before `A-2-10`. One
// definition of the order for list pages (sorted by SQLite) and search answers (sorted in JS).

/** Ends a run of text, below any character of a code: `A` before `AB`, `A1` before `A-1`. */
const END_OF_TEXT = '\u0002';
/** Ends the runs, below anything a run starts with: fewer runs first; then the code as typed breaks ties. */
const END_OF_RUNS = '\u0001';

/**
 * The code read as runs of digits and runs of other characters (upper case). A run of text is kept
 * with END_OF_TEXT after it; a run of digits by value: its leading zeros dropped, its length first
 * (`1`…`8`, or `9` and three digits), so a longer number is larger. A digit run's key starts with a
 * digit, as the run does: against a run of text it compares as the run would. Then END_OF_RUNS and
 * the code as typed (`A-01` and `a-1` sort apart, stably).
 */
export function naturalSortKey(code: string): string {
  const upper = code.toUpperCase();
  let key = '';
  let at = 0;
  while (at < upper.length) {
    const start = at;
    if (isDigit(upper.charCodeAt(at))) {
      while (at < upper.length && isDigit(upper.charCodeAt(at))) at++;
      let from = start;
      while (from < at - 1 && upper.charCodeAt(from) === 48) from++;
      const length = at - from;
      key += length < 9 ? String(length) : `9${String(Math.min(length, 999)).padStart(3, '0')}`;
      key += upper.slice(from, at);
    } else {
      while (at < upper.length && !isDigit(upper.charCodeAt(at))) at++;
      key += upper.slice(start, at) + END_OF_TEXT;
    }
  }
  return key + END_OF_RUNS + code;
}

/** naturalSortKey of a code that may be missing (a column's value). */
export function naturalSortKeyOf(code: string | null): string | null {
  return code === null ? null : naturalSortKey(code);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
