// The global keydown listener that makes a keyboard-wedge scanner work on every screen, with or
// without a focused field. Slow typing passes through untouched; a fast burst ending in Enter or Tab
// becomes one scan. If the burst landed in a text field, the field gets its text back without it.
import { GROUP_SEPARATOR, WedgeDetector, type WedgeOptions } from './wedge.ts';

function editable(target: EventTarget | null): HTMLInputElement | HTMLTextAreaElement | null {
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return target;
  return null;
}

/** The key as the wedge detector reads it. */
export function keyOf(event: KeyboardEvent): string {
  // Scanners send the GS1 group separator as Ctrl+] (or as the character itself).
  if (event.ctrlKey && (event.key === ']' || event.key === GROUP_SEPARATOR)) return 'GroupSeparator';
  if (event.ctrlKey || event.altKey || event.metaKey) return 'Modifier';
  return event.key;
}

/**
 * When a key was pressed: the event's own time, set when the OS delivered it, not when a handler
 * runs. A page busy drawing (a long list, an answer arriving) handles the keys queued meanwhile
 * late, and timed by the handler a scanner's burst would show a gap in the middle and be taken for
 * someone typing.
 */
export function keyTime(event: KeyboardEvent): number {
  return event.timeStamp;
}

export interface ScannerHooks {
  /** Whether scans are wanted now (e.g. only with a mirror open); when not, keys pass untouched. */
  enabled?: () => boolean;
  /** A test's clock, in place of the keys' own times. */
  now?: () => number;
}

export function installScanner(target: Window, onScan: (code: string) => void, options: Partial<WedgeOptions> = {}, hooks: ScannerHooks = {}): () => void {
  const detector = new WedgeDetector(options);
  const timeOf = (event: KeyboardEvent) => hooks.now?.() ?? keyTime(event);

  function onKeyDown(event: KeyboardEvent): void {
    if (event.isComposing) return;
    // Never take keys out of a password field, and leave everything alone while scans are off.
    if ((event.target instanceof HTMLInputElement && event.target.type === 'password') || hooks.enabled?.() === false) {
      detector.reset();
      return;
    }
    const verdict = detector.feed(keyOf(event), timeOf(event));
    if (verdict.kind === 'buffer' && keyOf(event) === 'GroupSeparator') {
      // Ctrl+] would otherwise do nothing visible; keep it from reaching anything else.
      event.preventDefault();
      const field = editable(event.target);
      if (field && !field.readOnly) insertAtCaret(field, GROUP_SEPARATOR);
    }
    if (verdict.kind !== 'scan') return;
    event.preventDefault();
    event.stopPropagation();
    const field = editable(event.target);
    if (field) removeTrailing(field, verdict.code);
    onScan(verdict.code);
  }

  target.addEventListener('keydown', onKeyDown, { capture: true });
  return () => target.removeEventListener('keydown', onKeyDown, { capture: true });
}

function insertAtCaret(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? field.value.length;
  field.value = field.value.slice(0, start) + text + field.value.slice(end);
  field.setSelectionRange(start + text.length, start + text.length);
}

function removeTrailing(field: HTMLInputElement | HTMLTextAreaElement, code: string): void {
  if (!field.value.endsWith(code)) return;
  field.value = field.value.slice(0, field.value.length - code.length);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
