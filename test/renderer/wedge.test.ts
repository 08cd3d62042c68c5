import { describe, expect, it } from 'vitest';
import { GROUP_SEPARATOR, WedgeDetector } from '../../renderer/src/features/scanner/wedge.ts';

/** Feeds keys `gap` ms apart on an injected clock; returns the verdict of the last key. */
function type(detector: WedgeDetector, clock: { t: number }, keys: string[], gap: number) {
  let last = detector.feed(keys[0]!);
  for (const key of keys.slice(1)) {
    clock.t += gap;
    last = detector.feed(key);
  }
  return last;
}

describe('keyboard-wedge detection by timing', () => {
  it('takes fast characters ended by Enter as one scan', () => {
    const clock = { t: 1000 };
    const d = new WedgeDetector({}, () => clock.t);
    expect(type(d, clock, [...'SKU-00042', 'Enter'], 8)).toEqual({ kind: 'scan', code: 'SKU-00042' });
  });

  it('accepts Tab as the terminator', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector({}, () => clock.t);
    expect(type(d, clock, [...'A-03-02-B', 'Tab'], 5)).toEqual({ kind: 'scan', code: 'A-03-02-B' });
  });

  it('lets a person typing at human speed through', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector({}, () => clock.t);
    expect(type(d, clock, [...'SKU-00042', 'Enter'], 120)).toEqual({ kind: 'pass' });
  });

  it('refuses codes shorter than the minimum length', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector({ minLength: 4 }, () => clock.t);
    expect(type(d, clock, [...'ABC', 'Enter'], 5)).toEqual({ kind: 'pass' });
  });

  it('restarts the buffer after a pause, so slow text before a scan is not part of it', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector({}, () => clock.t);
    type(d, clock, [...'hello'], 150);
    clock.t += 500;
    expect(type(d, clock, [...'LOC-1234', 'Enter'], 6)).toEqual({ kind: 'scan', code: 'LOC-1234' });
  });

  it('needs the terminator to come fast too', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector({ maxGapMs: 40 }, () => clock.t);
    type(d, clock, [...'SKU-00042'], 5);
    clock.t += 300;
    expect(d.feed('Enter')).toEqual({ kind: 'pass' });
  });

  it('refuses a burst that lasts longer than the maximum scan duration', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector({ maxGapMs: 40, maxDurationMs: 100 }, () => clock.t);
    expect(type(d, clock, [...'0123456789ABCDEFGHIJ', 'Enter'], 30)).toEqual({ kind: 'pass' });
  });

  it('passes the GS1 group separator through inside the code', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector({}, () => clock.t);
    const keys = [...'0109506000134352', 'GroupSeparator', ...'10LOT7', 'Enter'];
    expect(type(d, clock, keys, 4)).toEqual({ kind: 'scan', code: `0109506000134352${GROUP_SEPARATOR}10LOT7` });
  });

  it('ignores modifier and navigation keys without ending the scan', () => {
    const clock = { t: 0 };
    const d = new WedgeDetector({}, () => clock.t);
    expect(d.feed('Shift')).toEqual({ kind: 'pass' });
    expect(type(d, clock, [...'ABCD', 'Shift', 'E', 'Enter'], 5)).toEqual({ kind: 'scan', code: 'ABCDE' });
  });

  it('honours a configured gap', () => {
    const clock = { t: 0 };
    const slow = new WedgeDetector({ maxGapMs: 80 }, () => clock.t);
    expect(type(slow, clock, [...'SKU-1', 'Enter'], 60)).toEqual({ kind: 'scan', code: 'SKU-1' });
  });
});
