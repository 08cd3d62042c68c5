// Performance measures the benchmarks read (`performance.getEntriesByName(name)`), bounded so that
// a workstation left open all shift does not keep every keystroke's entry.
const KEEP = 5000;
const counts = new Map<string, number>();

export function measure(name: string, start: number, end: number, detail?: Record<string, number>): void {
  const count = (counts.get(name) ?? 0) + 1;
  if (count > KEEP) performance.clearMeasures(name);
  counts.set(name, count > KEEP ? 1 : count);
  performance.measure(name, { start, end, detail });
}
