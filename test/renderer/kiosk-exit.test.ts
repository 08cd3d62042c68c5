// Kiosk mode in the window: a close request from main (Alt+F4) or "Close Aisle…" in Settings asks
// for the exit password, over whatever is on screen; a host that is not a kiosk never shows it.
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskStatus, SessionView } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import App from '../../renderer/src/App.vue';
import { useKioskStore } from '../../renderer/src/features/session/kiosk-store.ts';
import SettingsView from '../../renderer/src/features/settings/SettingsView.vue';
import { ANA, Failure, mountWith, NO_SYNC, scriptedClient } from './support.ts';

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

function client(kiosk: KioskStatus | null, session: SessionView = ANA) {
  return scriptedClient({
    'session.current': () => session,
    'settings.get': () => DEFAULT_SETTINGS,
    'sync.status': () => NO_SYNC,
    'lists.catalog': () => [],
    ...(kiosk ? { 'kiosk.status': () => kiosk } : {}),
    'kiosk.exit': ({ password }) => {
      if (password === 'wait') return Object.assign(new Failure('too_many_attempts'), { error: { code: 'too_many_attempts', message: 'x', retryAfterSeconds: 30 } });
      if (password !== 'exit 4 IT') return new Failure('wrong_credentials');
      return { leaving: true };
    },
  });
}

async function app(c: ReturnType<typeof client>) {
  const { wrapper } = await mountWith(App, c);
  unmount = () => wrapper.unmount();
  await flushPromises();
  return wrapper;
}

describe('the kiosk exit', () => {
  it('a close request asks for the exit password; only the right one closes, wrong ones say why', async () => {
    const c = client({ enabled: true, canExit: true, server: null });
    const wrapper = await app(c);
    expect(wrapper.find('[data-testid=kiosk-exit]').exists()).toBe(false);
    c.emit('kiosk.exitRequested', {});
    await flushPromises();
    expect(wrapper.get('[data-testid=kiosk-exit]').attributes('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(wrapper.get('[data-testid=kiosk-password]').element);
    // the screen under it takes no focus or clicks
    expect(wrapper.get('.shell').attributes('inert')).toBeDefined();

    const attempt = async (password: string) => {
      await wrapper.get('[data-testid=kiosk-password]').setValue(password);
      await wrapper.get('[data-testid=kiosk-exit]').trigger('submit');
      await flushPromises();
    };
    await attempt('exit 4 it');
    expect(wrapper.get('[data-testid=kiosk-error]').text()).toBe('Wrong exit password.');
    expect((wrapper.get('[data-testid=kiosk-password]').element as HTMLInputElement).value).toBe('');
    await attempt('wait');
    expect(wrapper.get('[data-testid=kiosk-error]').text()).toBe('Too many wrong passwords. Try again in 30 s.');
    await attempt('exit 4 IT');
    expect(wrapper.get('[data-testid=kiosk-leaving]').text()).toBe('Closing Aisle…');
    expect(wrapper.find('[data-testid=kiosk-password]').exists()).toBe(false);
    expect(c.calls.filter((x) => x.method === 'kiosk.exit').map((x) => x.args)).toEqual([{ password: 'exit 4 it' }, { password: 'wait' }, { password: 'exit 4 IT' }]);
  });

  it('Escape or Cancel puts the dialog away; it covers the lock screen too', async () => {
    const c = client({ enabled: true, canExit: true, server: null }, { ...ANA, locked: true });
    const wrapper = await app(c);
    c.emit('kiosk.exitRequested', {});
    await flushPromises();
    expect(wrapper.get('[data-testid=lock-screen]').attributes('inert')).toBeDefined();
    await wrapper.get('[data-testid=kiosk-password]').trigger('keydown', { key: 'Escape' });
    expect(wrapper.find('[data-testid=kiosk-exit]').exists()).toBe(false);
    c.emit('kiosk.exitRequested', {});
    await flushPromises();
    await wrapper.get('[data-testid=kiosk-cancel]').trigger('click');
    expect(wrapper.find('[data-testid=kiosk-exit]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=lock-screen]').attributes('inert')).toBeUndefined();
    expect(c.calls.some((x) => x.method === 'kiosk.exit')).toBe(false);
  });

  it('a kiosk whose policy cannot be read says to ask IT, and offers no password field', async () => {
    const c = client({ enabled: true, canExit: false, server: null });
    const wrapper = await app(c);
    c.emit('kiosk.exitRequested', {});
    await flushPromises();
    expect(wrapper.get('[data-testid=kiosk-error]').text()).toMatch(/cannot be read.*Ask IT/);
    expect(wrapper.find('[data-testid=kiosk-password]').exists()).toBe(false);
    expect(document.activeElement).toBe(wrapper.get('[data-testid=kiosk-cancel]').element);
  });

  it('not a kiosk (off, or a host that cannot be one): a close request shows nothing', async () => {
    for (const status of [{ enabled: false, canExit: false, server: null }, null]) {
      const c = client(status);
      const wrapper = await app(c);
      c.emit('kiosk.exitRequested', {});
      await flushPromises();
      expect(wrapper.find('[data-testid=kiosk-exit]').exists()).toBe(false);
      unmount?.();
      unmount = null;
    }
  });
});

describe('Settings on a kiosk', () => {
  it('says the workstation is a kiosk and opens the exit from there, shows a pinned server as set; elsewhere, says nothing', async () => {
    const kioskClient = client({ enabled: true, canExit: true, server: null });
    const { wrapper } = await mountWith(SettingsView, kioskClient);
    unmount = () => wrapper.unmount();
    const kiosk = useKioskStore();
    await kiosk.load();
    await flushPromises();
    expect(wrapper.get('[data-testid=settings-kiosk]').text()).toContain('This workstation is a kiosk');
    // the workstation's settings are shown, not offered: IT sets them
    expect(wrapper.get('[data-testid=settings-by-it]').text()).toContain('IT sets these settings');
    expect(wrapper.get('fieldset.plain').attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid=theme-dark]').attributes('disabled')).toBeUndefined();
    await wrapper.get('[data-testid=kiosk-open]').trigger('click');
    expect(kiosk.asking).toBe(true);
    unmount();

    const pinned = await mountWith(SettingsView, client({ enabled: true, canExit: true, server: 'https://wms.acme.example' }));
    unmount = () => pinned.wrapper.unmount();
    await useKioskStore().load();
    await flushPromises();
    const server = pinned.wrapper.get('[data-testid=settings-server]');
    expect([(server.element as HTMLInputElement).value, server.attributes('disabled')]).toEqual(['https://wms.acme.example', '']);
    unmount();

    const plain = await mountWith(SettingsView, client({ enabled: false, canExit: false, server: null }));
    unmount = () => plain.wrapper.unmount();
    await useKioskStore().load();
    await flushPromises();
    expect(plain.wrapper.find('[data-testid=settings-kiosk]').exists()).toBe(false);
    expect(plain.wrapper.find('[data-testid=settings-by-it]').exists()).toBe(false);
    expect(plain.wrapper.get('fieldset.plain').attributes('disabled')).toBeUndefined();
  });
});
