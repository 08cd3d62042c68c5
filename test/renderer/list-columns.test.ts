// A list's columns, the user's way: hidden, shown again where they were, and put in the user's own
// order with the chooser's arrows (no dragging: it works with gloves and from the keyboard). The
// order is the user's, kept in settings, and is the order the table and the export use.
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListView } from '../../electron/contract/methods.ts';
import type { ColumnInfo, Settings } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { useSessionStore } from '../../renderer/src/stores/session.ts';
import { useSettingsStore } from '../../renderer/src/stores/settings.ts';
import ListBrowserView from '../../renderer/src/views/ListBrowserView.vue';
import { ANA, FRESH, mountWith, scriptedClient } from './support.ts';

const COLUMNS: ColumnInfo[] = ['sku', 'upc', 'gtin', 'description'].map((key) => ({ key, label: key, type: 'string' }));
const KEY = `${ANA.email}|items`;
let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

async function browser() {
  let settings: Settings = structuredClone(DEFAULT_SETTINGS);
  const client = scriptedClient({
    'settings.get': () => settings,
    'settings.set': (patch) => (settings = { ...settings, ...(patch as Partial<Settings>) }),
    'lists.catalog': () => [{ list: 'items', label: 'Items', kind: 'item', scopeKind: 'global', columns: COLUMNS, scopes: [] }],
    'lists.page': () => ({ list: 'items', scopeId: null, total: 1, offset: 0, columns: COLUMNS, rows: [{ id: 'i1', sku: 'SKU-1', upc: 'U', gtin: 'G', description: 'steel bolt' }], age: FRESH }),
  });
  const { wrapper, pinia } = await mountWith(ListBrowserView, client, { path: '/lists/items' });
  unmount = () => wrapper.unmount();
  useSessionStore(pinia).view = ANA;
  await useSettingsStore(pinia).load();
  await flushPromises();
  const headers = () => wrapper.findAll('[data-testid^=sort-]').map((h) => h.attributes('data-testid')!.slice('sort-'.length));
  const menu = () => wrapper.findAll('.column-row input[type=checkbox]').map((c) => c.attributes('data-testid')!.slice('column-'.length));
  const click = async (testid: string) => {
    await wrapper.get(`[data-testid=${testid}]`).trigger('click');
    await flushPromises();
  };
  const toggle = async (key: string, on: boolean) => {
    await wrapper.get(`[data-testid=column-${key}]`).setValue(on);
    await flushPromises();
  };
  const lastView = () => client.calls.filter((c) => c.method === 'lists.page').map((c) => (c.args as { view: ListView }).view).at(-1)!;
  return { wrapper, headers, menu, click, toggle, lastView, saved: () => settings.columns[KEY] };
}

describe('the columns of a list', () => {
  it('move with the arrows; the order is kept for the user and asked of main, so the export keeps it', async () => {
    const b = await browser();
    expect(b.headers()).toEqual(['sku', 'upc', 'gtin', 'description']);
    expect(b.wrapper.get('[data-testid=move-left-sku]').attributes('disabled')).toBeDefined();
    expect(b.wrapper.get('[data-testid=move-right-description]').attributes('disabled')).toBeDefined();
    expect(b.wrapper.get('[data-testid=move-left-description]').attributes('aria-label')).toBe('Move description left');

    await b.click('move-left-description');
    await b.click('move-left-description');
    await b.click('move-left-description');
    expect(b.headers()).toEqual(['description', 'sku', 'upc', 'gtin']);
    expect(b.menu()).toEqual(['description', 'sku', 'upc', 'gtin']);
    expect(b.saved()).toEqual(['description', 'sku', 'upc', 'gtin']);
    expect(b.lastView().columns).toEqual(['description', 'sku', 'upc', 'gtin']);
    // at the left end it goes no further
    await b.click('move-left-description');
    expect(b.headers()[0]).toBe('description');

    // back to the list's own order: nothing chosen
    for (let i = 0; i < 3; i++) await b.click('move-right-description');
    expect(b.headers()).toEqual(['sku', 'upc', 'gtin', 'description']);
    expect(b.saved()).toEqual([]);
  });

  it('a hidden column leaves the table, sits after the shown ones in the chooser, and comes back where it was', async () => {
    const b = await browser();
    await b.click('move-left-description'); // sku upc description gtin
    await b.toggle('upc', false);
    expect(b.headers()).toEqual(['sku', 'description', 'gtin']);
    expect(b.menu()).toEqual(['sku', 'description', 'gtin', 'upc']);
    expect(b.wrapper.find('[data-testid=move-left-upc]').exists()).toBe(false);
    await b.toggle('upc', true);
    // after sku, the shown column before it in the list's order
    expect(b.headers()).toEqual(['sku', 'upc', 'description', 'gtin']);
    // the last shown column cannot be hidden
    for (const key of ['sku', 'upc', 'description']) await b.toggle(key, false);
    await b.toggle('gtin', false);
    expect(b.headers()).toEqual(['gtin']);
  });
});
