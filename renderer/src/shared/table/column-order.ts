// A column moved to another place in the user's order, as a header dropped beside another does.

/** `keys` with `moving` taken out and put before `target` (after it when `after`); the same order when it cannot move. */
export function movedColumn(keys: readonly string[], moving: string, target: string, after: boolean): string[] {
  if (moving === target || !keys.includes(moving) || !keys.includes(target)) return [...keys];
  const rest = keys.filter((k) => k !== moving);
  const at = rest.indexOf(target) + (after ? 1 : 0);
  return [...rest.slice(0, at), moving, ...rest.slice(at)];
}
