import { afterEach, describe, expect, it } from 'vitest';
import { installScanner } from '../../renderer/src/features/scanner/listener.ts';

const clock = { t: 0 };
let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  document.body.innerHTML = '';
});

/** Types keys into `target` the way a browser does: keydown, then the character lands in a field. */
function typeInto(target: HTMLElement, keys: string[], gap: number): void {
  for (const key of keys) {
    clock.t += gap;
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    if (!event.defaultPrevented && key.length === 1 && target instanceof HTMLInputElement) target.value += key;
  }
}

describe('the global scanner listener', () => {
  it('hands a scan over with no field focused', () => {
    const scans: string[] = [];
    uninstall = installScanner(window, (c) => scans.push(c), {}, { now: () => clock.t });
    typeInto(document.body, [...'A-03-02-B', 'Enter'], 5);
    expect(scans).toEqual(['A-03-02-B']);
  });

  it('takes a scan back out of the field it landed in, leaving what was typed before', () => {
    const scans: string[] = [];
    uninstall = installScanner(window, (c) => scans.push(c), {}, { now: () => clock.t });
    const input = document.createElement('input');
    document.body.append(input);
    typeInto(input, [...'note '], 200);
    clock.t += 1000;
    typeInto(input, [...'SKU-00042', 'Enter'], 4);
    expect(scans).toEqual(['SKU-00042']);
    expect(input.value).toBe('note ');
  });

  it('leaves slow typing and its Enter alone', () => {
    const scans: string[] = [];
    uninstall = installScanner(window, (c) => scans.push(c), {}, { now: () => clock.t });
    const input = document.createElement('input');
    document.body.append(input);
    let enterPrevented = false;
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') enterPrevented = e.defaultPrevented;
    });
    typeInto(input, [...'SKU-00042', 'Enter'], 150);
    expect(scans).toEqual([]);
    expect(input.value).toBe('SKU-00042');
    expect(enterPrevented).toBe(false);
  });

  it('turns Ctrl+] into the GS1 group separator', () => {
    const scans: string[] = [];
    uninstall = installScanner(window, (c) => scans.push(c), {}, { now: () => clock.t });
    typeInto(document.body, [...'0109506000134352'], 3);
    clock.t += 3;
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ']', ctrlKey: true, bubbles: true, cancelable: true }));
    typeInto(document.body, [...'10LOT7', 'Enter'], 3);
    expect(scans).toEqual(['0109506000134352\u001d10LOT7']);
  });

  it('leaves password fields and a switched-off scanner alone', () => {
    const scans: string[] = [];
    let on = false;
    uninstall = installScanner(window, (c) => scans.push(c), {}, { now: () => clock.t, enabled: () => on });
    const email = document.createElement('input');
    const password = document.createElement('input');
    password.type = 'password';
    document.body.append(email, password);
    typeInto(email, [...'badge-0042', 'Enter'], 4);
    expect(email.value).toBe('badge-0042');
    on = true;
    clock.t += 1000;
    typeInto(password, [...'secret-pass', 'Enter'], 4);
    expect(password.value).toBe('secret-pass');
    expect(scans).toEqual([]);
  });
});

describe('keys timed when pressed', () => {
  it('a page busy in the middle of a scan still reads it as one: the keys it handles late keep the times they were pressed', () => {
    const scans: string[] = [];
    uninstall = installScanner(window, (c) => scans.push(c), {});
    // a scanner's burst, pressed within a millisecond or two
    const keys = [...'SKU-000042', 'Enter'].map((key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    for (const [i, event] of keys.entries()) {
      // the page is busy for 60 ms after the fourth key (drawing, an answer arriving): the rest wait
      if (i === 4) {
        const until = performance.now() + 60;
        while (performance.now() < until);
      }
      document.body.dispatchEvent(event);
    }
    expect(keys.at(-1)!.timeStamp - keys[0]!.timeStamp).toBeLessThan(40);
    expect(scans).toEqual(['SKU-000042']);
  });
});
