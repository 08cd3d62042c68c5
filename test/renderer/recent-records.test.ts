// Recently opened records in the window: the page of an item, a location or another record tells
// main it was opened (a related record's preview does not); the search box, empty, lists them and
// opens one by keyboard or tap; the start screen lists them with a way to clear the list.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { RecentRecord, SearchHit, SearchResult } from '../../electron/contract/types.ts';
import SearchBox from '../../renderer/src/features/search/SearchBox.vue';
import HomeView from '../../renderer/src/features/search/HomeView.vue';
import StockRecordView from '../../renderer/src/features/record/StockRecordView.vue';
import RecordView from '../../renderer/src/features/record/RecordView.vue';
import { useSearchStore } from '../../renderer/src/features/search/search-store.ts';
import { FRESH, Failure, mountWith, NO_SYNC, scriptedClient } from './support.ts';
import { opensOf } from '../../electron/core/lookup/hit-to-open.ts';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const ITEM: RecentRecord = { kind: 'item', list: 'items', id: 'i42', code: 'SKU-000042', title: 'Blue widget', age: FRESH, barcodes: { upc: '012345678905', gtin: null }, openedAt: minutesAgo(5) };
const LOCATION: RecentRecord = { kind: 'location', list: 'locations', id: 'l7', code: 'A-03-02-B', title: 'A-03-02-B', age: FRESH, place: { type: 'PICK', zone: 'A', facility: 'Main' }, openedAt: minutesAgo(30) };

function hit(partial: Partial<SearchHit>): SearchHit {
  return { kind: 'item', list: 'items', id: 'i1', code: 'SKU-1', title: 'Thing', match: 'prefix', field: 'sku', age: FRESH, ...partial };
}
const answer = (q: string): SearchResult => {
  const hits = q === 'SKU-404' ? [] : [hit({ id: 'i9', code: 'SKU-9' })];
  return { query: q, scan: { kind: 'plain', text: q }, hits, opens: opensOf(hits), tookMs: 1 };
};

describe('the search box, empty', () => {
  it('lists the records opened lately, newest first, with their data age; arrows and Enter open one', async () => {
    const client = scriptedClient({ 'recent.list': () => [ITEM, LOCATION], 'search.query': ({ q }) => answer(q) });
    const { wrapper, router } = await mountWith(SearchBox, client);
    const input = wrapper.get('[data-testid=search-input]');
    expect(wrapper.get('[data-testid=search-popup]').isVisible()).toBe(false);
    await input.trigger('focus');
    await flushPromises();
    expect(client.calls.map((c) => c.method)).toEqual(['recent.list']);
    expect(wrapper.get('[data-testid=search-popup]').isVisible()).toBe(true);
    expect(wrapper.get('[data-testid=recent-results]').attributes('aria-label')).toBe('Recently opened');
    const options = wrapper.findAll('[data-testid=recent-hit]');
    expect(options.map((o) => o.attributes('data-kind'))).toEqual(['item', 'location']);
    expect(options[0]!.text()).toContain('SKU-000042');
    expect(options[0]!.findAll('[data-testid=data-age]')).toHaveLength(1);
    expect(options[1]!.text()).toContain('Pick face · zone A · Main');
    await input.trigger('keydown', { key: 'ArrowDown' });
    await input.trigger('keydown', { key: 'Enter' });
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe('/location/l7?list=locations');
    wrapper.unmount();
  });

  it('typing shows search results instead; emptying the box brings the list back', async () => {
    const client = scriptedClient({ 'recent.list': () => [ITEM], 'search.query': ({ q }) => answer(q) });
    const { wrapper } = await mountWith(SearchBox, client);
    const input = wrapper.get('[data-testid=search-input]');
    await input.trigger('focus');
    await flushPromises();
    await input.setValue('SKU-9');
    await flushPromises();
    expect(wrapper.findAll('[data-testid=recent-hit]')).toHaveLength(0);
    expect(wrapper.findAll('[data-testid=search-hit]').map((o) => o.text())).toEqual([expect.stringContaining('SKU-9')]);
    await input.setValue('');
    await flushPromises();
    expect(wrapper.findAll('[data-testid=recent-hit]')).toHaveLength(1);
    wrapper.unmount();
  });

  it('after a scan that opened its record, lists them; after one that opened nothing, shows that scan\'s answer', async () => {
    const client = scriptedClient({ 'recent.list': () => [ITEM], 'search.query': ({ q }) => answer(q) });
    const { wrapper } = await mountWith(SearchBox, client);
    const search = useSearchStore();
    const opened = await search.scan('SKU-9');
    expect(opened.opened).not.toBeNull();
    search.clear(); // as the app does once the scan's record is open
    await flushPromises();
    await wrapper.get('[data-testid=search-input]').trigger('focus');
    await flushPromises();
    expect(wrapper.findAll('[data-testid=recent-hit]')).toHaveLength(1);
    expect(wrapper.text()).not.toContain('Scanned SKU-9');

    const none = await search.scan('SKU-404');
    expect(none.opened).toBeNull();
    await flushPromises();
    expect(wrapper.findAll('[data-testid=recent-hit]')).toHaveLength(0);
    expect(wrapper.get('[data-testid=search-none]').text()).toContain('SKU-404');
    wrapper.unmount();
  });

  it('shows no popup when nothing was opened yet, or the list cannot be read', async () => {
    for (const reply of [() => [], () => new Failure('locked')]) {
      const client = scriptedClient({ 'recent.list': reply as () => RecentRecord[] });
      const { wrapper } = await mountWith(SearchBox, client);
      await wrapper.get('[data-testid=search-input]').trigger('focus');
      await flushPromises();
      expect(wrapper.get('[data-testid=search-popup]').isVisible()).toBe(false);
      wrapper.unmount();
    }
  });
});

describe('pages tell main what was opened', () => {
  function router() {
    const stub = { template: '<div />' };
    return createRouter({
      history: createMemoryHistory(),
      routes: [
        { path: '/item/:id', name: 'item', component: StockRecordView, props: { kind: 'item' } },
        { path: '/record/:list/:id', name: 'record', component: RecordView },
        { path: '/location/:id', name: 'location', component: stub },
      ],
    });
  }
  const client = (missing = new Set<string>()) =>
    scriptedClient({
      'records.get': ({ list, id }) =>
        missing.has(id)
          ? new Failure('not_found')
          : list === 'items'
            ? { kind: 'item', list, id, title: 'Blue widget', record: { id, sku: 'SKU-1', account_id: 'A1' }, roles: { code: 'SKU-1', name: 'Blue widget', unit: null, facts: [], references: [{ role: 'account_id', field: 'account_id', list: 'accounts', id: 'A1', code: 'ACME', name: 'Acme' }] }, related: [], age: FRESH }
            : { kind: 'account', list, id, title: 'Acme', record: { id, name: 'Acme' }, roles: { code: 'ACME', name: 'Acme', unit: null, facts: [], references: [] }, related: [], age: FRESH },
      'inventory.byItem': () => ({ rows: [], totals: [{ facilityId: 'F1', facilityName: 'Main', onHand: 0, allocated: 0, available: 0, locations: 0 }], age: FRESH }),
      'history.query': () => ({ events: [], age: FRESH, since: null }),
      'recent.add': ({ list, id }) => [{ ...ITEM, list, id }],
    });

  it('an item page and another record\'s page, once each; not the account its page links to, not a record that is gone', async () => {
    const c = client(new Set(['gone']));
    const { wrapper, router: r } = await mountWith({ template: '<RouterView />' }, c, { path: '/item/I1?list=items', router: router() });
    await r.push('/record/accounts/A1');
    await flushPromises();
    await r.push('/item/gone');
    await flushPromises();
    expect(c.calls.filter((x) => x.method === 'records.get').length).toBeGreaterThanOrEqual(3);
    expect(c.calls.filter((x) => x.method === 'recent.add').map((x) => x.args)).toEqual([
      { list: 'items', id: 'I1' },
      { list: 'accounts', id: 'A1' },
    ]);
    wrapper.unmount();
  });
});

describe('the start screen', () => {
  it('lists the records opened lately as big links; Clear empties the list', async () => {
    const client = scriptedClient({ 'recent.list': () => [ITEM, LOCATION], 'recent.clear': () => [], 'sync.status': () => NO_SYNC });
    const { wrapper } = await mountWith(HomeView, client, { locale: 'es' });
    const links = wrapper.findAll('[data-testid=recent-link]');
    expect(links.map((l) => l.attributes('href'))).toEqual(['/item/i42?list=items', '/location/l7?list=locations']);
    expect(links[0]!.text()).toContain('Artículo');
    expect(links[0]!.text()).toContain('Blue widget');
    expect(links[1]!.text()).toContain('abierto hace 30 min');
    // a location is named with its facility, an item needs none
    expect(links[1]!.get('[data-testid=recent-facility]').text()).toBe('· Main');
    expect(links[1]!.text()).toContain('A-03-02-B · Main');
    expect(links[0]!.find('[data-testid=recent-facility]').exists()).toBe(false);
    await wrapper.get('[data-testid=recent-clear]').trigger('click');
    await flushPromises();
    expect(client.calls.some((c) => c.method === 'recent.clear')).toBe(true);
    expect(wrapper.find('[data-testid=home-recent]').exists()).toBe(false);
    wrapper.unmount();
  });
});
