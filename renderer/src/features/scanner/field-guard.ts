// Keeps a scanner's burst out of a secret field (the lock screen's PIN or password): the app's
// scan listener leaves password fields alone, so a label scanned at the lock screen would be typed
// into the PIN and its Enter would spend one of the PIN's few tries. Here the same timing as every
// scan is read at the field: when a burst ends as a scan, its Enter is stopped and the field gets
// back what it held before the burst.
import { WedgeDetector, type WedgeOptions } from './wedge.ts';
import { keyOf, keyTime } from './listener.ts';

export class SecretFieldGuard {
  private readonly detector: WedgeDetector;
  /** A test's clock, in place of the keys' own times. */
  private readonly now: (() => number) | undefined;
  /** The field's value when the burst now buffered began. */
  private before = '';

  constructor(options: Partial<WedgeOptions> = {}, now?: () => number) {
    this.detector = new WedgeDetector(options);
    this.now = now;
  }

  /** For the field's keydown: true when the key ended a scan, which was then taken out of the field. */
  keydown(event: KeyboardEvent): boolean {
    const field = event.target;
    if (!(field instanceof HTMLInputElement)) return false;
    const value = field.value;
    const verdict = this.detector.feed(keyOf(event), this.now?.() ?? keyTime(event));
    if (verdict.kind === 'buffer' && this.detector.pending().length === 1) this.before = value;
    if (verdict.kind !== 'scan') return false;
    event.preventDefault();
    event.stopPropagation();
    field.value = this.before;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  }
}
