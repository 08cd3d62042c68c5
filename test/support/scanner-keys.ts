// A keyboard-wedge scanner for tests and benchmarks in Chromium: a code typed as one burst of real
// key events, each stamped with its time of pressing, as the OS stamps a scanner's keys.
import type { Page } from 'playwright-core';

/**
 * Types like a keyboard-wedge scanner: the whole code in one burst, then Enter; a GS1 group
 * separator (\u001d) goes as Ctrl+], as many scanners send it. The key events are real input
 * (CDP Input.dispatchKeyEvent, as Playwright's keyboard sends them), all written to Chromium at
 * once, each stamped with its time of pressing a millisecond apart, as the OS stamps a scanner's
 * keys. The app times keys by those stamps, so a busy test machine delivering them late, or the
 * page drawing in the middle of the burst, does not turn a scan into typing (as it must not on the
 * floor).
 */
export async function scan(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    await Promise.all(scannerKeyEvents(code).map((event, i) => cdp.send('Input.dispatchKeyEvent', { ...event, timestamp: start + i / 1000 })));
  } finally {
    await cdp.detach();
  }
}

type KeyEvent = { type: 'keyDown' | 'rawKeyDown' | 'keyUp'; key: string; code: string; windowsVirtualKeyCode: number; modifiers?: number; text?: string; unmodifiedText?: string };

const CTRL = 2;

function scannerKeyEvents(code: string): KeyEvent[] {
  const events: KeyEvent[] = [];
  for (const ch of code) {
    if (ch === '\u001d') {
      events.push({ type: 'rawKeyDown', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, modifiers: CTRL });
      events.push({ type: 'rawKeyDown', key: ']', code: 'BracketRight', windowsVirtualKeyCode: 221, modifiers: CTRL });
      events.push({ type: 'keyUp', key: ']', code: 'BracketRight', windowsVirtualKeyCode: 221, modifiers: CTRL });
      events.push({ type: 'keyUp', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17 });
      continue;
    }
    const key = keyOf(ch);
    events.push({ type: 'keyDown', ...key, text: ch, unmodifiedText: ch });
    events.push({ type: 'keyUp', ...key });
  }
  events.push({ type: 'keyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', unmodifiedText: '\r' });
  events.push({ type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
  return events;
}

function keyOf(ch: string): { key: string; code: string; windowsVirtualKeyCode: number } {
  if (/^[a-z]$/i.test(ch)) return { key: ch, code: `Key${ch.toUpperCase()}`, windowsVirtualKeyCode: ch.toUpperCase().charCodeAt(0) };
  if (/^[0-9]$/.test(ch)) return { key: ch, code: `Digit${ch}`, windowsVirtualKeyCode: ch.charCodeAt(0) };
  const punctuation: Record<string, [string, number]> = { '-': ['Minus', 189], '.': ['Period', 190], '/': ['Slash', 191], ' ': ['Space', 32] };
  const known = punctuation[ch];
  if (!known) throw new Error(`scan(): no key for ${JSON.stringify(ch)}`);
  return { key: ch, code: known[0], windowsVirtualKeyCode: known[1] };
}
