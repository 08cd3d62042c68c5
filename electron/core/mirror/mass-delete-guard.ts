// Which whole answers are held back for the user to confirm (sync.confirmHeld) instead of applied.
// A server that answers one list wrongly (an empty array, a page instead of the whole list) must not
// take the workstation's catalog with it: the user looks at what would go before it goes. Most of a
// dataset going is held whatever the server says; a catalog list that shrinks by more than a small
// share is held too when the server announced no total that would prove the reading whole.

/** Above this many rows a dataset is held when it would lose more than half of them. */
export const MASS_DELETE_MIN_ROWS = 100;
/**
 * A dataset of up to MASS_DELETE_MIN_ROWS rows is held when it would lose more than half of them
 * AND more than this many: a handful of carriers or customers changing is ordinary, most of a
 * dozen going at once is not.
 */
export const SMALL_DATASET_MAX_LOSS = 5;
/** Lists whose records scope other datasets: losing one of them loses the datasets it scopes. */
const SCOPE_LISTS: ReadonlySet<string> = new Set(['accounts', 'facilities']);

/** Whether an answer that would delete `gone` of a dataset's `previousRows` rows is held. */
export function isMassDeletion(list: string, previousRows: number, gone: number): boolean {
  if (gone === 0) return false;
  // a list emptied: what a broken or misconfigured server answers far more often than a real warehouse
  if (gone >= previousRows) return true;
  if (gone * 2 <= previousRows) return false;
  return previousRows > MASS_DELETE_MIN_ROWS || SCOPE_LISTS.has(list) || gone > SMALL_DATASET_MAX_LOSS;
}

/** What a catalog list may shrink by, in percent of what the mirror holds, before an unproven reading is held (setting shrinkHoldPercent). */
export const DEFAULT_SHRINK_HOLD_PERCENT = 5;
/** Lists that move by nature: stock and history shrink as goods leave and events age, not only when a reading is cut short. */
const MOVING_LISTS: ReadonlySet<string> = new Set(['inventory', 'history']);

/**
 * Whether a reading of a list, proven by no total of the server's, that leaves `rowsAfter` of the
 * `previousRows` the dataset held is held: a catalog (items, locations, accounts...) seldom loses
 * more than a few percent at once, and a reading cut short looks just like that.
 */
export function isUnprovenShrink(list: string, previousRows: number, rowsAfter: number, percent: number): boolean {
  if (MOVING_LISTS.has(list)) return false;
  const shrink = previousRows - rowsAfter;
  // a handful of carriers or customers going is ordinary, whatever share of a short list it is
  if (shrink <= SMALL_DATASET_MAX_LOSS) return false;
  return shrink * 100 > percent * previousRows;
}
