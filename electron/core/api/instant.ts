// Instants as servers write them, read into one number: milliseconds since the epoch. The spec says
// "ISO 8601 UTC"; real servers also drop the offset (meaning UTC here, not the workstation's zone),
// write the offset without a colon or as hours alone, add any number of fraction digits or a zone id
// in brackets (Java's ZonedDateTime), send epoch seconds, milliseconds or decimal seconds (as numbers
// or text), .NET's `/Date(ms)/` (its offset says only where the writer was: the milliseconds are
// UTC), Java's [y, m, d, h, min, s, nanos], or an HTTP date. Nothing else is guessed: `11/29/2026`
// could be either of two days, and Date.parse would read it in the workstation's zone.

/** Below this a number is epoch seconds (it would be March 1973 in milliseconds). */
const SECONDS_BELOW = 1e11;

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)? ?([Zz]|[+-]\d{2}(?::?\d{2})?)?(?:\[[^\]]+\])?$/;
const EPOCH = /^-?\d+(?:\.\d+)?$/;
const DOTNET = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/;
const ZERO_DATE = /^0000-00-00(?:[T ]00:00:00(?:\.0+)?)?$/;
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** The outcome of reading a value as an instant: nothing there, a time, or something else. */
export type InstantReading = { kind: 'absent' } | { kind: 'instant'; ms: number; dateOnly: boolean } | { kind: 'unreadable' };

const ABSENT: InstantReading = { kind: 'absent' };
const UNREADABLE: InstantReading = { kind: 'unreadable' };

/** Milliseconds since the epoch, or null when the value is absent, not an instant, or the epoch itself or before (a session's "no expiry"). */
export function readInstant(value: unknown): number | null {
  const reading = instantReading(value);
  return reading.kind === 'instant' && reading.ms > 0 ? reading.ms : null;
}

/** A value read as an instant; a date alone is its day's first instant in UTC, and says so. */
export function instantReading(value: unknown): InstantReading {
  if (value === null || value === undefined) return ABSENT;
  if (typeof value === 'number') return instant(fromEpoch(value));
  if (Array.isArray(value)) return instant(fromParts(value));
  if (typeof value !== 'string') return UNREADABLE;
  const raw = value.trim();
  // MySQL's zero date is how such servers write "no date"
  if (raw === '' || ZERO_DATE.test(raw)) return ABSENT;
  if (EPOCH.test(raw)) return instant(fromEpoch(Number(raw)));
  const dotnet = DOTNET.exec(raw);
  if (dotnet) return instant(Number(dotnet[1]));
  if (HTTP_DATE.test(raw)) return instant(Date.parse(raw));
  const iso = ISO.exec(raw);
  if (!iso) return UNREADABLE;
  return instant(fromIso(iso), iso[4] === undefined);
}

/** The furthest a JavaScript Date reaches either side of the epoch. */
const MAX_MS = 8.64e15;

function instant(ms: number | null, dateOnly = false): InstantReading {
  return ms === null || !Number.isFinite(ms) || Math.abs(ms) > MAX_MS ? UNREADABLE : { kind: 'instant', ms, dateOnly };
}

function fromEpoch(n: number): number | null {
  if (!Number.isFinite(n)) return null;
  return Math.round(Math.abs(n) < SECONDS_BELOW ? n * 1000 : n);
}

function fromParts(parts: unknown[]): number | null {
  if (parts.length < 3 || parts.length > 7 || !parts.every((p) => typeof p === 'number' && Number.isInteger(p))) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0, nanos = 0] = parts as number[];
  return utc(y, mo, d, h, mi, s, Math.floor(nanos / 1e6));
}

function fromIso(m: RegExpExecArray): number | null {
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = m;
  // milliseconds at most: further digits are cut, as toISOString would
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const local = utc(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s), ms);
  if (local === null) return null;
  if (zone === undefined || zone === 'Z' || zone === 'z') return local;
  const digits = zone.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3) || '0');
  if (minutes > 18 * 60) return null;
  return zone.startsWith('-') ? local + minutes * 60_000 : local - minutes * 60_000;
}

/** The instant of a UTC calendar time, or null when a part is out of its range (the 31st of April). */
function utc(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59 || h < 0 || mi < 0 || s < 0 || ms < 0) return null;
  const time = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  if (Number.isNaN(time) || new Date(time).getUTCDate() !== d) return null;
  return time;
}
