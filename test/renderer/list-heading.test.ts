// A list's page is headed by the list's name in the window's language ("Items", "Artículos"), not
// its key, also when the catalog of lists was read before the list was synced (at sign-in, before
// the first round brought it).
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { ColumnInfo, ListInfo } from '../../electron/contract/types.ts';
import ListBrowserView from '../../renderer/src/features/lists/ListBrowserView.vue';
import { FRESH, mountWith, scriptedClient } from './support.ts';

const COLUMNS: ColumnInfo[] = [{ key: 'code', label: 'Code', type: 'string' }];
const LOCATIONS: ListInfo = { list: 'locations', label: 'Locations', kind: 'location', scopeKind: 'global', columns: COLUMNS, scopes: [] };
const ITEMS: ListInfo = { list: 'items', label: 'Items', kind: 'item', scopeKind: 'global', columns: COLUMNS, scopes: [] };

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

/** The locations page, then the items page, over a catalog that named only locations when first read. */
async function itemsAfterAnOlderCatalog(locale: 'en' | 'es') {
  let catalog = [LOCATIONS];
  const client = scriptedClient({
    'lists.catalog': () => catalog,
    'lists.page': ({ view }) => ({ list: view.list, scopeId: null, total: 0, offset: 0, columns: COLUMNS, rows: [], age: FRESH }),
  });
  const { wrapper, router } = await mountWith(ListBrowserView, client, { path: '/lists/locations', locale });
  unmount = () => wrapper.unmount();
  const first = wrapper.get('h1').text();
  catalog = [ITEMS, LOCATIONS]; // a sync round brought the items
  await router.push('/lists/items');
  await flushPromises();
  return { first, heading: wrapper.get('h1').text() };
}

describe("a list's heading", () => {
  it("is the list's name, in English", async () => {
    expect(await itemsAfterAnOlderCatalog('en')).toEqual({ first: 'Locations', heading: 'Items' });
  });

  it("is the list's name, in Spanish", async () => {
    expect(await itemsAfterAnOlderCatalog('es')).toEqual({ first: 'Ubicaciones', heading: 'Artículos' });
  });
});
