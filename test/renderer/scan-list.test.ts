// The scan list: on its screen a scan is counted instead of opening its record. Items are counted
// per location scanned before them, beside the mirror's on hand there; a code scanned again counts
// up and is marked; codes not found stay; scans are taken in the order scanned, however slow an
// answer; sign-out drops the list.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { InventoryAnswer, SearchHit, SearchResult, Settings } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import App from '../../renderer/src/App.vue';
import { scanListCsv, useScanListStore } from '../../renderer/src/stores/scan-list.ts';
import { SIGNED_OUT } from '../../renderer/src/stores/session.ts';
import ScanListView from '../../renderer/src/views/ScanListView.vue';
import { ANA, FRESH, mountWith, NO_SYNC, scriptedClient } from './support.ts';

const hit = (partial: Partial<SearchHit>): SearchHit => ({ kind: 'item', list: 'items', id: 'i1', code: 'SKU-1', title: 'Blue widget', subtitle: null, match: 'exact', field: 'sku', age: FRESH, ...partial });
const L1 = hit({ kind: 'location', list: 'locations', id: 'l1', code: 'A-03-02-B', title: 'A-03-02-B', field: 'barcode', place: { type: 'PICK', zone: 'A', facility: 'Main' } });
const L2 = hit({ kind: 'location', list: 'locations', id: 'l2', code: 'A-03-02-C', title: 'A-03-02-C', field: 'barcode' });
const SKU1 = hit({});
const HITS: Record<string, SearchHit[]> = {
  L0302B9: [L1],
  L0302C4: [L2],
  'SKU-1': [SKU1],
  WIDGET: [hit({ id: 'i2', code: 'SKU-2', match: 'word' }), hit({ id: 'i3', code: 'SKU-3', match: 'word' })],
};
const answer = (q: string): SearchResult => ({ query: q, scan: { kind: 'plain', text: q }, hits: HITS[q] ?? [], tookMs: 1 });
const stock = (locationId: string): InventoryAnswer => ({
  rows: locationId === 'l1' ? [{ itemId: 'i1', onHand: 5 }, { itemId: 'i1', onHand: 2 }, { itemId: 'i9', onHand: 4 }].map((r) => ({ ...r }) as never) : [],
  totals: [],
  age: FRESH,
});

function client(inventory: (locationId: string) => InventoryAnswer | Promise<InventoryAnswer> = stock) {
  return scriptedClient({ 'search.query': ({ q }) => answer(q), 'inventory.byLocation': ({ locationId }) => inventory(locationId) });
}

describe('the scan list', () => {
  it('counts items at the location scanned before them, beside the on hand there; again counts up; not found stays', async () => {
    const c = client();
    const { wrapper } = await mountWith(ScanListView, c);
    const list = useScanListStore();
    const feedback = [];
    for (const code of ['SKU-1', 'L0302B9', 'SKU-1', 'SKU-1', 'NOPE', 'WIDGET', 'L0302C4', 'SKU-1']) feedback.push(await list.add(code));
    expect(feedback).toEqual(['found', 'found', 'found', 'found', 'none', 'several', 'found', 'found']);
    await flushPromises();
    expect(list.rows.map((r) => [r.location?.code ?? null, r.code, r.kind, r.count, r.onHandHere])).toEqual([
      ['A-03-02-C', 'SKU-1', 'item', 1, 0],
      [null, 'L0302C4', 'location', 1, null],
      ['A-03-02-B', 'WIDGET', 'several', 1, null],
      ['A-03-02-B', 'NOPE', 'none', 1, null],
      ['A-03-02-B', 'SKU-1', 'item', 2, 7],
      [null, 'L0302B9', 'location', 1, null],
      [null, 'SKU-1', 'item', 1, null],
    ]);
    expect(wrapper.get('[data-testid=scans-location]').text()).toContain('At A-03-02-C');
    expect(wrapper.get('[data-testid=scans-location]').text()).not.toContain('Main');
    const rows = wrapper.findAll('[data-testid=scan-row]');
    expect(rows[4]!.get('[data-testid=scan-again]').text()).toBe('scanned 2 times');
    expect(rows[3]!.text()).toContain('Not in the offline data');
    expect(rows[2]!.text()).toContain('2 matches');
    expect(wrapper.findAll('[data-testid=scan-again]')).toHaveLength(1);
    // searches as the search box does, but opens nothing
    expect(c.calls.filter((x) => x.method === 'search.query').every((x) => (x.args as { limit: number }).limit === 50)).toBe(true);

    const csv = scanListCsv(list.rows).split('\r\n');
    expect(csv[0]).toBe('location,code,kind,sku_or_code,description,count,on_hand_here,last_scanned');
    expect(csv[1]).toMatch(/^,SKU-1,item,SKU-1,Blue widget,1,,\d{4}-/);
    expect(csv[3]).toMatch(/^A-03-02-B,SKU-1,item,SKU-1,Blue widget,2,7,/);
    expect(csv).toHaveLength(list.rows.length + 2);

    await wrapper.get('[data-testid=scans-clear]').trigger('click');
    expect(list.rows).toEqual([]);
    expect(wrapper.get('[data-testid=scans-location]').text()).toContain('No location scanned yet');
    wrapper.unmount();
  });

  it('takes scans in the order scanned: an item scanned while its location\'s stock is still read is counted there', async () => {
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const c = client(async (locationId) => {
      await slow;
      return stock(locationId);
    });
    await mountWith(ScanListView, c);
    const list = useScanListStore();
    const first = list.add('L0302B9');
    const second = list.add('SKU-1');
    await flushPromises();
    expect(list.rows).toEqual([]);
    release();
    expect(await Promise.all([first, second])).toEqual(['found', 'found']);
    expect([list.location?.code, list.location?.facility]).toEqual(['A-03-02-B', 'Main']);
    expect(list.rows.map((r) => [r.code, r.location?.code ?? null, r.onHandHere])).toEqual([
      ['SKU-1', 'A-03-02-B', 7],
      ['L0302B9', null, null],
    ]);
  });
});

describe('scanning on the scan list screen', () => {
  function app() {
    let view = ANA;
    const c = scriptedClient({
      'session.current': () => view,
      'settings.get': (): Settings => ({ ...DEFAULT_SETTINGS, scanSound: false }),
      'sync.status': () => NO_SYNC,
      'lists.catalog': () => [],
      'search.query': ({ q }) => answer(q),
      'inventory.byLocation': ({ locationId }) => stock(locationId),
    });
    return { c, signOut: () => c.emit('session.changed', (view = SIGNED_OUT)) };
  }
  const scan = async (code: string) => {
    for (const key of code) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await flushPromises();
  };

  it('counts the scan and opens nothing; elsewhere a scan opens its record; sign-out drops the list', async () => {
    const { c, signOut } = app();
    const { wrapper, router } = await mountWith(App, c, { path: '/scans' });
    await scan('L0302B9');
    await scan('SKU-1');
    expect(router.currentRoute.value.fullPath).toBe('/scans');
    const list = useScanListStore();
    expect(list.rows.map((r) => r.code)).toEqual(['SKU-1', 'L0302B9']);
    expect(wrapper.get('[data-testid=scan-flash]').attributes('data-feedback')).toBe('found');

    await router.push('/');
    await scan('SKU-1');
    expect(router.currentRoute.value.fullPath).toBe('/item/i1?list=items');
    expect(list.rows).toHaveLength(2);

    signOut();
    await flushPromises();
    expect(list.rows).toEqual([]);
    expect(list.location).toBeNull();
    wrapper.unmount();
  });
});
