// Actions from the search box: `>` lists them, typing narrows them by a word of their name (in the
// language shown), arrows and Enter run one. A code typed without `>` is searched as ever.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../electron/contract/types.ts';
import SearchBox from '../../renderer/src/components/SearchBox.vue';
import { COMMANDS, matchCommands } from '../../renderer/src/commands.ts';
import { SIGNED_OUT } from '../../renderer/src/stores/session.ts';
import { mountWith, scriptedClient } from './support.ts';

const names: Record<string, string> = { syncNow: 'Sync now', lock: 'Lock', lists: 'Open lists', sync: 'Open sync panel', settings: 'Open settings', session: 'Open session', scanner: 'Check the scanner', scans: 'Open the scan list' };

describe('matchCommands', () => {
  it('lists every action for `>`, and those with a word starting with what is typed', () => {
    const match = (typed: string) => matchCommands(typed, (c) => names[c.id]!).map((c) => c.id);
    expect(match('>')).toEqual(COMMANDS.map((c) => c.id));
    expect(match('> sy')).toEqual(['syncNow', 'sync']);
    expect(match('>LOCK')).toEqual(['lock']);
    expect(match('>scan')).toEqual(['scanner', 'scans']);
    expect(match('>nothing')).toEqual([]);
  });
});

describe('actions in the search box', () => {
  function client() {
    return scriptedClient({
      'sync.now': () => ({ started: true }),
      'session.lock': (): SessionView => ({ ...SIGNED_OUT, state: 'signed-in', locked: true }),
      'search.query': ({ q }) => ({ query: q, scan: { kind: 'plain', text: q }, hits: [], tookMs: 0.1 }),
    });
  }

  it('runs the action chosen with the arrows and Enter, and never searches for it', async () => {
    const c = client();
    const { wrapper, router } = await mountWith(SearchBox, c, { path: '/' });
    const input = wrapper.get('[data-testid=search-input]');
    await input.setValue('>sy');
    expect(wrapper.findAll('[data-testid=command] .code').map((o) => o.text())).toEqual(['Sync now', 'Open sync panel']);
    await input.trigger('keydown', { key: 'ArrowDown' });
    await input.trigger('keydown', { key: 'Enter' });
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('sync');
    expect((input.element as HTMLInputElement).value).toBe('');

    await input.setValue('>sync n');
    await input.trigger('keydown', { key: 'Enter' });
    await input.setValue('>lock');
    await input.trigger('keydown', { key: 'Enter' });
    await flushPromises();
    const methods = c.calls.map((call) => call.method);
    expect(methods.filter((m) => m === 'sync.now' || m === 'session.lock')).toEqual(['sync.now', 'session.lock']);
    expect(methods).not.toContain('search.query');
    wrapper.unmount();
  });

  it('names actions in the language shown, says when none matches, and searches a code as ever', async () => {
    const c = client();
    const { wrapper } = await mountWith(SearchBox, c, { path: '/', locale: 'es' });
    const input = wrapper.get('[data-testid=search-input]');
    await input.setValue('>ajus');
    expect(wrapper.findAll('[data-testid=command]').map((o) => o.attributes('data-command'))).toEqual(['settings']);
    await input.setValue('>xyz');
    expect(wrapper.find('[data-testid=commands-none]').exists()).toBe(true);
    await input.setValue('SKU-1');
    await flushPromises();
    expect(wrapper.find('[data-testid=command-results]').exists()).toBe(false);
    expect(c.calls.map((call) => call.method)).toEqual(['search.query']);
    wrapper.unmount();
  });
});
