// The interface's enumerated values (stock statuses, kinds of movement, location types, units) reach
// the screen as codes; every one has words in each language, and every place that shows one words it
// through the one function, so a Spanish-speaking worker never reads AVAILABLE or PICK.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { HISTORY_TYPES, STOCK_STATUSES, type ColumnInfo, type HistoryEvent, type InventoryRow } from '../../electron/contract/types.ts';
import { en } from '../../renderer/src/shared/i18n/en.ts';
import { es } from '../../renderer/src/shared/i18n/es.ts';
import { createAppI18n } from '../../renderer/src/shared/i18n/index.ts';
import { ENUM_WORDS, enumWord, type EnumGroup } from '../../renderer/src/shared/i18n/enum-words.ts';
import HistoryTable from '../../renderer/src/features/record/HistoryTable.vue';
import InventoryTable from '../../renderer/src/features/record/InventoryTable.vue';
import KeyFacts from '../../renderer/src/features/record/KeyFacts.vue';
import QtyTriple from '../../renderer/src/features/record/QtyTriple.vue';
import VirtualTable from '../../renderer/src/shared/table/VirtualTable.vue';
import { mountWith, scriptedClient } from './support.ts';

const GROUPS = Object.keys(ENUM_WORDS) as EnumGroup[];
const word = (messages: object, key: string) => key.split('.').reduce<unknown>((x, p) => (x as Record<string, unknown> | undefined)?.[p], messages);

describe('the interface\'s enumerated values in words', () => {
  it('covers every stock status and kind of movement the contract names', () => {
    expect([...ENUM_WORDS.status.values]).toEqual([...STOCK_STATUSES]);
    expect([...ENUM_WORDS.movement.values]).toEqual([...HISTORY_TYPES]);
  });

  it('has Spanish words for every value, not the code and not the English', () => {
    const missing = GROUPS.flatMap((g) => ENUM_WORDS[g].values.map((v) => `${ENUM_WORDS[g].key}.${v}`)).filter((key) => {
      const spanish = word(es, key);
      return typeof spanish !== 'string' || spanish === key.split('.').pop() || spanish === word(en, key);
    });
    expect(missing).toEqual([]);
  });

  it('words a value in the language shown, and leaves one it does not know as the server sent it', () => {
    const i18n = createAppI18n('es').global;
    expect(enumWord(i18n, 'status', 'HOLD')).toBe('Retenido');
    expect(enumWord(i18n, 'movement', 'PICK')).toBe(es.history.types.PICK);
    expect(enumWord(i18n, 'locationType', 'PICK')).toBe(es.codes.PICK);
    expect(enumWord(i18n, 'unit', 'EA')).toBe('unidad');
    expect(enumWord(i18n, 'status', 'QUARANTINE')).toBe('QUARANTINE');
    expect(enumWord(createAppI18n('en').global, 'status', 'HOLD')).toBe('On hold');
  });
});

describe('every place that shows one words it', () => {
  const row: InventoryRow = {
    id: 'r1', facilityId: 'F1', locationId: 'L1', locationCode: 'A-01-01-A', itemId: 'I1', sku: 'SKU-1', description: null, lot: null, serial: null,
    expiry: null, expiryState: null, uom: 'EA', onHand: 5, allocated: 0, available: 5, status: 'DAMAGED',
  };
  const event: HistoryEvent = {
    id: 'h1', type: 'SHIP', createdon: '2026-11-20T10:00:00Z', userEmail: null, itemId: 'I1', sku: 'SKU-1', locationCode: 'A-01-01-A',
    fromLocationCode: null, toLocationCode: null, qty: 1, qtyBefore: 1, qtyAfter: 0, lot: null, reference: null, facility: null,
  };

  it('the stock table, the history table, the quantities, the key facts', async () => {
    const client = scriptedClient({});
    const stock = (await mountWith(InventoryTable, client, { props: { rows: [row], by: 'location' }, locale: 'es' })).wrapper;
    expect(stock.get('[data-testid=stock-status]').text()).toBe(es.inventory.statuses.DAMAGED);
    const history = (await mountWith(HistoryTable, client, { props: { events: [event], show: 'item' }, locale: 'es' })).wrapper;
    expect(history.get('[data-testid=history-row] b').text()).toBe(es.history.types.SHIP);
    const qty = (await mountWith(QtyTriple, client, { props: { onHand: 5, allocated: 0, available: 5, uom: 'CS' }, locale: 'es' })).wrapper;
    expect(qty.get('.rule').text()).toContain(`· ${es.units.CS}`);
    const keyFacts = [{ role: 'code', field: 'code', value: 'A-01-01-A' }, { role: 'type', field: 'locationType', value: 'DOCK' }, { role: 'uom', field: 'unit', value: 'PL' }];
    const facts = (await mountWith(KeyFacts, client, { props: { facts: keyFacts, list: 'locations' }, locale: 'es' })).wrapper;
    expect(facts.findAll('dd').map((d) => d.text())).toEqual(['A-01-01-A', es.codes.DOCK, es.units.PL]);
    for (const w of [stock, history, qty, facts]) w.unmount();
  });

  it('a list\'s status, type and unit columns, and no other column; a history\'s type as a movement', async () => {
    const columns: ColumnInfo[] = [
      { key: 'code', label: 'Code', type: 'string' },
      { key: 'type', label: 'Type', type: 'string' },
      { key: 'status', label: 'Status', type: 'string' },
      { key: 'uom', label: 'UOM', type: 'string' },
    ];
    const cells = async (list: string) => {
      const Harness = defineComponent({
        setup: () => () => h(VirtualTable, { columns, list, total: 1, viewKey: '', label: list, sort: [], filters: {}, load: async () => [{ id: 'r0', code: 'PICK', type: 'PICK', status: 'HOLD', uom: 'EA' }] }),
      });
      const { wrapper } = await mountWith(Harness, scriptedClient({}), { locale: 'es' });
      await flushPromises();
      await expect.poll(() => wrapper.findAll('[data-testid=grid-row] [role=gridcell]').length).toBe(4);
      const text = wrapper.findAll('[data-testid=grid-row] [role=gridcell]').map((c) => c.text());
      wrapper.unmount();
      return text;
    };
    expect(await cells('locations')).toEqual(['PICK', es.codes.PICK, es.inventory.statuses.HOLD, es.units.EA]);
    expect((await cells('history'))[1]).toBe(es.history.types.PICK);
  });
});
