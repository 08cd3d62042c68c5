// A server's values read liberally into what the mirror's extracted columns hold: text, numbers,
// 0/1 flags and instants. The record's own JSON (raw) keeps what the server sent.
import { instantReading } from '../api/instant.ts';

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

/** A value in a time field that is there but is not a time: stored as text it would sort before every date. */
export class NotAnInstant extends Error {
  /** The value as JSON, cut to a line. */
  readonly shown: string;
  constructor(value: unknown) {
    const shown = shortJson(value);
    super(`${shown} is not a time Aisle can read`);
    this.shown = shown;
  }
}

function shortJson(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}

/**
 * A time field as the mirror stores it: UTC in Date#toISOString's form, so that the texts compare as
 * the times do, whatever form the server wrote (api/instant.ts reads them all). A date alone is kept
 * as that date (`2026-11-29`: it sorts among the instants of its day). Null when absent; a value that
 * is there and is not a time throws NotAnInstant: never kept as text that sorts before every date.
 */
export function instantText(value: unknown): string | null {
  if (typeof value === 'string' && isCanonical(value)) return value;
  const reading = instantReading(value);
  if (reading.kind === 'absent') return null;
  if (reading.kind === 'unreadable') throw new NotAnInstant(value);
  const iso = new Date(reading.ms).toISOString();
  // a year past 9999 (or before 0) is written with six digits and a sign: not comparable as text
  if (iso.length !== 24) throw new NotAnInstant(value);
  return reading.dateOnly ? iso.slice(0, 10) : iso;
}

/** instantText, or null for a value that is not a time (where the record's own reading says so in words). */
export function timeOrNull(value: unknown): string | null {
  try {
    return instantText(value);
  } catch (error) {
    if (error instanceof NotAnInstant) return null;
    throw error;
  }
}
