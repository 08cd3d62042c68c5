// Tells a keyboard-wedge scanner from a person typing, by timing alone. A scanner "types" a code
// with a few milliseconds between keys and ends it with Enter or Tab; a person is slower. The
// clock is injected so the timing can be tested without sleeping.

export interface WedgeOptions {
  /** Longest gap between two characters of one scan (ms). */
  maxGapMs: number;
  /** Shortest code taken as a scan. */
  minLength: number;
  /** Longest time a whole scan may take (ms), so long slow entries are never taken for scans. */
  maxDurationMs: number;
}

export const DEFAULT_WEDGE: WedgeOptions = { maxGapMs: 40, minLength: 4, maxDurationMs: 1500 };

export type WedgeVerdict =
  /** Not part of a scan: let the key do what it normally does. */
  | { kind: 'pass' }
  /** Possibly part of a scan: keep it buffered (the caller may suppress the key's default). */
  | { kind: 'buffer' }
  /** A complete scan, ended by Enter or Tab. */
  | { kind: 'scan'; code: string };

/** ASCII 29, the GS1 group separator (FNC1) that many scanners send as Ctrl+] or as the char itself. */
export const GROUP_SEPARATOR = '\u001d';

export class WedgeDetector {
  private buffer = '';
  private firstAt = 0;
  private lastAt = 0;
  private readonly options: WedgeOptions;
  private readonly now: () => number;

  constructor(options: Partial<WedgeOptions> = {}, now: () => number = () => performance.now()) {
    this.options = { ...DEFAULT_WEDGE, ...options };
    this.now = now;
  }

  /** Feeds one `KeyboardEvent.key` (read `key`, not `code`: the layout matters), pressed at `t`. */
  feed(key: string, t: number = this.now()): WedgeVerdict {
    const gap = t - this.lastAt;
    if (this.buffer && gap > this.options.maxGapMs) this.buffer = '';

    if (key === 'Enter' || key === 'Tab') {
      const code = this.buffer;
      const duration = t - this.firstAt;
      this.buffer = '';
      if (code.length >= this.options.minLength && gap <= this.options.maxGapMs && duration <= this.options.maxDurationMs) {
        return { kind: 'scan', code };
      }
      return { kind: 'pass' };
    }

    const char = key === 'GroupSeparator' ? GROUP_SEPARATOR : key;
    if (char.length !== 1) return { kind: 'pass' };
    if (!this.buffer) this.firstAt = t;
    this.buffer += char;
    this.lastAt = t;
    return { kind: 'buffer' };
  }

  /** Characters buffered so far (for the caller to give back to a field when it was typing). */
  pending(): string {
    return this.buffer;
  }

  reset(): void {
    this.buffer = '';
  }
}
