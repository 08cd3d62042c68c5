// What a scanner sent, key by key, and why the app did or did not take it for a scan: the scanner
// check screen shows this so that whoever sets up a workstation can see the cause (a missing Enter
// suffix, a scanner set to a slow key rate, a keyboard country that does not match) instead of
// guessing. The verdict is the wedge detector's own, fed the same keys at the same times.
import { DEFAULT_WEDGE, GROUP_SEPARATOR, WedgeDetector, type WedgeOptions } from './wedge.ts';

export interface Keystroke {
  /** `KeyboardEvent.key`, or 'GroupSeparator' for Ctrl+] (as the listener reads it). */
  key: string;
  at: number;
}

/** `split`: a long gap made the detector drop the start, so only the end was read as the scan. */
export type BurstVerdict = 'scan' | 'split' | 'no-terminator' | 'too-slow' | 'too-short' | 'too-long';

export interface BurstReport {
  /** The characters, terminator excluded. */
  text: string;
  terminator: 'Enter' | 'Tab' | null;
  durationMs: number;
  /** The longest gap between two keys of the burst (terminator included). */
  maxGapMs: number;
  verdict: BurstVerdict;
  /** What the app would take as the scan (all of `text`, or its end when split), else null. */
  scanned: string | null;
  /** A hint that the scanner types for another keyboard layout than the workstation's. */
  layout: 'azerty-digits' | 'not-ascii' | null;
  options: WedgeOptions;
}

/**
 * The digit row of a French (AZERTY) keyboard, unshifted, less `-` and `_` (common in codes): what
 * a scanner set to AZERTY types for the digits of 1234567890 on another layout.
 */
const AZERTY_DIGIT_ROW = new Set('&é"\'(èçà');

export function analyseBurst(keys: Keystroke[], options: WedgeOptions = DEFAULT_WEDGE): BurstReport | null {
  const last = keys.at(-1);
  if (!last) return null;
  const terminator = last.key === 'Enter' || last.key === 'Tab' ? last.key : null;
  const body = terminator ? keys.slice(0, -1) : keys;
  const text = body.map((k) => (k.key === 'GroupSeparator' ? GROUP_SEPARATOR : k.key)).join('');
  let maxGapMs = 0;
  for (let i = 1; i < keys.length; i++) maxGapMs = Math.max(maxGapMs, keys[i]!.at - keys[i - 1]!.at);
  const durationMs = last.at - keys[0]!.at;

  // The detector's own answer, replayed on the recorded times.
  let clock = 0;
  const detector = new WedgeDetector(options, () => clock);
  let scanned: string | null = null;
  for (const k of keys) {
    clock = k.at;
    const verdict = detector.feed(k.key);
    scanned = verdict.kind === 'scan' ? verdict.code : null;
  }
  const verdict: BurstVerdict = scanned !== null
    ? scanned === text ? 'scan' : 'split'
    : !terminator
      ? 'no-terminator'
      : maxGapMs > options.maxGapMs
        ? 'too-slow'
        : text.length < options.minLength
          ? 'too-short'
          : 'too-long';

  return { text, terminator, durationMs, maxGapMs, verdict, scanned, layout: layoutHint(text), options };
}

function layoutHint(text: string): BurstReport['layout'] {
  const chars = [...text].filter((c) => c !== GROUP_SEPARATOR);
  const digits = chars.filter((c) => c >= '0' && c <= '9').length;
  const azerty = chars.filter((c) => AZERTY_DIGIT_ROW.has(c)).length;
  if (azerty >= 3 && azerty > digits) return 'azerty-digits';
  if (chars.some((c) => c.charCodeAt(0) > 0x7e)) return 'not-ascii';
  return null;
}

/** The characters as they can be shown: control characters named, so nothing sent is invisible. */
export function visibleChars(text: string): { char: string; control: boolean }[] {
  return [...text].map((c) => {
    if (c === GROUP_SEPARATOR) return { char: 'GS', control: true };
    if (c === ' ') return { char: '␠', control: true };
    const code = c.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return { char: `0x${code.toString(16).padStart(2, '0')}`, control: true };
    return { char: c, control: false };
  });
}
