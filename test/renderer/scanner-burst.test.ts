// The scanner check's reading of a burst of keys: the wedge detector's verdict replayed on the
// recorded times, the reason in words when it is not a scan, and a hint at a wrong keyboard layout.
import { describe, expect, it } from 'vitest';
import { analyseBurst, visibleChars, type Keystroke } from '../../renderer/src/features/scanner/burst.ts';

/** `text` typed with `gap` ms between keys, then `end` (if any) after the same gap. */
function burst(text: string, gap: number, end: 'Enter' | 'Tab' | null = 'Enter', start = 1000): Keystroke[] {
  const keys = [...text].map((key, i) => ({ key: key === '\u001d' ? 'GroupSeparator' : key, at: start + i * gap }));
  return end ? [...keys, { key: end, at: start + text.length * gap }] : keys;
}

describe('analyseBurst', () => {
  it('reads a fast burst ended by Enter or Tab as a scan, with its timing', () => {
    expect(analyseBurst(burst('4006381333931', 6))).toMatchObject({ text: '4006381333931', terminator: 'Enter', verdict: 'scan', scanned: '4006381333931', maxGapMs: 6, durationMs: 78, layout: null });
    expect(analyseBurst(burst('A-03-02-B', 3, 'Tab'))).toMatchObject({ verdict: 'scan', terminator: 'Tab', layout: null });
  });

  it('says why a burst is not a scan: no terminator, too slow, too short, too long', () => {
    expect(analyseBurst(burst('4006381333931', 6, null))?.verdict).toBe('no-terminator');
    const slow = burst('4006381333931', 6);
    slow.forEach((k, i) => (k.at += i >= 10 ? 80 : 0)); // one gap of 86 ms, 3 characters before the end
    expect(analyseBurst(slow)).toMatchObject({ verdict: 'too-slow', maxGapMs: 86, scanned: null });
    // A gap early on: the detector starts again after it and reads only the end as the scan.
    const split = burst('4006381333931', 6);
    split.forEach((k, i) => (k.at += i >= 5 ? 80 : 0));
    expect(analyseBurst(split)).toMatchObject({ verdict: 'split', scanned: '81333931', maxGapMs: 86 });
    expect(analyseBurst(burst('123', 5))?.verdict).toBe('too-short');
    expect(analyseBurst(burst('X'.repeat(60), 30))).toMatchObject({ verdict: 'too-long', durationMs: 1800 });
    expect(analyseBurst([])).toBeNull();
  });

  it('agrees with the detector at its limits', () => {
    expect(analyseBurst(burst('1234', 40))?.verdict).toBe('scan');
    expect(analyseBurst(burst('1234', 41))?.verdict).toBe('too-slow');
  });

  it('hints at a scanner typing for another keyboard layout', () => {
    // 4006381333931 typed by a scanner set to AZERTY, read on a QWERTY layout: the digit row unshifted.
    expect(analyseBurst(burst('\'àà§"ç&"""é"&', 5))?.layout).toBe('azerty-digits');
    expect(analyseBurst(burst('SKU-Ä0042', 5))?.layout).toBe('not-ascii');
    expect(analyseBurst(burst('A-03-02-B', 5))?.layout).toBeNull();
  });

  it('shows control characters by name', () => {
    expect(visibleChars('01\u001d10 A')).toEqual([
      { char: '0', control: false },
      { char: '1', control: false },
      { char: 'GS', control: true },
      { char: '1', control: false },
      { char: '0', control: false },
      { char: '␠', control: true },
      { char: 'A', control: false },
    ]);
  });
});
