// Unlock PINs in the window: the lock screen asks for the PIN when the user has one here (the
// password one tap away), says when a PIN is wrong and when too many removed it; the session screen
// sets and removes it; Settings turns PINs on for the workstation.
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { PinStatus, Settings } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import App from '../../renderer/src/App.vue';
import SessionView from '../../renderer/src/features/session/SessionView.vue';
import SettingsView from '../../renderer/src/features/settings/SettingsView.vue';
import { ANA, Failure, mountWith, NO_SYNC, scriptedClient } from './support.ts';

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

/** Main as the lock screen meets it: PIN 4821, three wrong tries remove it. */
function lockedWithPin(initial: PinStatus = { allowed: true, set: true }) {
  let view = { ...ANA, locked: true };
  let pin = initial;
  let wrong = 0;
  return scriptedClient({
    'session.current': () => view,
    'settings.get': () => DEFAULT_SETTINGS,
    'sync.status': () => NO_SYNC,
    'lists.catalog': () => [],
    'session.pin': () => pin,
    'session.unlockWithPin': ({ pin: code }) => {
      if (!pin.set) return new Failure('forbidden');
      if (code === '4821') return (view = { ...view, locked: false });
      if (++wrong < 3) return new Failure('wrong_credentials');
      pin = { ...pin, set: false };
      return new Failure('too_many_attempts');
    },
    'session.unlock': ({ password }) => (password === 'secret' ? (view = { ...view, locked: false }) : new Failure('wrong_credentials')),
  });
}

async function mountLocked(client = lockedWithPin()) {
  const { wrapper } = await mountWith(App, client);
  unmount = () => wrapper.unmount();
  await flushPromises();
  const submit = async (field: 'lock-pin' | 'lock-password', value: string) => {
    await wrapper.get(`[data-testid=${field}]`).setValue(value);
    await wrapper.get('[data-testid=lock-screen] form').trigger('submit');
    await flushPromises();
  };
  return { wrapper, client, submit };
}

describe('the lock screen with a PIN', () => {
  it('asks for the PIN first, digits only on a touch keyboard; the right PIN opens', async () => {
    const { wrapper, client, submit } = await mountLocked();
    const field = wrapper.get('[data-testid=lock-pin]');
    expect(document.activeElement).toBe(field.element);
    expect([field.attributes('inputmode'), field.attributes('type')]).toEqual(['numeric', 'password']);
    expect(wrapper.find('[data-testid=lock-password]').exists()).toBe(false);
    await submit('lock-pin', '1111');
    expect(wrapper.get('[data-testid=lock-error]').text()).toBe('Wrong PIN.');
    expect((wrapper.get('[data-testid=lock-pin]').element as HTMLInputElement).value).toBe('');
    await submit('lock-pin', '4821');
    expect(wrapper.find('[data-testid=lock-screen]').exists()).toBe(false);
    expect(client.calls.filter((c) => c.method === 'session.unlockWithPin').map((c) => c.args)).toEqual([{ pin: '1111' }, { pin: '4821' }]);
  });

  it('the password is one tap away, and the PIN one tap back', async () => {
    const { wrapper, submit } = await mountLocked();
    await wrapper.get('[data-testid=lock-use-password]').trigger('click');
    await flushPromises();
    expect(document.activeElement).toBe(wrapper.get('[data-testid=lock-password]').element);
    await submit('lock-password', 'nope');
    expect(wrapper.get('[data-testid=lock-error]').text()).toBe('Wrong password.');
    await wrapper.get('[data-testid=lock-use-pin]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid=lock-error]').exists()).toBe(false);
    await submit('lock-pin', '4821');
    expect(wrapper.find('[data-testid=lock-screen]').exists()).toBe(false);
  });

  it('three wrong PINs: says the PIN is gone and asks for the password, which opens', async () => {
    const { wrapper, submit } = await mountLocked();
    await submit('lock-pin', '1111');
    await submit('lock-pin', '2222');
    await submit('lock-pin', '3333');
    expect(wrapper.get('[data-testid=lock-error]').text()).toBe('Too many wrong PINs: the PIN is removed. Unlock with your password.');
    expect(wrapper.find('[data-testid=lock-pin]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=lock-use-pin]').exists()).toBe(false);
    expect(document.activeElement).toBe(wrapper.get('[data-testid=lock-password]').element);
    await submit('lock-password', 'secret');
    expect(wrapper.find('[data-testid=lock-screen]').exists()).toBe(false);
  });

  it('without a PIN, or with PINs off, only the password is asked for', async () => {
    for (const pin of [{ allowed: true, set: false }, { allowed: false, set: true }]) {
      const { wrapper } = await mountLocked(lockedWithPin(pin));
      expect(wrapper.find('[data-testid=lock-pin]').exists()).toBe(false);
      expect(wrapper.find('[data-testid=lock-use-pin]').exists()).toBe(false);
      expect(document.activeElement).toBe(wrapper.get('[data-testid=lock-password]').element);
      unmount?.();
      unmount = null;
    }
  });
});

describe('setting a PIN', () => {
  it('the session screen sets, changes and removes the PIN where PINs are allowed', async () => {
    let pin: PinStatus = { allowed: true, set: false };
    const client = scriptedClient({
      'session.current': () => ANA,
      'session.pin': () => pin,
      'session.setPin': ({ pin: code }) => (/^\d{4,8}$/.test(code) ? (pin = { ...pin, set: true }) : new Failure('invalid_argument')),
      'session.clearPin': () => (pin = { ...pin, set: false }),
    });
    const { wrapper } = await mountWith(SessionView, client);
    unmount = () => wrapper.unmount();
    await flushPromises();
    expect(wrapper.find('[data-testid=pin-is-set]').exists()).toBe(false);
    await wrapper.get('[data-testid=pin-new]').setValue('4821');
    await wrapper.get('[data-testid=session-pin] form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid=pin-done]').text()).toBe('PIN saved.');
    expect(wrapper.find('[data-testid=pin-is-set]').exists()).toBe(true);
    expect((wrapper.get('[data-testid=pin-new]').element as HTMLInputElement).value).toBe('');
    await wrapper.get('[data-testid=pin-remove]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid=pin-done]').text()).toBe('PIN removed.');
    expect(client.calls.filter((c) => c.method.startsWith('session.') && c.method.includes('Pin')).map((c) => [c.method, c.args])).toEqual([
      ['session.setPin', { pin: '4821' }],
      ['session.clearPin', {}],
    ]);
  });

  it('with PINs off and none set, the session screen says nothing of them', async () => {
    const client = scriptedClient({ 'session.current': () => ANA, 'session.pin': () => ({ allowed: false, set: false }) });
    const { wrapper } = await mountWith(SessionView, client);
    unmount = () => wrapper.unmount();
    await flushPromises();
    expect(wrapper.find('[data-testid=session-pin]').exists()).toBe(false);
  });

  it('Settings turns PINs on for the workstation, with Save', async () => {
    const sets: Partial<Settings>[] = [];
    const client = scriptedClient({ 'settings.get': () => DEFAULT_SETTINGS, 'settings.set': (patch) => (sets.push(patch as Partial<Settings>), { ...DEFAULT_SETTINGS, ...patch }) });
    const { wrapper } = await mountWith(SettingsView, client);
    unmount = () => wrapper.unmount();
    await wrapper.get('[data-testid=settings-unlock-pin]').setValue(true);
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(sets.at(-1)).toMatchObject({ unlockWithPin: true });
  });
});

describe('the lock screen in the app\'s words', () => {
  it('says how many tries are left on a wrong PIN, as main counts them', async () => {
    let left = 3;
    const client = lockedWithPin();
    const base = client.call.bind(client);
    client.call = ((method: string, args?: unknown) =>
      method === 'session.unlockWithPin' ? Promise.resolve({ ok: false, error: new Failure('wrong_credentials', 'Wrong PIN.', { triesLeft: --left }).error }) : base(method as never, args as never)) as typeof client.call;
    const { wrapper, submit } = await mountLocked(client);
    await submit('lock-pin', '1111');
    expect(wrapper.get('[data-testid=lock-error]').text()).toBe('Wrong PIN. 2 tries left, then the PIN is removed.');
    await submit('lock-pin', '2222');
    expect(wrapper.get('[data-testid=lock-error]').text()).toBe('Wrong PIN. 1 try left, then the PIN is removed.');
  });

  it('does not type a scanned label into the PIN field, nor spend a try on it', async () => {
    const { wrapper, client } = await mountLocked();
    const field = wrapper.get('[data-testid=lock-pin]').element as HTMLInputElement;
    // a scanner's burst: the keys come within a few milliseconds, then Enter
    for (const key of [...'0036000291452', 'Enter']) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      field.dispatchEvent(event);
      if (event.defaultPrevented) continue;
      if (key === 'Enter') field.form!.requestSubmit();
      else field.value += key;
    }
    await flushPromises();
    expect(field.value).toBe('');
    expect(client.calls.filter((c) => c.method === 'session.unlockWithPin')).toEqual([]);
    expect(wrapper.get('[data-testid=lock-check]').text()).toBe('That was a scan, not your PIN or password: it was not typed in. Scan again once the screen is open.');
  });
});

