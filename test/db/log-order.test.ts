// The order a log's newest events are kept by is one order in SQL (a workstation's mirror) and in
// JavaScript (a site relay's generation): fed the same events, many of one instant, ids in every
// range of characters, some without a time, SQLite's ORDER BY and `newestFirst` line them up alike,
// so the newest N of them are the same events on both sides.
import { describe, expect, it } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { compareBytes, LOG_NEWEST_FIRST, newestEvents, newestFirst, type LogEvent } from '../../electron/core/db/log-order.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((d) => (db = d));

const TIED = '2026-10-25T00:00:00.000Z';

/** Ids that JavaScript's `<` (UTF-16 units) and SQLite (UTF-8 bytes) put in different orders, and plain ones. */
const IDS = ['ev-1', 'ev-10', 'ev-2', 'EV-3', 'ev-\u00e9', 'ev-\uff5e', 'ev-\u{1f4e6}', 'ev-\u{10000}', 'ev-\ufffd', 'ev-\ue000', 'ev-'];

function events(): LogEvent[] {
  const out: LogEvent[] = [];
  IDS.forEach((id, n) => {
    out.push({ id: `${id}-a`, time: TIED });
    out.push({ id: `${id}-b`, time: n % 3 === 0 ? '2026-10-26T10:00:00.000Z' : n % 3 === 1 ? null : TIED });
  });
  return out;
}

/** The events stored as a mirror stores them, then read back in LOG_NEWEST_FIRST. */
function sqlOrder(all: LogEvent[]): string[] {
  const insert = db.prepare("INSERT INTO history (dataset_id, id, created_on, hash, raw) VALUES (1, ?, ?, 0, '{}')");
  // stored in an order that is neither of the ids' orders, as rows arrive from a server
  for (const e of [...all].reverse()) insert.run(e.id, e.time);
  return db.prepare(`SELECT id FROM history WHERE dataset_id = 1 ORDER BY ${LOG_NEWEST_FIRST}`).pluck().all() as string[];
}

describe("a log's newest-first order", () => {
  it('is the same in SQLite and in newestFirst, for events of one instant, without a time, and ids past U+FFFF', () => {
    const all = events();
    const inSql = sqlOrder(all);
    expect([...all].sort(newestFirst).map((e) => e.id)).toEqual(inSql);
    // the case JavaScript's own comparison gets wrong: a character past U+FFFF against U+FF5E
    expect('ev-\u{1f4e6}' < 'ev-\uff5e').toBe(true);
    expect(inSql.indexOf('ev-\u{1f4e6}-a')).toBeLessThan(inSql.indexOf('ev-\uff5e-a'));
  });

  it('keeps, of events more than it may, the same ones SQLite lists first', () => {
    const all = events();
    const inSql = sqlOrder(all);
    for (const max of [1, 5, 12, all.length - 3]) expect(newestEvents(all, max).map((e) => e.id)).toEqual(inSql.slice(0, max));
    expect(newestEvents(all, all.length)).toHaveLength(all.length);
  });

  it('compares texts by their UTF-8 bytes', () => {
    const texts = ['a', 'ab', '', 'b', '\u00ff', '\u0800', '\ue000', '\uffff', '\u{10000}', '\u{10ffff}', 'a\u{1f600}', 'a\uffee'];
    const byBytes = [...texts].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...texts].sort(compareBytes)).toEqual(byBytes);
  });
});
