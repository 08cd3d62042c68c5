// The diagnostics page's field map section: each list's columns with the server field and the
// evidence (or IT's file), the file's state and warning, and nothing when the host has no such method.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { FieldMapReport as Report } from '../../electron/contract/types.ts';
import FieldMapReport from '../../renderer/src/features/settings/FieldMapReport.vue';
import DiagnosticsView from '../../renderer/src/features/settings/DiagnosticsView.vue';
import { mountWith, scriptedClient } from './support.ts';

const REPORT: Report = {
  file: { path: '/data/field-map.json', state: 'read', warning: '/data/field-map.json: items has no column "skuu". Those entries are ignored; the rest applies.', applied: true },
  policy: null,
  lists: [
    {
      list: 'items',
      label: 'Items',
      table: 'items',
      decidedAt: new Date().toISOString(),
      sample: 200,
      fields: [
        { column: 'sku', label: 'SKU', field: 'itemNo', source: 'file', evidence: 'field-map.json' },
        { column: 'upc', label: 'UPC', field: 'code2', source: 'decided', evidence: 'found by its values: 200/200 values pass the GS1 check digit' },
        { column: 'gtin', label: 'GTIN', field: null, source: 'decided', evidence: 'none of its names in the records' },
      ],
      rejected: { count: 2, reason: 'Record 7 of items (a1) has no id: it was not kept.' },
      missing: [{ scopeId: 'a1', scopeName: 'Globex', column: 'upc', field: 'code2', since: '2026-11-29T10:42:00.000Z', nowCarried: ['eanCode'] }],
    },
  ],
};

describe('the field map on the diagnostics page', () => {
  it('shows each column, its field and why; the file and what is wrong with it; records not kept', async () => {
    const { wrapper } = await mountWith(FieldMapReport, scriptedClient({ 'fields.map': () => REPORT }));
    expect(wrapper.get('[data-testid=field-map-file]').text()).toContain('/data/field-map.json: Read and used.');
    expect(wrapper.get('[data-testid=field-map-warning]').text()).toContain('items has no column "skuu"');
    const rows = wrapper.findAll('[data-testid=field-map-row]');
    expect(rows.map((r) => [r.attributes('data-column'), r.get('[data-testid=field-map-field]').text(), r.get('[data-testid=field-map-why]').text()])).toEqual([
      ['sku', 'itemNo', 'named in field-map.json'],
      ['upc', 'code2', 'found by its values: 200/200 values pass the GS1 check digit'],
      ['gtin', '—', 'none of its names in the records'],
    ]);
    expect(wrapper.get('[data-testid=field-map-rejected]').text()).toBe('2 record(s) not kept: Record 7 of items (a1) has no id: it was not kept.');
    // a mapped field the server stopped sending, and how IT re-maps
    expect(wrapper.get('[data-testid=field-map-missing]').text()).toBe(
      'code2 (upc) is missing from the records since 2026-11-29T10:42:00.000Z; they now carry: eanCode. This list is kept as last read until the field is named in field-map.json or learned again (aisle fields --relearn items).',
    );
  });

  it('says which columns the machine policy sets', async () => {
    const items = REPORT.lists[0];
    const fromPolicy: Report = {
      ...REPORT,
      policy: { path: '/etc/aisle/policy.json', lists: ['items'] },
      lists: [{ ...items, fields: [{ column: 'sku', label: 'SKU', field: 'itemNo', source: 'policy', evidence: 'set by your IT department (/etc/aisle/policy.json)' }] }],
    };
    const { wrapper } = await mountWith(FieldMapReport, scriptedClient({ 'fields.map': () => fromPolicy }));
    expect(wrapper.get('[data-testid=field-map-why]').text()).toBe('set by your IT department (machine policy)');
  });

  it("learns a list's fields again when IT asks, for a list with a missing field", async () => {
    const relearned: unknown[] = [];
    const client = scriptedClient({ 'fields.map': () => REPORT, 'fields.relearn': (args) => (relearned.push(args), { started: true }) });
    const { wrapper } = await mountWith(FieldMapReport, client);
    await wrapper.get('[data-testid=field-map-relearn]').trigger('click');
    await flushPromises();
    expect(relearned).toEqual([{ list: 'items' }]);
    expect(wrapper.get('[data-testid=field-map-relearning]').text()).toBe('Its fields are learned again from the sync round that started.');
    expect(wrapper.find('[data-testid=field-map-relearn]').exists()).toBe(false);
    expect(client.calls.filter((c) => c.method === 'fields.map')).toHaveLength(2);
  });

  it('says nothing was decided before a sync, and is absent where the host has no field map', async () => {
    const empty = await mountWith(FieldMapReport, scriptedClient({ 'fields.map': () => ({ file: { path: '/d/field-map.json', state: 'absent', warning: null, applied: false }, policy: null, lists: [] }) }));
    expect(empty.wrapper.get('[data-testid=field-map-none]').text()).toBe('Nothing decided yet: sync first.');
    const page = await mountWith(DiagnosticsView, scriptedClient({ 'diagnostics.get': () => ({ server: null, clockSkewMs: null, requests: [] }) }));
    expect(page.wrapper.find('[data-testid=field-map]').exists()).toBe(false);
  });
});
