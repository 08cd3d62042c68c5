// Settings changed elsewhere (another window, the CLI, a settings file pushed by IT) reach every
// window through 'settings.changed': the look applies at once, and the form shows the new values
// unless it holds edits not yet saved.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { SessionView, Settings } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import App from '../../renderer/src/App.vue';
import { SIGNED_OUT, useSessionStore } from '../../renderer/src/features/session/session-store.ts';
import { useSettingsStore } from '../../renderer/src/features/settings/settings-store.ts';
import SettingsView from '../../renderer/src/features/settings/SettingsView.vue';
import { ANA, mountWith, NO_SYNC, scriptedClient } from './support.ts';

const saved = (patch: Partial<Settings> = {}): Settings => ({ ...structuredClone(DEFAULT_SETTINGS), ...patch });

describe('settings changed elsewhere', () => {
  it('are shown in a form without unsaved edits; a form with edits keeps them', async () => {
    const client = scriptedClient({ 'settings.get': () => saved() });
    const { wrapper } = await mountWith(SettingsView, client);
    const store = useSettingsStore();
    store.subscribe();
    const interval = () => (wrapper.get('[data-testid=settings-interval]').element as HTMLInputElement).value;
    expect(interval()).toBe('5');

    client.emit('settings.changed', saved({ syncIntervalMinutes: 15, theme: 'dark' }));
    await flushPromises();
    expect(interval()).toBe('15');
    expect(store.theme).toBe('dark');
    expect(wrapper.get('[data-testid=theme-dark]').attributes('aria-pressed')).toBe('true');

    await wrapper.get('[data-testid=settings-interval]').setValue('20');
    client.emit('settings.changed', saved({ syncIntervalMinutes: 30, theme: 'contrast' }));
    await flushPromises();
    expect(interval()).toBe('20');
    expect(store.theme).toBe('contrast');
    store.stop();
    wrapper.unmount();
  });

  it('an answer that left before a change arrived does not overwrite it', async () => {
    const answers: ((s: Settings) => void)[] = [];
    const client = scriptedClient({ 'settings.get': () => new Promise<Settings>((resolve) => answers.push(resolve)) });
    const { wrapper } = await mountWith(SettingsView, client);
    const store = useSettingsStore();
    store.subscribe();
    client.emit('settings.changed', saved({ floorMode: true }));
    answers[0]!(saved());
    await flushPromises();
    expect(store.floorMode).toBe(true);
    store.stop();
    client.emit('settings.changed', saved({ floorMode: false }));
    expect(store.floorMode).toBe(true);
    wrapper.unmount();
  });
});

describe('the whole stock check', () => {
  it('shows how often the whole stock is read, and saves a new value (0: every sync)', async () => {
    const sets: Partial<Settings>[] = [];
    const client = scriptedClient({ 'settings.get': () => saved(), 'settings.set': (patch) => (sets.push(patch as Partial<Settings>), saved(patch as Partial<Settings>)) });
    const { wrapper } = await mountWith(SettingsView, client);
    const input = wrapper.get('[data-testid=settings-stock-full-check]');
    expect((input.element as HTMLInputElement).value).toBe(String(DEFAULT_SETTINGS.stockFullCheckMinutes));
    await input.setValue('0');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(sets.at(-1)).toMatchObject({ stockFullCheckMinutes: 0 });
    wrapper.unmount();
  });
});

describe('text size', () => {
  it('offers 100, 125 and 150 percent in the locale\'s own way, saves the choice and shows it chosen', async () => {
    const sets: unknown[] = [];
    const client = scriptedClient({ 'settings.get': () => saved(), 'settings.set': (patch) => (sets.push(patch), saved(patch as Partial<Settings>)) });
    const { wrapper } = await mountWith(SettingsView, client);
    const sizes = wrapper.findAll('[data-testid^=text-size-]');
    expect(sizes.map((b) => b.text())).toEqual(['100%', '125%', '150%']);
    expect(sizes.map((b) => b.attributes('aria-pressed'))).toEqual(['true', 'false', 'false']);
    await wrapper.get('[data-testid=text-size-150]').trigger('click');
    await flushPromises();
    expect(sets).toEqual([{ textSize: 150 }]);
    expect(useSettingsStore().textSize).toBe(150);
    expect(wrapper.get('[data-testid=text-size-150]').attributes('aria-pressed')).toBe('true');
    wrapper.unmount();

    const es = await mountWith(SettingsView, scriptedClient({ 'settings.get': () => saved({ textSize: 125 }) }), { locale: 'es' });
    expect(es.wrapper.findAll('[data-testid^=text-size-]').map((b) => b.text())).toEqual(['100\u00a0%', '125\u00a0%', '150\u00a0%']);
    expect(es.wrapper.get('[data-testid=text-size-125]').attributes('aria-pressed')).toBe('true');
    es.wrapper.unmount();
  });
});

describe('a language of one\'s own', () => {
  it('is kept for the user who chose it: the next person keeps theirs, and the sign-in screen the workstation\'s', async () => {
    let stored = saved();
    let view: SessionView = ANA;
    const client = scriptedClient({
      'session.current': () => view,
      'settings.get': () => stored,
      'settings.set': (patch) => (stored = { ...stored, ...patch } as Settings),
      'sync.status': () => NO_SYNC,
      'lists.catalog': () => [],
    });
    const { wrapper } = await mountWith(App, client);
    const store = useSettingsStore();
    const shownIn = () => [document.documentElement.lang, wrapper.get('[data-testid=nav-settings]').text()];
    expect(shownIn()).toEqual(['en', 'Settings']);

    await store.chooseLanguage('es');
    await flushPromises();
    expect(client.calls.filter((c) => c.method === 'settings.set').map((c) => c.args)).toEqual([{ languages: { 'ana@example.com': 'es' } }]);
    expect(stored.language).toBe('auto');
    expect(shownIn()).toEqual(['es', 'Ajustes']);

    const change = async (next: SessionView) => {
      view = next;
      client.emit('session.changed', next);
      await flushPromises();
    };
    await change(SIGNED_OUT);
    expect(document.documentElement.lang).toBe('en');
    await change({ ...ANA, email: 'bob@example.com', userName: 'Bob' });
    expect(shownIn()).toEqual(['en', 'Settings']);
    await change(ANA);
    expect(shownIn()).toEqual(['es', 'Ajustes']);

    // with nobody signed in, the choice is the workstation's
    await change(SIGNED_OUT);
    await store.chooseLanguage('es');
    expect(client.calls.filter((c) => c.method === 'settings.set').at(-1)?.args).toEqual({ language: 'es' });
    wrapper.unmount();
  });

  it('Settings says whose choice it is and saves it as theirs', async () => {
    const client = scriptedClient({ 'settings.get': () => saved({ language: 'es' }), 'settings.set': (patch) => saved(patch as Partial<Settings>) });
    const { wrapper } = await mountWith(SettingsView, client);
    useSessionStore().view = ANA;
    await flushPromises();
    expect((wrapper.get('[data-testid=language]').element as HTMLSelectElement).value).toBe('es');
    expect(wrapper.get('[data-testid=language-yours]').text()).toContain('ana@example.com');
    await wrapper.get('[data-testid=language]').setValue('en');
    await flushPromises();
    expect(client.calls.filter((c) => c.method === 'settings.set').map((c) => c.args)).toEqual([{ languages: { 'ana@example.com': 'en' } }]);
    wrapper.unmount();
  });
});

describe("settings set by IT's machine policy", () => {
  it('are shown locked with "set by your IT department", in Spanish too, and not sent on save', async () => {
    for (const [locale, words] of [['en', 'Set by your IT department'], ['es', 'Establecido por su departamento de informática']] as const) {
      const client = scriptedClient({
        'settings.get': () => saved({ server: 'https://wms.example.com', syncIntervalMinutes: 10 }),
        'policy.get': () => ({ file: '/etc/aisle/policy.json', source: 'file', problem: null, locked: ['server', 'syncIntervalMinutes'], allowedServers: null, demoAllowed: false, updateFeed: null }),
        'settings.set': (patch) => saved(patch as Partial<Settings>),
      });
      const { wrapper } = await mountWith(SettingsView, client, { locale });
      await flushPromises();
      for (const id of ['settings-server', 'settings-interval']) expect(wrapper.get(`[data-testid=${id}]`).attributes('disabled'), id).toBeDefined();
      expect(wrapper.get('[data-testid=settings-lock-after]').attributes('disabled')).toBeUndefined();
      expect(wrapper.get('[data-testid=locked-server]').text()).toBe(words);
      expect(wrapper.get('[data-testid=locked-syncIntervalMinutes]').text()).toBe(words);
      expect(wrapper.find('[data-testid=settings-policy-problem]').exists()).toBe(false);
      await wrapper.get('form').trigger('submit');
      await flushPromises();
      const sent = client.calls.filter((c) => c.method === 'settings.set').map((c) => c.args as Partial<Settings>);
      expect(sent).toHaveLength(1);
      expect(Object.keys(sent[0]!)).not.toContain('server');
      expect(Object.keys(sent[0]!)).not.toContain('syncIntervalMinutes');
      expect(sent[0]!.lockAfterMinutes).toBe(0);
      wrapper.unmount();
    }
  });

  it('a policy that could not be read is said, with what IT must fix', async () => {
    const client = scriptedClient({
      'settings.get': () => saved(),
      'policy.get': () => ({ file: '/etc/aisle/policy.json', source: 'last-good', problem: '/etc/aisle/policy.json is not a valid Aisle policy: syncIntervalMinutes: Too small. The last good policy stays in force.', locked: [], allowedServers: null, demoAllowed: true, updateFeed: null }),
    });
    const { wrapper } = await mountWith(SettingsView, client);
    await flushPromises();
    expect(wrapper.get('[data-testid=settings-policy-problem]').text()).toBe('The policy your IT department deployed could not be read: /etc/aisle/policy.json is not a valid Aisle policy: syncIntervalMinutes: Too small. The last good policy stays in force.');
    wrapper.unmount();
  });
});

describe('the site relay', () => {
  it('shows siteRelay and siteRelayFallback as saved, and saves a change of both', async () => {
    const sets: Partial<Settings>[] = [];
    const client = scriptedClient({ 'settings.get': () => saved(), 'settings.set': (patch) => (sets.push(patch as Partial<Settings>), saved(patch as Partial<Settings>)) });
    const { wrapper } = await mountWith(SettingsView, client);
    const relay = wrapper.get('[data-testid=settings-site-relay]');
    const fallback = wrapper.get('[data-testid=settings-site-relay-fallback]');
    expect((relay.element as HTMLInputElement).checked).toBe(false);
    expect((fallback.element as HTMLSelectElement).value).toBe('none');
    expect(fallback.findAll('option').map((o) => o.text())).toEqual(['Keep the offline data and say so', 'Read the warehouse server directly']);
    await relay.setValue(true);
    await fallback.setValue('vendor');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(sets.at(-1)).toMatchObject({ siteRelay: true, siteRelayFallback: 'vendor' });
    wrapper.unmount();
  });

  it("set by the machine policy: shown fixed with the reason, in Spanish too, and not sent on save", async () => {
    for (const [locale, words, legend] of [['en', 'Set by your IT department', 'Site relay'], ['es', 'Establecido por su departamento de informática', 'Relay del sitio']] as const) {
      const client = scriptedClient({
        'settings.get': () => saved({ siteRelay: true, siteRelayFallback: 'vendor' }),
        'policy.get': () => ({ file: '/etc/aisle/policy.json', source: 'file', problem: null, locked: ['siteRelay', 'siteRelayFallback'], allowedServers: null, demoAllowed: false, updateFeed: null }),
        'settings.set': (patch) => saved(patch as Partial<Settings>),
      });
      const { wrapper } = await mountWith(SettingsView, client, { locale });
      await flushPromises();
      expect(wrapper.get('[data-testid=settings-site-relay-group] legend').text()).toBe(legend);
      const relay = wrapper.get('[data-testid=settings-site-relay]');
      const fallback = wrapper.get('[data-testid=settings-site-relay-fallback]');
      expect((relay.element as HTMLInputElement).checked).toBe(true);
      expect((fallback.element as HTMLSelectElement).value).toBe('vendor');
      expect(relay.attributes('disabled')).toBeDefined();
      expect(fallback.attributes('disabled')).toBeDefined();
      expect(wrapper.get('[data-testid=locked-siteRelay]').text()).toBe(words);
      expect(wrapper.get('[data-testid=locked-siteRelayFallback]').text()).toBe(words);
      await wrapper.get('form').trigger('submit');
      await flushPromises();
      const sent = client.calls.filter((c) => c.method === 'settings.set').map((c) => c.args as Partial<Settings>);
      expect(sent).toHaveLength(1);
      expect(Object.keys(sent[0]!)).not.toContain('siteRelay');
      expect(Object.keys(sent[0]!)).not.toContain('siteRelayFallback');
      wrapper.unmount();
    }
  });
});
