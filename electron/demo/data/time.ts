// The demo streams millions of records with a time each: Date#toISOString was a large share of an
// item's generation, and a benchmark's server shares the client's two cores. The same
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

/** The same instant written at an offset from UTC (`…T14:00:00.000+02:00`), as a server in another zone may. */
export function isoAtOffset(ms: number, offsetMinutes: number): string {
  if (offsetMinutes === 0) return iso(ms);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  return `${iso(ms + offsetMinutes * 60_000).slice(0, 23)}${sign}${TWO[Math.floor(minutes / 60)]}:${TWO[minutes % 60]}`;
}
