// Percentiles and the measuring loop shared by the parts.

export interface Distribution {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** p99 of on-CPU time (user + system) per call, where measured: the cost without waiting for a core. */
  cpuP99?: number;
}

export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function distribution(values: number[] | Float64Array): Distribution {
  const sorted = Float64Array.from(values).sort();
  return { n: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** What one case's calls met besides their own work (counted over the whole case, warm-up included). */
export interface LookupTail {
  /** Pages touched for the first time through the memory map (minor: from the OS cache; major: from disk). */
  minorFaults: number;
  majorFaults: number;
  /** Times the process was made to wait for a core. */
  involuntarySwitches: number;
  /** Young- and old-heap collections, and their time in all. */
  gcs: number;
  gcMs: number;
}

/** Each call's time in milliseconds: wall clock, and on CPU (the whole process). */
export interface Samples {
  wall: number[];
  cpu: number[];
}

/** Times `run` once per input (after a warm-up of up to `warmUp` calls), in milliseconds, wall and CPU. */
export function timeEach<I>(inputs: I[], run: (input: I) => unknown, warmUp = 100): Distribution {
  return ofSamples([timeCalls(inputs, run, warmUp)]);
}

/** timeEach's calls, each one's time kept: rounds run apart are pooled with ofSamples. */
export function timeCalls<I>(inputs: I[], run: (input: I) => unknown, warmUp = 100): Samples {
  for (let i = 0; i < Math.min(warmUp, inputs.length); i++) run(inputs[i]);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < inputs.length; i++) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    run(inputs[i]);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

/** The distribution of every call of every round. */
export function ofSamples(rounds: Samples[]): Distribution {
  return { ...distribution(rounds.flatMap((r) => r.wall)), cpuP99: distribution(rounds.flatMap((r) => r.cpu)).p99 };
}

/** The same for asynchronous calls, one at a time. */
export async function timeEachAsync<I>(inputs: I[], run: (input: I) => Promise<unknown>, warmUp = 20): Promise<Distribution> {
  for (let i = 0; i < Math.min(warmUp, inputs.length); i++) await run(inputs[i]);
  const times = new Float64Array(inputs.length);
  for (let i = 0; i < inputs.length; i++) {
    const started = performance.now();
    await run(inputs[i]);
    times[i] = performance.now() - started;
  }
  return distribution(times);
}

/** mulberry32: a small seeded PRNG, so that every run asks the same keys. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A timed case against its p99 target, in words for the bench's log: met on the wall clock, met
 * on CPU time only (the wall clock counted waits for a core on a busy machine), or FAILED; '' without a target.
 */
export function p99Verdict(row: { p99: number; cpuP99: number; limitMs?: number }): string {
  if (row.limitMs === undefined) return '';
  if (row.p99 < row.limitMs) return `< ${row.limitMs} ok`;
  if (row.cpuP99 < row.limitMs) return `< ${row.limitMs} ok on cpu time only (machine busy)`;
  return `< ${row.limitMs} FAILED`;
}
