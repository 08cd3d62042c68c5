// Items and locations share one page: what differs (heading field, stock by, key facts) is data.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { InventoryAnswer } from '../../electron/contract/types.ts';
import StockRecordView from '../../renderer/src/features/record/StockRecordView.vue';
import { FRESH, NO_SYNC, mountWith, scriptedClient, summarised } from './support.ts';

const NO_STOCK: InventoryAnswer = summarised({ rows: [], totals: [], age: FRESH, stock: [] });

function router() {
  return createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/item/:id', name: 'item', component: StockRecordView, props: { kind: 'item' } },
      { path: '/location/:id', name: 'location', component: StockRecordView, props: { kind: 'location' } },
      { path: '/record/:list/:id', name: 'record', component: { template: '<div />' } },
    ],
  });
}

const client = () =>
  scriptedClient({
    'sync.status': () => NO_SYNC,
    'records.get': ({ list, id }) =>
      list === 'locations'
        ? { kind: 'location', list, id, title: 'A-03-02-B', record: { id, code: 'A-03-02-B', zone: 'A', type: 'PICK' }, roles: { code: 'A-03-02-B', name: null, unit: null, facts: [{ role: 'zone', field: 'zone', value: 'A' }, { role: 'type', field: 'type', value: 'PICK' }], references: [] }, related: [], age: FRESH }
        : { kind: 'item', list, id, title: 'Blue widget', record: { id, sku: 'SKU-1', description: 'Blue widget', uom: 'EA' }, roles: { code: 'SKU-1', name: 'Blue widget', unit: 'EA', facts: [{ role: 'uom', field: 'uom', value: 'EA' }], references: [] }, related: [], age: FRESH },
    'inventory.byItem': () => NO_STOCK,
    'inventory.byLocation': () => NO_STOCK,
    'history.query': () => ({ events: [], age: FRESH, since: null }),
  });

describe('the record-and-stock page', () => {
  it('turns from an item into a location when a link leads there: the location\'s heading, facts and stock calls', async () => {
    const c = client();
    const { wrapper, router: r } = await mountWith({ template: '<RouterView />' }, c, { path: '/item/I1', router: router() });
    expect(wrapper.find('[data-testid=item-page]').exists()).toBe(true);
    expect(wrapper.get('[data-testid=record-code]').text()).toBe('SKU-1');
    expect(wrapper.get('.desc').text()).toBe('Blue widget');

    await r.push('/location/L7');
    await flushPromises();
    expect(wrapper.find('[data-testid=item-page]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=location-page]').exists()).toBe(true);
    expect(wrapper.get('[data-testid=record-code]').text()).toBe('A-03-02-B');
    expect(wrapper.find('.desc').exists()).toBe(false);
    expect(wrapper.findAll('[data-testid=key-facts] dt').map((d) => d.text())).toEqual(['Zone', 'Type']);
    expect(c.calls.filter((x) => x.method === 'records.get').at(-1)?.args).toEqual({ list: 'locations', id: 'L7' });
    expect(c.calls.filter((x) => x.method === 'inventory.byLocation').map((x) => x.args)).toEqual([{ locationId: 'L7' }]);
    expect(c.calls.filter((x) => x.method === 'history.query').at(-1)?.args).toEqual({ locationId: 'L7', limit: 200 });
    wrapper.unmount();
  });
});
