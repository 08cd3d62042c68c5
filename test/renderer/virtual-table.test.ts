import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import type { ColumnInfo } from '../../electron/contract/types.ts';
import VirtualTable, { type SortKey } from '../../renderer/src/shared/table/VirtualTable.vue';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { useSettingsStore } from '../../renderer/src/features/settings/settings-store.ts';
import { mountWith, scriptedClient } from './support.ts';

const COLUMNS: ColumnInfo[] = [
  { key: 'sku', label: 'SKU', type: 'string', role: 'sku' },
  { key: 'qty', label: 'Qty', type: 'number', role: 'qty' },
  { key: 'enabled', label: 'Enabled', type: 'boolean', role: 'enabled' },
];

function harness(total: number) {
  const loads: number[] = [];
  const opened: unknown[] = [];
  const sort = ref<SortKey[]>([]);
  const filters = ref<Record<string, string>>({});
  const Harness = defineComponent({
    setup: () => () =>
      h(VirtualTable, {
        columns: COLUMNS,
        total,
        viewKey: JSON.stringify([sort.value, filters.value]),
        label: 'Items',
        sort: sort.value,
        filters: filters.value,
        'onUpdate:sort': (s: SortKey[]) => (sort.value = s),
        'onUpdate:filters': (f: Record<string, string>) => (filters.value = f),
        onOpen: (row: unknown) => opened.push(row),
        load: async (offset: number, limit: number) => {
          loads.push(offset);
          return Array.from({ length: Math.min(limit, total - offset) }, (_, i) => ({ id: `r${offset + i}`, sku: `SKU-${offset + i}`, qty: (offset + i) * 1000, enabled: true }));
        },
      }),
  });
  return { Harness, loads, opened, sort, filters };
}

describe('the virtual table', () => {
  it('renders only the rows on screen out of 1,000,000, with aria-rowcount and aria-rowindex', async () => {
    const { Harness, loads } = harness(1_000_000);
    const { wrapper } = await mountWith(Harness, scriptedClient({}));
    await flushPromises();
    const grid = wrapper.get('[data-testid=grid]');
    // one header row: each column's name and filter share a cell
    expect(grid.attributes('aria-rowcount')).toBe(String(1_000_000 + 1));
    expect(wrapper.findAll('[role=row]:not([data-testid=grid-row])')).toHaveLength(1);
    const rows = wrapper.findAll('[data-testid=grid-row]');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]!.attributes('aria-rowindex')).toBe('2');
    expect(rows[0]!.text()).toContain('SKU-0');
    expect(rows[1]!.findAll('[role=gridcell]')[1]!.text()).toBe('1,000');
    expect(loads).toEqual([0]);
    wrapper.unmount();
  });

  it('moves the active cell with the keyboard, to the last row and back', async () => {
    const { Harness, opened } = harness(1_000_000);
    const { wrapper } = await mountWith(Harness, scriptedClient({}));
    const grid = wrapper.get('[data-testid=grid]');
    await grid.trigger('keydown', { key: 'ArrowDown' });
    await grid.trigger('keydown', { key: 'ArrowRight' });
    expect(grid.attributes('aria-activedescendant')).toBe('vt-1-1');
    await grid.trigger('keydown', { key: 'End', ctrlKey: true });
    await flushPromises();
    await new Promise((r) => setTimeout(r, 0));
    await flushPromises();
    expect(grid.attributes('aria-activedescendant')).toBe('vt-999999-2');
    const last = wrapper.findAll('[data-testid=grid-row]').at(-1)!;
    expect(last.attributes('aria-rowindex')).toBe(String(999_999 + 2));
    expect(wrapper.find('#vt-999999-2').exists()).toBe(true);
    await grid.trigger('keydown', { key: 'Home', ctrlKey: true });
    await flushPromises();
    expect(grid.attributes('aria-activedescendant')).toBe('vt-0-0');
    await grid.trigger('keydown', { key: 'Enter' });
    expect(opened).toEqual([expect.objectContaining({ id: 'r0' })]);
    wrapper.unmount();
  });

  it('makes its rows as tall as the text size and floor mode make them', async () => {
    const { Harness } = harness(1000);
    const { wrapper } = await mountWith(Harness, scriptedClient({}));
    const settings = useSettingsStore();
    const rows = () => wrapper.findAll('[data-testid=grid-row]').slice(0, 2).map((r) => [(r.element as HTMLElement).style.height, (r.element as HTMLElement).style.transform]);
    expect(rows()).toEqual([['38px', 'translateY(0px)'], ['38px', 'translateY(38px)']]);
    settings.settings = { ...structuredClone(DEFAULT_SETTINGS), textSize: 150 };
    await flushPromises();
    expect(rows()).toEqual([['57px', 'translateY(0px)'], ['57px', 'translateY(57px)']]);
    // columns widen with the text: SKU (first) 220, a number 130, a flag 120 px at 100 %
    expect((wrapper.get('[data-testid=grid-row]').element as HTMLElement).style.gridTemplateColumns).toBe('330px 195px 180px');
    // floor rows are a glove's 56 px in a window of ordinary height, and grow with the text
    settings.settings = { ...structuredClone(DEFAULT_SETTINGS), floorMode: true };
    await flushPromises();
    expect(rows()).toEqual([['56px', 'translateY(0px)'], ['56px', 'translateY(56px)']]);
    settings.settings = { ...structuredClone(DEFAULT_SETTINGS), floorMode: true, textSize: 125 };
    await flushPromises();
    expect(rows()).toEqual([['70px', 'translateY(0px)'], ['70px', 'translateY(70px)']]);
    wrapper.unmount();
  });

  it('makes floor rows a primary action\'s 48 px in a window under 700 px high', async () => {
    const resize = (width: number, height: number) => (window as unknown as { happyDOM: { setWindowSize(s: { width: number; height: number }): void } }).happyDOM.setWindowSize({ width, height });
    resize(800, 600);
    try {
      const { Harness } = harness(1000);
      const { wrapper } = await mountWith(Harness, scriptedClient({}));
      useSettingsStore().settings = { ...structuredClone(DEFAULT_SETTINGS), floorMode: true };
      await flushPromises();
      const height = () => (wrapper.get('[data-testid=grid-row]').element as HTMLElement).style.height;
      expect(height()).toBe('48px');
      wrapper.unmount();
    } finally {
      resize(1024, 768);
    }
  });

  it('cycles the sort from the header and sends filters after typing stops', async () => {
    const { Harness, sort, filters } = harness(100);
    const { wrapper } = await mountWith(Harness, scriptedClient({}));
    await wrapper.get('[data-testid=sort-qty]').trigger('click');
    expect(sort.value).toEqual([{ column: 'qty', dir: 'asc' }]);
    await flushPromises();
    expect(wrapper.findAll('[role=columnheader]')[1]!.attributes('aria-sort')).toBe('ascending');
    await wrapper.get('[data-testid=sort-qty]').trigger('click');
    expect(sort.value).toEqual([{ column: 'qty', dir: 'desc' }]);
    await wrapper.get('[data-testid=filter-sku]').setValue('SKU-4');
    await expect.poll(() => filters.value, { timeout: 2000 }).toEqual({ 'sku': 'SKU-4' });
    wrapper.unmount();
  });
});
