// A GS1 scan with a lot opens its item with that lot's stock marked; a location page names its facility.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { FacilityStock, InventoryRow } from '../../electron/contract/types.ts';
import { routeForHit } from '../../renderer/src/router.ts';
import StockRecordView from '../../renderer/src/features/record/StockRecordView.vue';
import { FRESH, NO_SYNC, mountWith, scriptedClient } from './support.ts';

const row = (partial: Partial<InventoryRow>): InventoryRow => ({
  id: 'v1', facilityId: 'F1', locationId: 'L1', locationCode: 'A-01-01-A', itemId: 'I1', sku: 'SKU-1', description: 'Blue widget', lot: 'LOT1', serial: null,
  expiry: null, expiryState: null, uom: 'EA', onHand: 10, allocated: 0, available: 10, status: 'AVAILABLE', ...partial,
});
const HELD: FacilityStock = { facilityId: 'F1', facilityName: 'Madrid', state: 'complete', datasetKey: 'inventory@facility:F1', error: null };
const STOCK = { rows: [row({}), row({ id: 'v2', locationId: 'L2', locationCode: 'B-02-01-A', lot: 'LOT7' })], totals: [{ facilityId: 'F1', facilityName: 'Madrid', onHand: 20, allocated: 0, available: 20, locations: 2 }], age: FRESH, stock: [HELD] };

const router = () =>
  createRouter({ history: createMemoryHistory(), routes: [{ path: '/item/:id', name: 'item', component: StockRecordView, props: { kind: 'item' } }, { path: '/location/:id', name: 'location', component: StockRecordView, props: { kind: 'location' } }, { path: '/record/:list/:id', name: 'record', component: { template: '<div />' } }] });

const client = () =>
  scriptedClient({
    'sync.status': () => NO_SYNC,
    'records.get': ({ list, id }) => (list === 'locations'
      ? { kind: 'location', list, id, title: 'A-01-01-A', record: { id, code: 'A-01-01-A', facility_id: 'F1' }, roles: { code: 'A-01-01-A', name: null, unit: null, facts: [], references: [] }, related: [], age: FRESH }
      : { kind: 'item', list: 'items', id, title: 'Blue widget', record: { id, sku: 'SKU-1', description: 'Blue widget' }, roles: { code: 'SKU-1', name: 'Blue widget', unit: null, facts: [], references: [] }, related: [], age: FRESH }),
    'inventory.byItem': () => STOCK,
    'inventory.byLocation': () => ({ ...STOCK, rows: [STOCK.rows[0]!] }),
    'history.query': () => ({ events: [], age: FRESH, since: null }),
  });

describe('an item opened by a GS1 scan with a lot', () => {
  it('goes to the item with the lot in its address', () => {
    expect(routeForHit({ kind: 'item', list: 'items', id: 'I1' }, 'LOT7')).toEqual({ name: 'item', params: { id: 'I1' }, query: { list: 'items', lot: 'LOT7' } });
    expect(routeForHit({ kind: 'item', list: 'items', id: 'I1' })).toEqual({ name: 'item', params: { id: 'I1' }, query: { list: 'items' } });
  });

  it('marks that lot\'s stock rows, and no row without a lot asked', async () => {
    const { wrapper } = await mountWith({ template: '<RouterView />' }, client(), { path: '/item/I1?list=items&lot=lot7', router: router() });
    await flushPromises();
    const marked = () => wrapper.findAll('[data-testid=inventory-row]').map((r) => r.attributes('data-highlighted') ?? null);
    expect(marked()).toEqual([null, 'true']);
    wrapper.unmount();
    const plain = await mountWith({ template: '<RouterView />' }, client(), { path: '/item/I1?list=items', router: router() });
    await flushPromises();
    expect(plain.wrapper.findAll('[data-testid=inventory-row][data-highlighted]')).toHaveLength(0);
    plain.wrapper.unmount();
  });
});

describe("a scanned lot or serial the item's stock here does not hold", () => {
  it('asks the core with what the scan named, and words what the core answered', async () => {
    const asked: unknown[] = [];
    const held = (value: string) => value.toUpperCase() === 'LOT7';
    const scripted = client();
    const answering = scriptedClient({
      'sync.status': () => NO_SYNC,
      'records.get': (args) => scripted.call('records.get', args).then((r) => (r.ok ? r.value : null)) as never,
      'history.query': () => ({ events: [], age: FRESH, since: null }),
      'inventory.byItem': (args) => {
        asked.push(args.scanned);
        const scanned = [
          ...(args.scanned?.lot ? [{ kind: 'lot' as const, value: args.scanned.lot, held: held(args.scanned.lot) }] : []),
          ...(args.scanned?.serial ? [{ kind: 'serial' as const, value: args.scanned.serial, held: false }] : []),
        ];
        return { ...STOCK, scanned };
      },
    });
    const { wrapper } = await mountWith({ template: '<RouterView />' }, answering, { path: '/item/I1?list=items&lot=NOSUCHLOT7&serial=SN-NOT-HERE', router: router() });
    await flushPromises();
    expect(asked).toEqual([{ lot: 'NOSUCHLOT7', serial: 'SN-NOT-HERE' }]);
    expect(wrapper.findAll('[data-testid=tracking-not-held]').map((p) => p.text())).toEqual([
      "Lot NOSUCHLOT7 (scanned) is not in this workstation's stock of this item.",
      "Serial SN-NOT-HERE (scanned) is not in this workstation's stock of this item.",
    ]);
    wrapper.unmount();
    // a lot the core says is held: nothing said
    const again = await mountWith({ template: '<RouterView />' }, answering, { path: '/item/I1?list=items&lot=lot7', router: router() });
    await flushPromises();
    expect(again.wrapper.findAll('[data-testid=tracking-not-held]')).toHaveLength(0);
    again.wrapper.unmount();
  });
});

describe('a location page', () => {
  it('names its facility beside its code', async () => {
    const { wrapper } = await mountWith({ template: '<RouterView />' }, client(), { path: '/location/L1?list=locations', router: router() });
    await flushPromises();
    expect(wrapper.get('[data-testid=record-code]').text()).toBe('A-01-01-A');
    expect(wrapper.get('[data-testid=record-facility]').text()).toBe('Madrid');
    wrapper.unmount();
  });
});
