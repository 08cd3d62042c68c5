// The demo streams millions of records with a time each: Date#toISOString cost ~1 µs a call, a
// quarter of an item's generation, and a benchmark's server shares the client's two cores. The same
// text from a table of days and of digits (test/demo/data.test.ts compares them).
const DAY_MS = 86_400_000;
/** Years 0000-9999: beyond them toISOString writes six-digit years. */
const LAST_MS = 253_402_300_799_999;
const TWO = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
const days = new Map<number, string>();

export function iso(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > LAST_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let prefix = days.get(day);
  if (prefix === undefined) {
    if (days.size >= 20_000) days.clear();
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    days.set(day, prefix);
  }
  const inDay = ms - day * DAY_MS;
  const seconds = Math.floor(inDay / 1000);
  return `${prefix}${TWO[Math.floor(seconds / 3600)]}:${TWO[Math.floor(seconds / 60) % 60]}:${TWO[seconds % 60]}.${THREE[inDay % 1000]}Z`;
}
