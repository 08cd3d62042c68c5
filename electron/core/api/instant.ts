// Instants as servers write them. The spec says "ISO 8601 UTC"; real servers also drop the offset
// (meaning UTC here, not the workstation's zone), add a zone id in brackets (Java's ZonedDateTime),
// send epoch seconds or milliseconds (as numbers or text), or Java's [y, m, d, h, min, s, nanos].

const NO_OFFSET = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?$/;

/** Below this a number is epoch seconds (it would be March 1973 in milliseconds). */
const SECONDS_BELOW = 1e11;

/** Milliseconds since the epoch, or null when the value is absent or not an instant. */
export function readInstant(value: unknown): number | null {
  if (typeof value === 'number') return fromEpoch(value);
  if (Array.isArray(value)) return fromParts(value);
  if (typeof value !== 'string') return null;
  const raw = value.trim();
  if (raw === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(raw)) return fromEpoch(Number(raw));
  let iso = raw.replace(/\[[^\]]*\]$/, '');
  if (NO_OFFSET.test(iso)) iso = `${iso.replace(' ', 'T').replace(',', '.')}${iso.length === 10 ? 'T00:00:00' : ''}Z`;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

function fromEpoch(n: number): number | null {
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.round(n < SECONDS_BELOW ? n * 1000 : n);
}

function fromParts(parts: unknown[]): number | null {
  if (parts.length < 3 || parts.length > 7 || !parts.every((p) => typeof p === 'number' && Number.isInteger(p))) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0, nanos = 0] = parts as number[];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s, Math.floor(nanos / 1e6));
  return Number.isNaN(ms) ? null : ms;
}
