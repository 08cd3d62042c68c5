// Flags per stored rid, kept for one snapshot apply: which rows the snapshot met and which the walk
// read. A row read but not met is gone (gone.ts).

/** Met in the snapshot. */
export const SEEN = 1;
/** Read by the walk (a row of this dataset). */
export const WALKED = 2;
