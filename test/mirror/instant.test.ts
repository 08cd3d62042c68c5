// The mirror keeps a server's instants in one form, UTC as toISOString writes it, so that comparing
// the texts compares the times; what is not a time with a zone is kept as sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcInstant } from '../../electron/core/mirror/instant.ts';
import { instantText } from '../../electron/core/mirror/record-tables.ts';

/** `ms` written at `offset` minutes from UTC, with or without milliseconds, as a server might. */
function atOffset(ms: number, offset: number, withMs: boolean, colon: boolean): string {
  const local = new Date(ms + offset * 60_000).toISOString();
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${withMs ? local.slice(0, 23) : local.slice(0, 19)}${sign}${hh}${colon ? ':' : ''}${mm}`;
}

describe('utcInstant', () => {
  it('keeps the canonical form as it is and writes other zoned forms in it', () => {
    expect(utcInstant('2026-10-31T15:15:39.125Z')).toBe('2026-10-31T15:15:39.125Z');
    expect(utcInstant('2026-10-31T15:15:39Z')).toBe('2026-10-31T15:15:39.000Z');
    expect(utcInstant('2026-10-31t15:15:39.5z')).toBe('2026-10-31T15:15:39.500Z');
    expect(utcInstant('2026-10-31T17:15:39.5+02:00')).toBe('2026-10-31T15:15:39.500Z');
    expect(utcInstant('2026-10-31 17:15:39+0200')).toBe('2026-10-31T15:15:39.000Z');
    expect(utcInstant('2026-10-31T23:30:00-01:00')).toBe('2026-11-01T00:30:00.000Z');
    expect(utcInstant('2026-10-31T15:15:39.123456Z')).toBe('2026-10-31T15:15:39.123Z');
    expect(utcInstant('2026-10-31T15:15Z')).toBe('2026-10-31T15:15:00.000Z');
  });

  it('keeps as sent what has no zone or is not a time', () => {
    for (const text of ['2026-10-31T15:15:39', '2026-10-31', 'yesterday', '', '2026-13-31T15:15:39Z', '2026-10-31T25:00:00Z']) expect(utcInstant(text)).toBe(text);
    expect(instantText(null)).toBeNull();
    expect(instantText({ at: 1 })).toBeNull();
    // epoch milliseconds (a server's other way of writing an instant) are an instant too
    expect(instantText(1_730_000_000_000)).toBe('2024-10-27T03:33:20.000Z');
  });

  it('property: any instant at any offset comes back as toISOString writes it, and the texts sort as the times do', () => {
    const instant = fc.record({
      ms: fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(9998, 11, 31) }),
      offset: fc.integer({ min: -56, max: 56 }).map((quarters) => quarters * 15),
      withMs: fc.boolean(),
      colon: fc.boolean(),
    });
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const exact = (x: typeof a) => (x.withMs ? x.ms : x.ms - (x.ms % 1000));
        const [ta, tb] = [a, b].map((x) => utcInstant(atOffset(x.ms, x.offset, x.withMs, x.colon)));
        expect(ta).toBe(new Date(exact(a)).toISOString());
        expect(tb).toBe(new Date(exact(b)).toISOString());
        const textOrder = ta < tb ? -1 : ta > tb ? 1 : 0;
        expect(textOrder).toBe(Math.sign(exact(a) - exact(b)));
      }),
      { numRuns: 500 },
    );
  });
});
