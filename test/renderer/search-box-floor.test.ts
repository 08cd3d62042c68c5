// The search box on the floor: empty again once a record is open, however it was opened; a misread
// said in one sentence with one full stop.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../electron/contract/types.ts';
import SearchBox from '../../renderer/src/features/search/SearchBox.vue';
import { FRESH, mountWith, scriptedClient } from './support.ts';
import { opensOf } from '../../electron/core/lookup/hit-to-open.ts';

const HITS: SearchResult['hits'] = [{ kind: 'item', list: 'items', id: 'i1', code: 'SKU-1', title: 'Thing', match: 'prefix', field: 'sku', age: FRESH }];
const answer = (q: string): SearchResult => ({ query: q, scan: { kind: 'plain', text: q }, tookMs: 1, hits: HITS, opens: opensOf(HITS) });

describe('the search box on the floor', () => {
  it('clears when a record opens, even when it was opened from elsewhere on the page', async () => {
    const { wrapper, router } = await mountWith(SearchBox, scriptedClient({ 'search.query': ({ q }) => answer(q) }));
    const input = wrapper.get('[data-testid=search-input]');
    await input.setValue('SKU-1');
    await flushPromises();
    expect((input.element as HTMLInputElement).value).toBe('SKU-1');
    await router.push('/item/i1');
    await flushPromises();
    expect((input.element as HTMLInputElement).value).toBe('');
    expect(wrapper.get('[data-testid=search-popup]').isVisible()).toBe(false);
    wrapper.unmount();
  });

  it('says a misread with one full stop', async () => {
    const misread = (q: string): SearchResult => ({ query: q, scan: { kind: 'misread', reason: 'Check digit of GTIN 09506000134353 is wrong (expected 2).', raw: q }, hits: [], opens: opensOf([]), tookMs: 1 });
    const { wrapper } = await mountWith(SearchBox, scriptedClient({ 'search.query': ({ q }) => misread(q) }));
    await wrapper.get('[data-testid=search-input]').setValue('09506000134353');
    await flushPromises();
    expect(wrapper.get('[data-testid=scan-misread]').text()).toBe('Misread barcode: Check digit of GTIN 09506000134353 is wrong (expected 2). Scan it again.');
    wrapper.unmount();
  });
});
