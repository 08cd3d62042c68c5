// Signing in and unlocking in the app's words: a server address without http(s):// is completed,
// not refused; the browser's own validation tooltips are off and the app says what is missing; a
// PIN of the wrong shape is explained, not sent.
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionView } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import App from '../../renderer/src/App.vue';
import { completeServer } from '../../electron/contract/server-address.ts';
import { SIGNED_OUT } from '../../renderer/src/features/session/session-store.ts';
import SignInView from '../../renderer/src/features/session/SignInView.vue';
import { ANA, mountWith, NO_SYNC, scriptedClient } from './support.ts';

const SIGNED_IN: SessionView = { ...SIGNED_OUT, state: 'signed-in', email: 'ana@example.com', userName: 'Ana', licenseId: 'L2', licenseType: 'RF' };
const base = {
  'settings.get': () => ({ ...DEFAULT_SETTINGS, server: null, lastEmail: null }),
  'app.info': () => ({ name: 'Aisle', version: '0.1.0', host: 'electron' as const, platform: 'linux', dataDir: '/tmp', canRemember: true }),
  'session.signIn': () => ({ status: 'signed-in' as const, session: SIGNED_IN }),
};

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

describe('a server address as typed', () => {
  it('gets https://, or http:// for this machine, and is otherwise left alone', () => {
    expect(completeServer(' wms.example.com ')).toBe('https://wms.example.com');
    expect(completeServer('wms.example.com:8443/api')).toBe('https://wms.example.com:8443/api');
    expect(completeServer('localhost:8080')).toBe('http://localhost:8080');
    expect(completeServer('127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(completeServer('[::1]:3000')).toBe('http://[::1]:3000');
    expect(completeServer('http://wms.example.com')).toBe('http://wms.example.com');
    expect(completeServer('HTTPS://WMS.example.com')).toBe('HTTPS://WMS.example.com');
    expect(completeServer('')).toBe('');
  });
});

describe('the sign-in form', () => {
  it('completes a bare address and signs in there; the browser does not validate the form', async () => {
    const client = scriptedClient(base);
    const { wrapper } = await mountWith(SignInView, client, { path: '/sign-in' });
    unmount = () => wrapper.unmount();
    expect(wrapper.get('[data-testid=sign-in-form]').attributes('novalidate')).toBeDefined();
    await wrapper.get('[data-testid=server-url]').trigger('click');
    await wrapper.get('[data-testid=server-input]').setValue('wms.example.com');
    await wrapper.get('[data-testid=email]').setValue('ana@example.com');
    await wrapper.get('[data-testid=password]').setValue('secret');
    await wrapper.get('[data-testid=sign-in-form]').trigger('submit');
    await flushPromises();
    expect((client.calls.find((c) => c.method === 'session.signIn')?.args as { server: string }).server).toBe('https://wms.example.com');
  });

  it('says what is missing in its own words and sends nothing', async () => {
    const client = scriptedClient(base);
    const { wrapper } = await mountWith(SignInView, client, { path: '/sign-in' });
    unmount = () => wrapper.unmount();
    await wrapper.get('[data-testid=server-url]').trigger('click');
    await wrapper.get('[data-testid=server-input]').setValue('wms.example.com');
    await wrapper.get('[data-testid=sign-in-form]').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid=sign-in-check]').text()).toBe('Type your e-mail address.');
    expect(client.calls.some((c) => c.method === 'session.signIn')).toBe(false);
  });
});

/** The app over Ana's locked session with a PIN set, as the lock screen shows it. */
async function mountLocked() {
  const client = scriptedClient({
    'session.current': () => ({ ...ANA, locked: true }),
    'settings.get': () => DEFAULT_SETTINGS,
    'sync.status': () => NO_SYNC,
    'lists.catalog': () => [],
    'session.pin': () => ({ allowed: true, set: true }),
    'session.unlockWithPin': () => ({ ...ANA, locked: false }),
  });
  const { wrapper } = await mountWith(App, client);
  unmount = () => wrapper.unmount();
  await flushPromises();
  return { client, wrapper };
}

describe('the lock screen', () => {
  it('explains a PIN of the wrong shape instead of sending it; the form has no browser validation', async () => {
    const { client, wrapper } = await mountLocked();
    expect(wrapper.get('[data-testid=lock-screen] form').attributes('novalidate')).toBeDefined();
    await wrapper.get('[data-testid=lock-pin]').setValue('12a');
    await wrapper.get('[data-testid=lock-screen] form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid=lock-check]').text()).toBe('A PIN is 4 to 8 digits.');
    expect(client.calls.some((c) => c.method === 'session.unlockWithPin')).toBe(false);
  });
});

describe('the lock screen keypad', () => {
  it('types a PIN with gloves: digit keys, erase, OK', async () => {
    const { client, wrapper } = await mountLocked();
    const key = (d: string) => wrapper.get(`[data-testid=lock-key][data-key="${d}"]`).trigger('click');
    for (const d of ['4', '8', '2', '9']) await key(d);
    await wrapper.get('[data-testid=lock-erase]').trigger('click');
    await key('1');
    expect(wrapper.findAll('[data-testid=lock-key]')).toHaveLength(10);
    await wrapper.get('[data-testid=lock-key-ok]').trigger('click');
    await flushPromises();
    expect(client.calls.filter((c) => c.method === 'session.unlockWithPin').map((c) => c.args)).toEqual([{ pin: '4821' }]);
  });
});

describe('counts', () => {
  it('says 1 facility, 2 facilities, in English and Spanish', async () => {
    const { createAppI18n } = await import('../../renderer/src/shared/i18n/index.ts');
    const en = createAppI18n('en').global;
    const es = createAppI18n('es').global;
    expect([en.t('signIn.facilities', { n: 1 }, 1), en.t('signIn.facilities', { n: 2 }, 2)]).toEqual(['1 facility', '2 facilities']);
    expect([es.t('signIn.facilities', { n: 1 }, 1), es.t('signIn.facilities', { n: 2 }, 2)]).toEqual(['1 almacén', '2 almacenes']);
    expect(en.t('inventory.locations', { n: 1 }, 1)).toBe('1 location');
  });
});

