// Settings changed elsewhere (another window, the CLI, a settings file pushed by IT) reach every
// window through 'settings.changed': the look applies at once, and the form shows the new values
// unless it holds edits not yet saved.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { useSettingsStore } from '../../renderer/src/stores/settings.ts';
import SettingsView from '../../renderer/src/views/SettingsView.vue';
import { mountWith, scriptedClient } from './support.ts';

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
