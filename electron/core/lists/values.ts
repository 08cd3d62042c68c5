// A server's values read liberally into what the mirror's extracted columns hold: text, numbers,
// 0/1 flags and instants. The record's own JSON (raw) keeps what the server sent.
import { utcInstant } from '../mirror/instant.ts';

export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A number, or a number written as text (`"12"`, `" 3.5 "`). */
export function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

const TRUE = new Set(['true', '1', 'y', 'yes', 't', 'on']);
const FALSE = new Set(['false', '0', 'n', 'no', 'f', 'off']);

/** 1 or 0 for the ways servers write a yes or no (true, "true", 1, "1", "Y", "yes"...); else null. */
export function flag(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === 1 || value === 0) return value;
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  return TRUE.has(word) ? 1 : FALSE.has(word) ? 0 : null;
}

/** Epoch seconds up to this many are seconds (until the year 5138); more are milliseconds. */
const MAX_EPOCH_SECONDS = 1e11;
const DIGITS = /^-?\d{9,14}$/;

/**
 * The mirror's own form (and the demo server's, so nearly every time read): kept as it is, told by
 * its punctuation alone, which costs a tenth of a regular expression per record.
 */
function isCanonical(t: string): boolean {
  return (
    t.length === 24 &&
    t.charCodeAt(23) === 90 && // Z
    t.charCodeAt(19) === 46 && // .
    t.charCodeAt(10) === 84 && // T
    t.charCodeAt(4) === 45 &&
    t.charCodeAt(7) === 45 &&
    t.charCodeAt(13) === 58 &&
    t.charCodeAt(16) === 58
  );
}
const ZONELESS = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?$/;

/**
 * A time field as the mirror stores it: UTC in Date#toISOString's form (instant.ts), so that the
 * texts compare as the times do. Epoch seconds or milliseconds (numbers or digit strings) and
 * date-times without a zone (read as UTC: a server that leaves out the zone almost always means
 * UTC) are written in that form too; a date alone, or what is not a time, is kept as sent.
 */
export function instantText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? fromEpoch(value) : null;
  const t = text(value);
  if (t === null) return null;
  if (isCanonical(t)) return t;
  if (DIGITS.test(t)) return fromEpoch(Number(t));
  if (ZONELESS.test(t)) return utcInstant(`${t}Z`);
  return utcInstant(t);
}

function fromEpoch(value: number): string {
  const ms = Math.abs(value) < MAX_EPOCH_SECONDS ? value * 1000 : value;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}
