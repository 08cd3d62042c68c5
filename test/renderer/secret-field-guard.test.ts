// A scan at the lock screen is not typed into the PIN or password field: the burst is read by its
// timing, taken back out of the field and its Enter stopped; a person typing is left alone.
import { afterEach, describe, expect, it } from 'vitest';
import { SecretFieldGuard } from '../../renderer/src/features/scanner/field-guard.ts';

const clock = { t: 0 };
afterEach(() => {
  document.body.innerHTML = '';
});

/** Keys into a PIN field as a browser types them; an Enter not stopped submits the form. */
function pinField() {
  const form = document.createElement('form');
  const field = document.createElement('input');
  field.type = 'password';
  form.append(field);
  document.body.append(form);
  const guard = new SecretFieldGuard({}, () => clock.t);
  const submitted: string[] = [];
  field.addEventListener('keydown', (event) => guard.keydown(event));
  const type = (keys: string[], gap: number) => {
    for (const key of keys) {
      clock.t += gap;
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      field.dispatchEvent(event);
      if (event.defaultPrevented) continue;
      if (key === 'Enter') submitted.push(field.value);
      else if (key.length === 1) field.value += key;
    }
  };
  return { field, type, submitted };
}

describe('the secret field guard', () => {
  it('takes a scanned label back out of the field, leaving the digits typed before, and stops its Enter', () => {
    const { field, type, submitted } = pinField();
    type([...'48'], 300);
    clock.t += 300;
    type([...'0036000291452', 'Enter'], 5);
    expect(field.value).toBe('48');
    expect(submitted).toEqual([]);
    // the person goes on typing their PIN
    type([...'21', 'Enter'], 300);
    expect(submitted).toEqual(['4821']);
  });

  it('leaves a person typing alone, even quickly for a person', () => {
    const { field, type, submitted } = pinField();
    type([...'4821', 'Enter'], 120);
    expect(field.value).toBe('4821');
    expect(submitted).toEqual(['4821']);
  });
});
