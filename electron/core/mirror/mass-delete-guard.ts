// Which whole answers are held back for the user to confirm (sync.confirmHeld) instead of applied.
// A server that answers one list wrongly (an empty array, a page instead of the whole list) must not
// take the workstation's catalog with it: the user looks at what would go before it goes.

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
