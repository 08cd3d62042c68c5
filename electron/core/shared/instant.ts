// A server's instants as the mirror keeps them (history's created_on, and the marks taken from it):
// UTC in Date#toISOString's form, so that comparing the texts compares the times, as SQLite and the
// sync do (the window, the newest event kept, the stock's history mark, sorting by time). The spec
// does not show the server's format. The demo sends exactly this form; a server writing `+02:00`,
// whole seconds or a space for `T` would otherwise order by its text: `…:39Z` after `…:39.5Z`,
// 14:00+02:00 after 13:00Z. A time without a zone, or a text that is not a time, is kept as sent:
// which zone it was in is not known. The record's own JSON (raw) keeps the server's text.

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ZONED = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?) ?([Zz]|[+-]\d{2}(?::?\d{2})?)$/;

/** The instant in UTC as toISOString writes it; the text itself when it has no zone or is not a time. */
export function utcInstant(text: string): string {
  if (CANONICAL.test(text)) return text;
  const match = ZONED.exec(text);
  if (!match) return text;
  const [, date, time, zone] = match;
  // Date.parse reads milliseconds at most: further digits are cut, as toISOString would
  const clock = time.replace(/(\.\d{3})\d+$/, '$1');
  const offset = zone === 'Z' || zone === 'z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ms = Date.parse(`${date}T${clock}${offset}`);
  if (Number.isNaN(ms)) return text;
  const utc = new Date(ms).toISOString();
  // a year past 9999 (or before 0) is written with six digits and a sign: not comparable as text
  return utc.length === 24 ? utc : text;
}
