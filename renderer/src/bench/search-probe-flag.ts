// Whether the search benchmark wants the box measured: it sets this on the page before the page
// loads (test/bench/renderer-search.bench.ts). Apart from the probe, so that the page loads the
// probe only when asked.

/** The window property the benchmark sets to true. */
export const SEARCH_PROBE_FLAG = 'aisleSearchProbe';

export function searchProbeWanted(target: object): boolean {
  return (target as Record<string, unknown>)[SEARCH_PROBE_FLAG] === true;
}
