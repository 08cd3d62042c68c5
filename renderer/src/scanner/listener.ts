// The global keydown listener that makes a keyboard-wedge scanner work on every screen, with or
// without a focused field. Slow typing passes through untouched; a fast burst ending in Enter or Tab
// becomes one scan. If the burst landed in a text field, the field gets its text back without it.
import { GROUP_SEPARATOR, WedgeDetector, type WedgeOptions } from './wedge.ts';

function editable(target: EventTarget | null): HTMLInputElement | HTMLTextAreaElement | null {
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return target;
  return null;
}

function keyOf(event: KeyboardEvent): string {
  // Scanners send the GS1 group separator as Ctrl+] (or as the character itself).
  if (event.ctrlKey && (event.key === ']' || event.key === GROUP_SEPARATOR)) return 'GroupSeparator';
  if (event.ctrlKey || event.altKey || event.metaKey) return 'Modifier';
  return event.key;
}

export function installScanner(
  target: Window,
  onScan: (code: string) => void,
  options: Partial<WedgeOptions> = {},
  now?: () => number,
): () => void {
  const detector = new WedgeDetector(options, now);

  function onKeyDown(event: KeyboardEvent): void {
    if (event.isComposing) return;
    const verdict = detector.feed(keyOf(event));
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
