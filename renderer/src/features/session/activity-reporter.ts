// Tells main the user is at the workstation, so that a shared terminal locks only when it is left
// alone (settings.lockAfterMinutes; main keeps the time, so every window counts). Input is watched on
// the window: keys (a scanner's too), pointer, wheel, touch. Main is told at most once per `everyMs`,
// far below the shortest lock time, so a busy user costs one call in a while.
const INPUT = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

export interface ActivityOptions {
  /** Report only while this holds (signed in, unlocked, idle locking on). */
  enabled: () => boolean;
  everyMs?: number;
  now?: () => number;
}

export function installActivityReporter(target: Window, report: () => void, options: ActivityOptions): () => void {
  const everyMs = options.everyMs ?? 15_000;
  const now = options.now ?? (() => performance.now());
  let last = -Infinity;
  const onInput = () => {
    if (!options.enabled()) return;
    const at = now();
    if (at - last < everyMs) return;
    last = at;
    report();
  };
  for (const kind of INPUT) target.addEventListener(kind, onInput, { capture: true, passive: true });
  return () => {
    for (const kind of INPUT) target.removeEventListener(kind, onInput, { capture: true });
  };
}
