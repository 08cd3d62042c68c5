// Counts in the CLI's output: "1 location", "12,345 items", never "1 locations".

/** `n` with the noun in the right number, thousands grouped (`many` for irregular plurals). */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${grouped(n)} ${n === 1 ? one : many}`;
}

/**
 * A whole number with its thousands grouped by commas, as en-US writes it. Grouped here rather than
 * by toLocaleString: a process's first toLocaleString loads the locale's data, which cost more than
 * the rest of a quick `find` (decision 0011). Anything but a whole number below 2^53 (and -0) goes
 * to toLocaleString.
 */
export function grouped(n: number): string {
  return Number.isSafeInteger(n) && !Object.is(n, -0) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US');
}
