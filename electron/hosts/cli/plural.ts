// Counts in the CLI's output: "1 location", "12,345 items", never "1 locations".

/** `n` with the noun in the right number, thousands grouped (`many` for irregular plurals). */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
