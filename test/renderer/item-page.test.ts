import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { noticeInEnglish } from '../../electron/contract/notices.ts';
import type { FacilityStock, InventoryRow, Notice, SyncStatus } from '../../electron/contract/types.ts';
import StockRecordView from '../../renderer/src/features/record/StockRecordView.vue';
import { FRESH, NO_SYNC, STALE, mountWith, scriptedClient } from './support.ts';

function row(partial: Partial<InventoryRow>): InventoryRow {
  return {
    id: 'v1', facilityId: 'F1', locationId: 'L1', locationCode: 'A-01-01-A', itemId: 'I1', sku: 'SKU-1', description: 'Blue widget', lot: null, serial: null,
    expiry: null, expiryState: null, uom: 'EA', onHand: 10, allocated: 4, available: 6, status: 'AVAILABLE', ...partial,
  };
}

function router() {
  const stub = { template: '<div />' };
  return createRouter({ history: createMemoryHistory(), routes: [{ path: '/item/:id', name: 'item', component: StockRecordView, props: { kind: 'item' } }, { path: '/location/:id', name: 'location', component: stub }, { path: '/record/:list/:id', name: 'record', component: stub }] });
}

const HELD: FacilityStock = { facilityId: 'F1', facilityName: 'Madrid', state: 'complete', datasetKey: 'inventory@facility:F1', error: null };
const facility = (partial: Partial<FacilityStock>): FacilityStock => ({ ...HELD, ...partial });

const STOCK = {
  rows: [row({}), row({ id: 'v2', locationId: 'L2', locationCode: 'B-02-01-A', lot: 'LOT7', expiry: '2020-01-01', expiryState: 'expired' as const, onHand: 1000, allocated: 0, available: 1000 })],
  totals: [{ facilityId: 'F1', facilityName: 'Madrid', onHand: 1010, allocated: 4, available: 1006, locations: 2 }],
  age: STALE,
  stock: [HELD],
};

const ROUND_DONE: SyncStatus = { ...NO_SYNC, lastRoundFinishedAt: new Date().toISOString() };

const client = (stock: typeof STOCK = STOCK, status: SyncStatus = ROUND_DONE) =>
  scriptedClient({
    'sync.status': () => status,
    // the record's fields under a server's own names: the page shows what main read by role
    'records.get': ({ id }) => ({
      kind: 'item', list: 'items', id, title: 'Blue widget',
      record: { id, itemNumber: 'SKU-1', description: 'Blue widget', ean: '012345678905', unit: 'EA', packSize: 6, colour: 'blue', accountId: 'A1', templateId: 'T1' },
      roles: {
        code: 'SKU-1',
        name: 'Blue widget',
        unit: 'EA',
        facts: [{ role: 'upc', field: 'ean', value: '012345678905' }, { role: 'uom', field: 'unit', value: 'EA' }, { role: 'pack_qty', field: 'packSize', value: 6 }, { role: 'lot_tracked', field: 'lotTracking', value: true }],
        references: [
          { role: 'account_id', field: 'accountId', list: 'accounts', id: 'A1', code: 'ACME', name: 'Acme' },
          { role: 'template_id', field: 'templateId', list: 'item-templates', id: 'T1', code: 'Bin, medium', name: null },
        ],
      },
      related: [],
      age: FRESH,
    }),
    'inventory.byItem': () => stock,
    'history.query': () => ({
      events: [{ id: 'h1', type: 'PICK', createdon: '2026-11-20T10:00:00Z', userEmail: 'ana@example.com', itemId: 'I1', sku: 'SKU-1', locationCode: 'A-01-01-A', fromLocationCode: null, toLocationCode: null, qty: -2, qtyBefore: 12, qtyAfter: 10, lot: null, reference: 'SO-1', facility: 'Madrid' }],
      age: FRESH,
      since: '2026-11-02T08:00:00Z',
    }),
  });

describe('the item page', () => {
  it('shows on hand, allocated and available apart, stock by location with lots and expiry flags, history, every field, related links', async () => {
    const c = client();
    const { wrapper } = await mountWith({ template: '<RouterView />' }, c, { path: '/item/I1?list=items', router: router() });
    expect(wrapper.get('[data-testid=record-code]').text()).toBe('SKU-1');
    expect(wrapper.get('[data-testid=qty-on-hand]').text()).toContain('1,010');
    expect(wrapper.get('[data-testid=qty-allocated]').text()).toContain('4');
    expect(wrapper.get('[data-testid=qty-available]').text()).toContain('1,006');
    const rows = wrapper.findAll('[data-testid=inventory-row]');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.text()).toContain('LOT7');
    expect(rows[1]!.find('[data-testid=expired]').exists()).toBe(true);
    expect(wrapper.findAll('[data-testid=data-age]').some((a) => a.classes().includes('stale'))).toBe(true);
    expect(wrapper.get('[data-testid=history-table]').text()).toContain('Picked');
    // the history's location code is named with its facility
    expect(wrapper.get('[data-testid=history-row]').get('[data-testid=history-facility]').text()).toBe('Madrid');
    expect(wrapper.get('[data-testid=history-since]').text()).toMatch(/goes back to .*2026/);
    expect(wrapper.get('[data-testid=record-details]').text()).toContain('colour');
    // key facts by role, worded; never the server's field names
    const facts = wrapper.get('[data-testid=key-facts]');
    expect(facts.findAll('.fact').map((f) => [f.get('dt').text(), f.get('dd').text()])).toEqual([['UPC', '012345678905'], ['Unit', 'each'], ['Pack quantity', '6'], ['Lot tracked', 'Yes']]);
    // references as main resolved them: the record's code and name, linked
    const related = wrapper.get('[data-testid=related]');
    expect(related.findAll('a').map((a) => [a.text(), a.attributes('href')])).toEqual([['ACME Acme', '/record/accounts/A1'], ['Bin, medium', '/record/item-templates/T1']]);
    expect(related.findAll('.group .muted').map((l) => l.text())).toEqual(['Account', 'Template']);
    expect(c.calls.find((x) => x.method === 'inventory.byItem')?.args).toEqual({ itemId: 'I1' });
    wrapper.unmount();
  });

  it('says how old the data is once above the history, where the stock is, not again in the heading', async () => {
    const { wrapper } = await mountWith({ template: '<RouterView />' }, client(), { path: '/item/I1?list=items', router: router() });
    const stockAt = wrapper.get('[data-testid=stock-section]').element;
    const above = wrapper.findAll('[data-testid=data-age]').filter((a) => !a.element.closest('[data-testid=history-section]'));
    expect(above).toHaveLength(1);
    expect(stockAt.contains(above[0]!.element)).toBe(true);
    wrapper.unmount();
  });

  it('speaks Spanish and formats numbers the Spanish way', async () => {
    const { wrapper } = await mountWith({ template: '<RouterView />' }, client(), { path: '/item/I1', router: router(), locale: 'es' });
    expect(wrapper.get('[data-testid=qty-on-hand]').text()).toContain('Existencias');
    expect(wrapper.get('[data-testid=qty-on-hand]').text()).toContain('1010');
    expect(wrapper.get('[data-testid=history-table]').text()).toContain('Preparado');
    expect(wrapper.get('[data-testid=related]').findAll('.group .muted').map((l) => l.text())).toEqual(['Cuenta', 'Plantilla']);
    expect(wrapper.get('[data-testid=key-facts]').findAll('dt').map((l) => l.text())).toEqual(['UPC', 'Unidad', 'Cant. por paquete', 'Con lote']);
    wrapper.unmount();
  });
});

describe('an item with no stock', () => {
  it('shows 0 on hand, 0 allocated and 0 available (a zero is a quantity, not a missing one)', async () => {
    const { wrapper } = await mountWith({ template: '<RouterView />' }, client({ rows: [], totals: [], age: FRESH, stock: [HELD] }), { path: '/item/I1?list=items', router: router() });
    for (const cell of ['qty-on-hand', 'qty-allocated', 'qty-available']) {
      expect(wrapper.get(`[data-testid=${cell}] .value`).text(), cell).toBe('0');
    }
    wrapper.unmount();
  });
});

describe('stock the workstation does not hold', () => {
  const noNumbers = (wrapper: { find: (s: string) => { exists: () => boolean } }) => {
    expect(wrapper.find('[data-testid=qty]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=stock-none]').exists()).toBe(false);
  };

  async function open(stock: FacilityStock[], status: SyncStatus = ROUND_DONE, locale: 'en' | 'es' = 'en') {
    const { wrapper, pinia } = await mountWith({ template: '<RouterView />' }, client({ rows: [], totals: [], age: FRESH, stock }, status), { path: '/item/I1', router: router(), locale });
    const { useSyncStore } = await import('../../renderer/src/features/sync/sync-store.ts');
    await useSyncStore(pinia).load();
    await flushPromises();
    return wrapper;
  }

  it('says a facility not kept offline is not on this workstation, and shows no 0 / 0 / 0', async () => {
    const wrapper = await open([facility({ facilityId: 'F9', facilityName: 'Memphis Hub', state: 'not-kept', datasetKey: null })]);
    noNumbers(wrapper);
    expect(wrapper.get('[data-testid=stock-notice]').text()).toBe('Stock for Memphis Hub is not on this workstation.');
    // no numbers, so no stock's age: the heading says how old the record is
    expect(wrapper.get('.page-head').findAll('[data-testid=data-age]')).toHaveLength(1);
    wrapper.unmount();
  });

  it('says the stock is loading during the first sync, with how far it has got', async () => {
    const status: SyncStatus = {
      ...NO_SYNC,
      running: true,
      datasets: ['a', 'b', 'c', 'd', 'e'].map((key, i) => ({ key, lastSuccessAt: i < 3 ? new Date().toISOString() : null }) as SyncStatus['datasets'][number]),
    };
    const wrapper = await open([facility({ state: 'loading' })], status);
    noNumbers(wrapper);
    expect(wrapper.get('[data-testid=stock-notice]').text()).toBe('Loading stock… 60%');
    wrapper.unmount();
  });

  it('says a server that does not offer stock does not', async () => {
    const wrapper = await open([facility({ state: 'not-offered', error: 'Not found on the server' })]);
    noNumbers(wrapper);
    expect(wrapper.get('[data-testid=stock-notice]').text()).toBe('Stock is not available from this server.');
    wrapper.unmount();
  });

  it("says why a first reading failed in the app's words when the failure carries its fact", async () => {
    const notice: Notice = { code: 'disk_space_short', list: { list: 'inventory', label: 'Inventory' }, scopeName: 'Reno DC', folder: '/datos', free: 1024, needed: 64 * 1024 * 1024, datasetBytes: 0, spare: 64 * 1024 * 1024 };
    const wrapper = await open([facility({ facilityName: 'Reno DC', state: 'failed', error: noticeInEnglish(notice), notice })], ROUND_DONE, 'es');
    noNumbers(wrapper);
    expect(wrapper.get('[data-testid=stock-notice]').text()).toBe(
      'No se pudieron leer las existencias de Reno DC: Existencias de Reno DC no se actualizó: el disco de los datos sin conexión (/datos) tiene 1 KB libres y actualizarlos necesita unos 64 MB (el doble de sus 0 KB más 64 MB de margen). Se conservan los últimos datos buenos; libere espacio en el disco.',
    );
    wrapper.unmount();
  });

  it('shows the numbers of the facilities it holds, and says which it does not', async () => {
    const wrapper = await open([HELD, facility({ facilityId: 'F9', facilityName: 'Memphis Hub', state: 'not-kept', datasetKey: null })]);
    expect(wrapper.get('[data-testid=qty-on-hand] .value').text()).toBe('0');
    expect(wrapper.get('[data-testid=stock-notice]').text()).toBe('Stock for Memphis Hub is not on this workstation.');
    wrapper.unmount();
  });
});
