// Actions from the search box: `>` lists them, typing narrows them by a word of their name (in the
// language shown), arrows and Enter run one. A code typed without `>` is searched as ever. The most
// used have a key of their own, shown beside them, that works wherever the app's screens are.
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionView } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import App from '../../renderer/src/App.vue';
import SearchBox from '../../renderer/src/features/search/SearchBox.vue';
import ListBrowserView from '../../renderer/src/features/lists/ListBrowserView.vue';
import { commandForKey, COMMANDS, isShortcut, matchCommands, SEARCH_SHORTCUT, shortcutAttributes, shortcutText } from '../../renderer/src/commands.ts';
import { useKioskStore } from '../../renderer/src/features/session/kiosk-store.ts';
import { SIGNED_OUT } from '../../renderer/src/features/session/session-store.ts';
import { ANA, FRESH, mountWith, NO_SYNC, scriptedClient, testRouter } from './support.ts';
import { opensOf } from '../../electron/core/lookup/hit-to-open.ts';

const names: Record<string, string> = { syncNow: 'Sync now', lock: 'Lock', lists: 'Open lists', sync: 'Open sync panel', settings: 'Open settings', session: 'Open session', scanner: 'Check the scanner', scans: 'Open the scan list', diagnostics: 'Open diagnostics', export: 'Export what is shown as CSV' };

describe('matchCommands', () => {
  it('lists every action for `>`, and those with a word starting with what is typed', () => {
    const match = (typed: string) => matchCommands(typed, (c) => names[c.id]!).map((c) => c.id);
    // nothing shown to export: not offered
    expect(match('>')).toEqual(COMMANDS.map((c) => c.id).filter((id) => id !== 'export'));
    expect(match('> sy')).toEqual(['syncNow', 'sync']);
    expect(match('>LOCK')).toEqual(['lock']);
    expect(match('>scan')).toEqual(['scanner', 'scans']);
    expect(match('>nothing')).toEqual([]);
  });
});

describe('>export', () => {
  const COLUMNS = [{ key: 'sku', label: 'sku', type: 'string' as const }];
  function lists(total: number) {
    return scriptedClient({
      'settings.get': () => DEFAULT_SETTINGS,
      'lists.catalog': () => [{ list: 'items', label: 'Items', kind: 'item', scopeKind: 'global', columns: COLUMNS, scopes: [] }],
      'lists.page': () => ({ list: 'items', scopeId: null, total, offset: 0, columns: COLUMNS, rows: total ? [{ id: 'i1', sku: 'SKU-1' }] : [], age: FRESH }),
      'export.csv': () => ({ location: '/home/ana/items.csv', rows: total }),
    });
  }
  const match = (typed: string) => matchCommands(typed, (c) => names[c.id]!).map((c) => c.id);

  it('is offered while a screen shows something to export, and exports exactly that view', async () => {
    const c = lists(1);
    const { wrapper, router } = await mountWith(ListBrowserView, c, { path: '/lists/items?scope=' });
    expect(match('>exp')).toEqual(['export']);
    await matchCommands('>exp', (x) => names[x.id]!)[0]!.run(router);
    await flushPromises();
    const asked = c.calls.filter((x) => x.method === 'export.csv');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.args).toEqual({
      view: (c.calls.filter((x) => x.method === 'lists.page').at(-1)!.args as { view: unknown }).view,
      // each column headed as the window names it
      headers: Object.fromEntries(COLUMNS.map((column) => [column.key, column.label])),
      // and yes/no in the window's words
      booleans: { yes: 'Yes', no: 'No' },
      // codes, a change's direction and times as the table words them (no enumerated column here)
      words: { raw: false, codes: {}, direction: { header: 'Direction', in: 'in', out: 'out', none: 'no change' }, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    });
    expect(wrapper.get('[data-testid=export-done]').text()).toContain('/home/ana/items.csv');
    wrapper.unmount();
    // the screen gone: not offered
    expect(match('>exp')).toEqual([]);
  });

  it('is not offered for an empty list', async () => {
    const { wrapper } = await mountWith(ListBrowserView, lists(0), { path: '/lists/items' });
    expect(match('>exp')).toEqual([]);
    wrapper.unmount();
  });
});

describe('actions in the search box', () => {
  function client() {
    return scriptedClient({
      'sync.now': () => ({ started: true }),
      'session.lock': (): SessionView => ({ ...SIGNED_OUT, state: 'signed-in', locked: true }),
      'search.query': ({ q }) => ({ query: q, scan: { kind: 'plain', text: q }, hits: [], opens: opensOf([]), tookMs: 0.1 }),
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

type Press = { key: string; code?: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; shiftKey?: boolean };
const press = (p: Press) => ({ code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...p });

describe('keys of their own', () => {
  it('F5 syncs, Ctrl+L locks, Ctrl+, opens the settings: with exactly those modifiers', () => {
    const id = (p: Press, mac = false) => commandForKey(press(p), mac)?.id ?? null;
    expect(id({ key: 'F5' })).toBe('syncNow');
    expect(id({ key: 'l', code: 'KeyL', ctrlKey: true })).toBe('lock');
    expect(id({ key: 'L', code: 'KeyL', ctrlKey: true })).toBe('lock'); // Caps Lock on
    expect(id({ key: ',', code: 'Comma', ctrlKey: true })).toBe('settings');
    // not with another modifier, nor without the one it needs
    expect(id({ key: 'L', code: 'KeyL', ctrlKey: true, shiftKey: true })).toBe(null);
    expect(id({ key: 'l', code: 'KeyL', ctrlKey: true, altKey: true })).toBe(null);
    expect(id({ key: 'F5', ctrlKey: true })).toBe(null);
    expect(id({ key: 'F5', shiftKey: true })).toBe(null);
    expect(id({ key: 'l', code: 'KeyL' })).toBe(null);
    expect(id({ key: ',', code: 'Comma' })).toBe(null);
    // a Mac's ⌘ stands for Ctrl, and Ctrl is then another key
    expect(id({ key: 'l', code: 'KeyL', metaKey: true }, true)).toBe('lock');
    expect(id({ key: 'l', code: 'KeyL', ctrlKey: true }, true)).toBe(null);
    expect(id({ key: 'l', code: 'KeyL', metaKey: true })).toBe(null);
    // a layout without Latin letters: found by where the key sits; a Latin layout by the letter typed
    expect(id({ key: 'д', code: 'KeyL', ctrlKey: true })).toBe('lock');
    expect(id({ key: 'n', code: 'KeyL', ctrlKey: true })).toBe(null);
    // Ctrl+K goes to the search box, not to an action
    expect(id({ key: 'k', code: 'KeyK', ctrlKey: true })).toBe(null);
    expect(isShortcut(press({ key: 'k', code: 'KeyK', ctrlKey: true }), SEARCH_SHORTCUT, false)).toBe(true);
    expect(isShortcut(press({ key: 'k', code: 'KeyK', metaKey: true }), SEARCH_SHORTCUT, true)).toBe(true);
  });

  it('are written as on the keys, on a PC and on a Mac, for the eye and for assistive technology', () => {
    const lock = COMMANDS.find((c) => c.id === 'lock')!.shortcut!;
    expect([shortcutText(lock, false), shortcutText(lock, true), shortcutText(SEARCH_SHORTCUT, false)]).toEqual(['Ctrl+L', '⌘L', 'Ctrl+K']);
    expect(shortcutAttributes('settings', (key) => `Key: ${key}`, false)).toEqual({ title: 'Key: Ctrl+,', 'aria-keyshortcuts': 'Control+,' });
    expect(shortcutAttributes('syncNow', (key) => key, true)).toEqual({ title: 'F5', 'aria-keyshortcuts': 'F5' });
    expect(shortcutAttributes('lock', (key) => key, true)['aria-keyshortcuts']).toBe('Meta+L');
    expect(shortcutAttributes('scans', (key) => key, false)).toEqual({});
  });

  it('are shown beside their actions in the search box', async () => {
    const c = scriptedClient({});
    const { wrapper } = await mountWith(SearchBox, c, { path: '/' });
    await wrapper.get('[data-testid=search-input]').setValue('>');
    const rows = wrapper.findAll('[data-testid=command]').map((o) => [o.attributes('data-command'), o.find('[data-testid=command-key]').exists() ? o.get('[data-testid=command-key]').text() : null, o.attributes('aria-keyshortcuts') ?? null]);
    expect(rows).toEqual([
      ['syncNow', 'F5', 'F5'],
      ['lock', 'Ctrl+L', 'Control+L'],
      ['lists', null, null],
      ['sync', null, null],
      ['settings', 'Ctrl+,', 'Control+,'],
      ['session', null, null],
      ['scanner', null, null],
      ['scans', null, null],
      ['diagnostics', null, null],
    ]);
    expect(wrapper.get('.shortcut').text()).toBe('Ctrl+K');
    wrapper.unmount();
  });
});

describe('the keys in the app', () => {
  let unmount: (() => void) | null = null;
  afterEach(() => {
    unmount?.();
    unmount = null;
  });

  async function app(path = '/') {
    let view: SessionView = ANA;
    const client = scriptedClient({
      'session.current': () => view,
      'settings.get': () => DEFAULT_SETTINGS,
      'sync.status': () => NO_SYNC,
      'sync.now': () => ({ started: true }),
      'lists.catalog': () => [],
      'session.lock': () => (view = { ...view, locked: true }),
      'search.query': ({ q }) => ({ query: q, scan: { kind: 'plain', text: q }, hits: [], opens: opensOf([]), tookMs: 0.1 }),
      'recent.list': () => [],
    });
    const router = testRouter();
    router.addRoute({ path: '/sign-in', name: 'sign-in', component: { template: '<div data-testid="sign-in-stub" />' }, meta: { public: true } });
    const mounted = await mountWith(App, client, { path, router });
    unmount = () => mounted.wrapper.unmount();
    return { client, ...mounted };
  }

  const key = (init: KeyboardEventInit) => window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
  const count = (client: { calls: { method: string }[] }, method: string) => client.calls.filter((c) => c.method === method).length;

  it('run their action from any screen, even typing in the search box, once for a key held down', async () => {
    const { client, wrapper, router } = await app('/lists');
    const input = wrapper.get('[data-testid=search-input]');
    (input.element as HTMLInputElement).focus();
    await input.setValue('SKU-1');
    await flushPromises();

    const f5 = new KeyboardEvent('keydown', { key: 'F5', bubbles: true, cancelable: true });
    input.element.dispatchEvent(f5);
    await flushPromises();
    expect(count(client, 'sync.now')).toBe(1);
    expect(f5.defaultPrevented).toBe(true); // a browser would reload the page
    key({ key: 'F5', repeat: true });
    await flushPromises();
    expect(count(client, 'sync.now')).toBe(1);

    input.element.dispatchEvent(new KeyboardEvent('keydown', { key: ',', code: 'Comma', ctrlKey: true, bubbles: true, cancelable: true }));
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('settings');
    expect(document.activeElement).not.toBe(input.element); // the search list is put away
    expect(wrapper.get('[data-testid=search-popup]').isVisible()).toBe(false);

    expect(wrapper.get('[data-testid=nav-lock]').attributes()).toMatchObject({ title: 'Key: Ctrl+L', 'aria-keyshortcuts': 'Control+L' });
    key({ key: 'l', code: 'KeyL', ctrlKey: true });
    await flushPromises();
    expect(count(client, 'session.lock')).toBe(1);
    expect(wrapper.find('[data-testid=lock-screen]').exists()).toBe(true);
  });

  it('do nothing on the lock screen, the sign-in screen, or under the kiosk exit dialog', async () => {
    const locked = await app();
    key({ key: 'l', code: 'KeyL', ctrlKey: true });
    await flushPromises();
    expect(locked.wrapper.find('[data-testid=lock-screen]').exists()).toBe(true);
    key({ key: 'F5' });
    key({ key: 'l', code: 'KeyL', ctrlKey: true });
    await flushPromises();
    expect([count(locked.client, 'sync.now'), count(locked.client, 'session.lock')]).toEqual([0, 1]);
    unmount?.();

    const signIn = await app('/sign-in');
    signIn.wrapper.get('[data-testid=sign-in-stub]');
    key({ key: 'F5' });
    key({ key: ',', code: 'Comma', ctrlKey: true });
    await flushPromises();
    expect(count(signIn.client, 'sync.now')).toBe(0);
    expect(signIn.router.currentRoute.value.name).toBe('sign-in');
    unmount?.();

    const kiosk = await app();
    useKioskStore().asking = true;
    key({ key: 'F5' });
    key({ key: 'l', code: 'KeyL', ctrlKey: true });
    await flushPromises();
    expect([count(kiosk.client, 'sync.now'), count(kiosk.client, 'session.lock')]).toEqual([0, 0]);
  });
});
