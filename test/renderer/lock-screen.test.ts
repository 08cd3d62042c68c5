// The lock screen stands in for the whole app while main says the session is locked, opens again
// with the password, and the app tells main of input only while idle locking is on.
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecentRecord, SessionView, Settings } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import App from '../../renderer/src/App.vue';
import { installActivityReporter } from '../../renderer/src/features/session/activity-reporter.ts';
import { useRecentStore } from '../../renderer/src/features/search/recent-store.ts';
import { useSearchStore } from '../../renderer/src/features/search/search-store.ts';
import { SIGNED_OUT } from '../../renderer/src/features/session/session-store.ts';
import { ANA, Failure, FRESH, mountWith, NO_SYNC, scriptedClient } from './support.ts';

/** A record the user opened: forgotten on screen when the session locks or ends. */
const OPENED: RecentRecord = { kind: 'item', list: 'items', id: 'i1', code: 'SKU-000042', title: 'Blue widget', age: FRESH, openedAt: new Date().toISOString() };

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

function app(start: SessionView, settings: Partial<Settings> = {}) {
  let view = start;
  const client = scriptedClient({
    'session.current': () => view,
    'settings.get': () => ({ ...DEFAULT_SETTINGS, ...settings }),
    'sync.status': () => NO_SYNC,
    'lists.catalog': () => [],
    'session.lock': () => (view = { ...view, locked: true }),
    'session.unlock': ({ password }) => {
      if (password === 'wait') return Object.assign(new Failure('too_many_attempts'), { error: { code: 'too_many_attempts', message: 'x', retryAfterSeconds: 30 } });
      if (password !== 'secret') return new Failure('wrong_credentials');
      return (view = { ...view, locked: false });
    },
    'session.signOut': () => (view = SIGNED_OUT),
    'session.activity': () => ({ locked: view.locked }),
    'search.query': () => ({ hits: [], total: 0, ms: 0 }),
  });
  return client;
}

describe('the lock screen', () => {
  it('replaces the app while locked, names the user, and opens with the password only', async () => {
    const client = app({ ...ANA, locked: true });
    const { wrapper } = await mountWith(App, client);
    unmount = () => wrapper.unmount();
    await flushPromises();
    expect(wrapper.find('[data-testid=lock-screen]').exists()).toBe(true);
    expect(wrapper.find('[data-testid=nav-lock]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=route-stub]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=lock-user]').text()).toContain('Ana Ruiz');
    expect(document.activeElement).toBe(wrapper.get('[data-testid=lock-password]').element);

    await wrapper.get('[data-testid=lock-password]').setValue('guess');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid=lock-error]').text()).toBe('Wrong password.');
    expect((wrapper.get('[data-testid=lock-password]').element as HTMLInputElement).value).toBe('');

    await wrapper.get('[data-testid=lock-password]').setValue('wait');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid=lock-error]').text()).toContain('Try again in 30 s');

    const catalogCalls = client.calls.filter((c) => c.method === 'lists.catalog').length;
    await wrapper.get('[data-testid=lock-password]').setValue('secret');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.find('[data-testid=lock-screen]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=route-stub]').exists()).toBe(true);
    // What was refused while locked is asked again.
    expect(client.calls.filter((c) => c.method === 'lists.catalog').length).toBeGreaterThan(catalogCalls);
  });

  it('follows main: an idle lock from main covers the app, forgets the search, and scans are not looked up meanwhile', async () => {
    const client = app(ANA);
    const { wrapper } = await mountWith(App, client);
    unmount = () => wrapper.unmount();
    expect(wrapper.find('[data-testid=route-stub]').exists()).toBe(true);
    const search = useSearchStore();
    search.query = 'SKU-000042';
    search.open = true;
    const recent = useRecentStore();
    recent.records = [OPENED];

    client.emit('session.changed', { ...ANA, locked: true });
    await flushPromises();
    expect(wrapper.find('[data-testid=lock-screen]').exists()).toBe(true);
    expect(wrapper.find('[data-testid=route-stub]').exists()).toBe(false);
    expect([search.query, search.open]).toEqual(['', false]);
    expect(recent.records).toEqual([]);

    for (const key of '4006381333931') window.dispatchEvent(new KeyboardEvent('keydown', { key }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await flushPromises();
    expect(client.calls.some((c) => c.method === 'search.query' || c.method === 'scan.parse')).toBe(false);
  });

  it('the Lock button locks; Sign out on the lock screen signs out', async () => {
    const client = app(ANA);
    const { wrapper, router } = await mountWith(App, client);
    unmount = () => wrapper.unmount();
    await wrapper.get('[data-testid=nav-lock]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid=lock-screen]').exists()).toBe(true);
    await wrapper.get('[data-testid=lock-sign-out]').trigger('click');
    await flushPromises();
    expect(client.calls.some((c) => c.method === 'session.signOut')).toBe(true);
    expect(wrapper.find('[data-testid=lock-screen]').exists()).toBe(false);
    expect(router.currentRoute.value.name).toBe('sign-in');
  });

  it('a sign-out, from any window, leaves no search of the last user for the next', async () => {
    const client = app(ANA);
    const { wrapper } = await mountWith(App, client);
    unmount = () => wrapper.unmount();
    const search = useSearchStore();
    search.query = 'A-03-02-B';
    const recent = useRecentStore();
    recent.records = [OPENED];
    client.emit('session.changed', SIGNED_OUT);
    await flushPromises();
    expect(search.query).toBe('');
    expect(recent.records).toEqual([]);
  });

  it('tells main of input only while idle locking is on and the session open', async () => {
    for (const [lockAfterMinutes, expected] of [[0, 0], [5, 1]] as const) {
      const client = app(ANA, { lockAfterMinutes });
      const { wrapper } = await mountWith(App, client);
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      window.dispatchEvent(new PointerEvent('pointerdown'));
      await flushPromises();
      expect(client.calls.filter((c) => c.method === 'session.activity').length).toBe(expected);
      wrapper.unmount();
    }
  });
});

describe('the activity reporter', () => {
  it('reports the first input, then at most once per interval, and none while disabled', () => {
    const clock = { t: 0, enabled: true };
    let reports = 0;
    const off = installActivityReporter(window, () => reports++, { everyMs: 15_000, now: () => clock.t, enabled: () => clock.enabled });
    const input = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'x' }));
    input();
    clock.t = 14_999;
    input();
    window.dispatchEvent(new WheelEvent('wheel'));
    expect(reports).toBe(1);
    clock.t = 15_000;
    window.dispatchEvent(new WheelEvent('wheel'));
    expect(reports).toBe(2);
    clock.enabled = false;
    clock.t = 60_000;
    input();
    expect(reports).toBe(2);
    off();
    clock.enabled = true;
    input();
    expect(reports).toBe(2);
  });
});
