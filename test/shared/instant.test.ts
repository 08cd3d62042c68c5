// The mirror keeps a server's instants in one form, UTC as toISOString writes it, so that comparing
// the texts compares the times, whatever form the server wrote them in; a value that is there and
// is not a time is refused, never kept as text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcInstant } from '../../electron/core/shared/instant.ts';
import { instantText } from '../../electron/core/lists/values.ts';
import { NotAnInstant } from '../../electron/core/lists/values.ts';

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

  it('keeps as sent what has no zone or is not a time', () => {
    for (const text of ['2026-10-31T15:15:39', '2026-10-31', 'yesterday', '', '2026-13-31T15:15:39Z', '2026-10-31T25:00:00Z']) expect(utcInstant(text)).toBe(text);
  });
});

describe('instantText: every form a server writes, one stored instant', () => {
  const AT = '2026-11-29T10:42:05.123Z';
  it('reads ISO in every common form, epoch numbers, .NET dates and Jackson arrays to the same instant', () => {
    const forms: unknown[] = [
      AT,
      '2026-11-29T10:42:05.123',
      '2026-11-29 10:42:05.123',
      '2026-11-29T10:42:05.123456789Z',
      '2026-11-29T10:42:05,123Z',
      '2026-11-29T11:42:05.123+01:00',
      '2026-11-29T11:42:05.123+0100',
      '2026-11-29T11:42:05.123+01',
      '2026-11-29T05:42:05.123-05:00[America/New_York]',
      '2026-11-29t10:42:05.123z',
      1_795_948_925_123,
      '1795948925123',
      1_795_948_925.123,
      '1795948925.123',
      '/Date(1795948925123)/',
      '/Date(1795948925123+0100)/',
      [2026, 11, 29, 10, 42, 5, 123_000_000],
      [2026, 11, 29, 10, 42, 5, 123_456_789],
    ];
    for (const form of forms) expect(instantText(form), JSON.stringify(form)).toBe(AT);
    expect(instantText(1_795_948_925)).toBe('2026-11-29T10:42:05.000Z');
    expect(instantText('Sun, 29 Nov 2026 10:42:05 GMT')).toBe('2026-11-29T10:42:05.000Z');
    expect(instantText([2026, 11, 29])).toBe('2026-11-29T00:00:00.000Z');
    // the epoch itself is a time (servers that mean "never" by it get 1970, as they wrote)
    expect(instantText(0)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('property: an instant written in any form a server uses is stored as the same instant', () => {
    const forms: ((ms: number) => unknown)[] = [
      (ms) => new Date(ms).toISOString(),
      (ms) => ms,
      (ms) => String(ms),
      (ms) => ms / 1000,
      (ms) => `/Date(${ms}-0500)/`,
      (ms) => {
        const d = new Date(ms);
        return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds() * 1e6 + 999];
      },
      (ms) => `${new Date(ms).toISOString().slice(0, 23)}987654Z`,
      (ms) => atOffset(ms, -330, true, false),
    ];
    fc.assert(
      // seconds and milliseconds are told apart by size: seconds up to the year 5138, milliseconds from March 1973
      fc.property(fc.integer({ min: Date.UTC(1973, 3, 1), max: Date.UTC(5000, 11, 31) }), fc.integer({ min: 0, max: forms.length - 1 }), (ms, form) => {
        expect(instantText(forms[form]!(ms))).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a date alone as that date, and nothing for an absent value', () => {
    expect(instantText('2026-11-29')).toBe('2026-11-29');
    for (const absent of [null, undefined, '', '  ', '0000-00-00 00:00:00', '0000-00-00']) expect(instantText(absent)).toBeNull();
  });

  it('refuses what is there but is not a time, rather than keep text that sorts before every date', () => {
    for (const bad of ['29/11/2026 10:42:05', '11/29/2026', 'yesterday', '2026-13-31T15:15:39Z', '2026-02-30T10:00:00Z', '2026-10-31T25:00:00Z', 'true', { at: 1 }, true, [2026, 'x', 1], '2026-11-29T10:42:05+25:00', 1e20, -1e20, '/Date(99999999999999999999)/', Number.NaN]) {
      expect(() => instantText(bad), JSON.stringify(bad)).toThrow(NotAnInstant);
    }
  });

});
