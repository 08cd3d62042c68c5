// The one order of a log's events (history) wherever a mirror keeps only its newest: the newest time
// first, and among events of one instant the greater id first. A server's times may be coarse
// (whole seconds, whole days), so many events can share the instant where the newest
// `historyMaxEvents` end. The id is the event's own, the same on every machine; the row's arrival
// order in one mirror is not: a workstation that read the log round after round and a site relay
// that took over with a new mirror would keep different events of that instant.
//
// The SQL order and `newestFirst` must agree: SQLite compares text by its UTF-8 bytes (BINARY, the
// collation of created_on and id), and puts an event without a time after every event with one.

/** A log's events newest first, as SQL (the table's created_on and id). */
export const LOG_NEWEST_FIRST = 'created_on DESC, id DESC';

export interface LogEvent {
  id: string;
  /** Its time as the mirror keeps it (UTC text), null when it had none. */
  time: string | null;
}

/** Compares two events as LOG_NEWEST_FIRST orders them: negative when `a` comes first. */
export function newestFirst(a: LogEvent, b: LogEvent): number {
  if (a.time !== b.time) {
    if (a.time === null) return 1;
    if (b.time === null) return -1;
    return compareBytes(b.time, a.time);
  }
  return compareBytes(b.id, a.id);
}

/** The newest `max` of the events, by LOG_NEWEST_FIRST (all of them when they are no more). */
export function newestEvents<T extends LogEvent>(events: readonly T[], max: number): T[] {
  if (events.length <= max) return [...events];
  return [...events].sort(newestFirst).slice(0, max);
}

/**
 * Two texts in the order of their UTF-8 bytes, as SQLite's BINARY collation compares them. JavaScript's
 * `<` compares UTF-16 units, which differs for a character above U+FFFF (a surrogate pair) against
 * one of U+E000–U+FFFF; ranking the units puts surrogates after those, as their UTF-8 bytes are.
 */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return utf8Rank(x) - utf8Rank(y);
  }
  return a.length - b.length;
}

const utf8Rank = (unit: number) => (unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit);
