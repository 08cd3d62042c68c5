// A list's columns, the user's way: hidden, shown again where they were, and put in the user's own
// order with the chooser's arrows (no dragging: it works with gloves and from the keyboard) or by
// dragging a header beside another. The order is the user's, kept in settings, and is the order the
// table and the export use.
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListView } from '../../electron/contract/methods.ts';
import type { ColumnInfo, Settings } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { useSessionStore } from '../../renderer/src/features/session/session-store.ts';
import { useSettingsStore } from '../../renderer/src/features/settings/settings-store.ts';
import ListBrowserView from '../../renderer/src/features/lists/ListBrowserView.vue';
import { ANA, FRESH, mountWith, scriptedClient } from './support.ts';

const COLUMNS: ColumnInfo[] = ['sku', 'upc', 'gtin', 'description'].map((key) => ({ key, label: key, type: 'string' }));
const KEY = `${ANA.email}|items`;
let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

async function browser(columns = COLUMNS, row: Record<string, unknown> = { id: 'i1', sku: 'SKU-1', upc: 'U', gtin: 'G', description: 'steel bolt' }, locale: 'en' | 'es' = 'en') {
  let settings: Settings = structuredClone(DEFAULT_SETTINGS);
  const client = scriptedClient({
    'settings.get': () => settings,
    'settings.set': (patch) => (settings = { ...settings, ...(patch as Partial<Settings>) }),
    'lists.catalog': () => [{ list: 'items', label: 'Items', kind: 'item', scopeKind: 'global', columns, scopes: [] }],
    'lists.page': () => ({ list: 'items', scopeId: null, total: 1, offset: 0, columns, rows: [row], age: FRESH }),
  });
  const { wrapper, pinia } = await mountWith(ListBrowserView, client, { path: '/lists/items', locale });
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
  /** The grid's column widths in pixels, as laid out. */
  const widths = () => wrapper.get('[role=row][aria-rowindex="1"]').attributes('style')!.match(/grid-template-columns: ([^;]+)/)![1]!.split(' ').map((w) => parseInt(w, 10));
  return { wrapper, headers, menu, click, toggle, lastView, widths, saved: () => settings.columns[KEY], savedWidths: () => settings.columnWidths[KEY], settings: () => settings, writes: () => client.calls.filter((c) => c.method === 'settings.set').length };
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

  it('move when a header is dragged onto another: before or after it, by the half it is dropped on', async () => {
    const b = await browser();
    const head = (key: string) => b.wrapper.get(`[data-testid=head-${key}]`);
    for (const key of ['sku', 'upc', 'gtin', 'description']) {
      // laid out 200 px apart, as a browser would (the test DOM lays nothing out)
      const left = ['sku', 'upc', 'gtin', 'description'].indexOf(key) * 200;
      head(key).element.getBoundingClientRect = () => ({ left, right: left + 200, width: 200, top: 0, bottom: 40, height: 40, x: left, y: 0, toJSON: () => ({}) });
    }
    const drag = async (from: string, to: string, clientX: number) => {
      await head(from).trigger('dragstart');
      await head(to).trigger('dragover', { clientX });
      await head(to).trigger('drop');
      await head(from).trigger('dragend');
      await flushPromises();
    };
    // the description dropped on the left half of the SKU: first
    await drag('description', 'sku', 50);
    expect(b.headers()).toEqual(['description', 'sku', 'upc', 'gtin']);
    expect(b.saved()).toEqual(['description', 'sku', 'upc', 'gtin']);
    expect(b.lastView().columns).toEqual(['description', 'sku', 'upc', 'gtin']);
    // the SKU dropped on the right half of the GTIN: after it
    await drag('sku', 'gtin', 750);
    expect(b.headers()).toEqual(['description', 'upc', 'gtin', 'sku']);
    // while dragged over, the side it would go to is marked
    await head('upc').trigger('dragstart');
    await head('gtin').trigger('dragover', { clientX: 410 });
    expect(head('gtin').classes()).toContain('drop-before');
    expect(head('upc').classes()).toContain('moving');
    await head('upc').trigger('dragend');
    expect(head('gtin').classes()).not.toContain('drop-before');
    // dropped on itself, or where it is: nothing changes, nothing is saved
    const writes = b.writes();
    await drag('upc', 'upc', 250);
    await drag('upc', 'gtin', 410);
    expect(b.headers()).toEqual(['description', 'upc', 'gtin', 'sku']);
    expect(b.writes()).toBe(writes);
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

  it('get narrower or wider from the chooser, or by dragging an edge; kept for the user, and given back their own', async () => {
    const b = await browser();
    expect(b.widths()).toEqual([220, 210, 210, 340]);
    expect(b.wrapper.get('[data-testid=wider-description]').attributes('aria-label')).toBe('description wider');
    await b.click('wider-description');
    await b.click('wider-description');
    await b.click('narrower-upc');
    expect(b.widths()).toEqual([220, 170, 210, 420]);
    expect(b.savedWidths()).toEqual({ description: 420, upc: 170 });

    // dragging the SKU's right edge 65 px to the right
    const edge = b.wrapper.get('[data-testid=resize-sku]').element;
    edge.dispatchEvent(new PointerEvent('pointerdown', { button: 0, clientX: 100, pointerId: 1, bubbles: true }));
    edge.dispatchEvent(new PointerEvent('pointermove', { clientX: 165, pointerId: 1, bubbles: true }));
    await flushPromises();
    expect(b.widths()[0]).toBe(285);
    expect(b.savedWidths()).toEqual({ description: 420, upc: 170 });
    edge.dispatchEvent(new PointerEvent('pointerup', { clientX: 165, pointerId: 1, bubbles: true }));
    await flushPromises();
    expect(b.savedWidths()).toEqual({ description: 420, upc: 170, sku: 285 });
    // never narrower than a column can be read
    edge.dispatchEvent(new PointerEvent('pointerdown', { button: 0, clientX: 300, pointerId: 1, bubbles: true }));
    edge.dispatchEvent(new PointerEvent('pointermove', { clientX: -900, pointerId: 1, bubbles: true }));
    edge.dispatchEvent(new PointerEvent('pointerup', { clientX: -900, pointerId: 1, bubbles: true }));
    await flushPromises();
    expect(b.widths()[0]).toBe(80);
    expect(b.savedWidths()).toMatchObject({ sku: 80 });

    // another user at this workstation has the list's own widths
    useSessionStore().view = { ...ANA, email: 'bob@example.com' };
    await flushPromises();
    expect(b.widths()).toEqual([220, 210, 210, 340]);
    useSessionStore().view = ANA;
    await flushPromises();
    expect(b.widths()).toEqual([80, 170, 210, 420]);

    // the chooser stops at the narrowest a column can be
    for (let i = 0; i < 4; i++) await b.click('narrower-upc');
    expect(b.savedWidths()).toMatchObject({ upc: 80 });
    expect(b.wrapper.get('[data-testid=narrower-upc]').attributes('disabled')).toBeDefined();

    await b.click('reset-widths');
    expect(b.widths()).toEqual([220, 210, 210, 340]);
    expect(b.settings().columnWidths).toEqual({});
  });

  it('grow with the text size, as they were set', async () => {
    const b = await browser();
    await b.click('wider-description');
    await useSettingsStore().save({ textSize: 150 });
    await flushPromises();
    expect(b.widths()).toEqual([330, 315, 315, 570]);
  });

  it('hides technical columns until the user shows one, remembers that per user, and reads dates and yes/no as people do', async () => {
    const columns: ColumnInfo[] = [
      { key: 'sku', label: 'SKU', type: 'string' },
      { key: 'account_id', label: 'Account', type: 'string', refersTo: 'accounts' },
      { key: 'template_uuid', label: 'template_uuid', type: 'string', technical: true },
      { key: 'best_before', label: 'best_before', type: 'date', dateOnly: true },
      { key: 'lot_tracked', label: 'Lot tracked', type: 'boolean' },
      { key: 'fav1icon', label: 'fav1icon', type: 'string', technical: true },
    ];
    const b = await browser(columns, { id: 'i1', sku: 'SKU-1', account_id: 'Acme Foods', template_uuid: 't-1', best_before: '2026-12-01', lot_tracked: true, fav1icon: 'boxes' });
    expect(b.headers()).toEqual(['sku', 'account_id', 'best_before', 'lot_tracked']);
    // the chooser offers them, after the shown ones
    expect(b.menu()).toEqual(['sku', 'account_id', 'best_before', 'lot_tracked', 'template_uuid', 'fav1icon']);
    const cells = b.wrapper.get('[data-testid=grid-row]').findAll('[role=gridcell]').map((c) => c.text());
    // a date without a time is that day wherever the workstation is; yes/no in the app's words
    expect(cells).toEqual(['SKU-1', 'Acme Foods', '1 Dec 2026', 'Yes']);
    // the default is not saved as a choice; showing a technical column is, for this user and list
    expect(b.saved()).toBeUndefined();
    await b.toggle('template_uuid', true);
    expect(b.headers()).toEqual(['sku', 'account_id', 'template_uuid', 'best_before', 'lot_tracked']);
    expect(b.saved()).toEqual(['sku', 'account_id', 'template_uuid', 'best_before', 'lot_tracked']);
    expect(b.lastView().columns).toEqual(b.saved());
    await b.toggle('template_uuid', false);
    expect(b.saved()).toEqual([]);
    expect(b.headers()).toEqual(['sku', 'account_id', 'best_before', 'lot_tracked']);
  });

  it('are headed by their role in words in each language, whatever the server calls the field; a field Aisle does not know by its own name under "Server field"', async () => {
    const columns: ColumnInfo[] = [
      { key: 'packQty', label: 'Pack qty', type: 'number', role: 'pack_qty' },
      { key: 'hazmatId', label: 'hazmatId', type: 'string', role: 'hazmat_id', refersTo: 'hazmat' },
      { key: 'widthCm', label: 'widthCm', type: 'number' },
    ];
    const row = { id: 'i1', packQty: 12, hazmatId: 'UN1263', widthCm: 40 };
    const heads = (b: Awaited<ReturnType<typeof browser>>) => b.wrapper.findAll('[data-testid^=sort-]').map((h) => h.text().replace(/[▲▼]/g, '').replace(/\s+/g, ' ').trim());
    const en = await browser(columns, row, 'en');
    expect(heads(en)).toEqual(['Pack qty', 'Hazmat', 'Server field widthCm']);
    expect(en.wrapper.findAll('[data-testid=chooser-server-field]')).toHaveLength(1);
    unmount?.();
    const es = await browser(columns, row, 'es');
    expect(heads(es)).toEqual(['Cant. por paquete', 'Mercancía peligrosa', 'Campo del servidor widthCm']);
  });
});
