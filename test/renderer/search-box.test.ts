import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResult } from '../../electron/contract/types.ts';
import SearchBox from '../../renderer/src/features/search/SearchBox.vue';
import { hitToOpen, TYPING_LIMIT } from '../../renderer/src/features/search/search-store.ts';
import { FRESH, Failure, STALE, mountWith, scriptedClient, withSyncSummary } from './support.ts';
import { opensOf } from '../../electron/core/lookup/hit-to-open.ts';

function hit(partial: Partial<SearchHit>): SearchHit {
  return { kind: 'item', list: 'items', id: 'i1', code: 'SKU-1', title: 'Thing', match: 'word', field: 'sku', age: FRESH, ...partial };
}

const HITS: SearchHit[] = [
  hit({ id: 'i2', code: 'SKU-100', title: 'Blue widget', match: 'prefix' }),
  hit({ kind: 'location', list: 'locations', id: 'l1', code: 'SKU-10', title: 'A-01-01-A', match: 'exact', field: 'barcode', age: STALE }),
  hit({ id: 'i3', code: 'SKU-1000', title: 'Red widget', match: 'word' }),
];

/** The same hits as main sends them: ranked, exact matches first. */
const RANKED: SearchHit[] = [HITS[1]!, HITS[0]!, HITS[2]!];

function answer(q: string, hits = RANKED): SearchResult {
  return { query: q, scan: { kind: 'plain', text: q }, hits, opens: opensOf(hits), tookMs: 1.2 };
}

describe('ranking', () => {
  it('shows the hits in the order main ranked them, ranking nothing again', async () => {
    const { wrapper } = await mountWith(SearchBox, scriptedClient({ 'search.query': ({ q }) => answer(q, HITS) }));
    await wrapper.get('[data-testid=search-input]').setValue('SKU-10');
    await flushPromises();
    expect(wrapper.findAll('[data-testid=search-hit]').map((o) => o.attributes('data-match'))).toEqual(['prefix', 'exact', 'word']);
    wrapper.unmount();
  });
  it('opens the single exact hit, or the only hit, and nothing when ambiguous', () => {
    expect(hitToOpen(answer('x'))?.id).toBe('l1');
    expect(hitToOpen(answer('x', [HITS[0]!]))?.id).toBe('i2');
    expect(hitToOpen(answer('x', [HITS[0]!, HITS[2]!]))).toBeNull();
  });
});

describe('the search box', () => {
  it('shows results as you type, exact first, with kind and data age', async () => {
    const client = scriptedClient({ 'search.query': ({ q }) => answer(q) });
    const { wrapper } = await mountWith(SearchBox, client);
    await wrapper.get('[data-testid=search-input]').setValue('SKU-10');
    await flushPromises();
    const options = wrapper.findAll('[data-testid=search-hit]');
    expect(options.map((o) => o.attributes('data-match'))).toEqual(['exact', 'prefix', 'word']);
    expect(options[0]!.text()).toContain('Location');
    expect(options[0]!.get('[data-testid=data-age]').classes()).toContain('stale');
    expect(options[1]!.get('[data-testid=data-age]').classes()).not.toContain('stale');
    // what matched is named as the lists name it: an acronym in capitals, not the field's key
    expect(options[1]!.text()).toContain('starts with · SKU');
    expect(options[1]!.text()).not.toMatch(/\bsku\b/);
    expect(client.calls.at(-1)).toEqual({ method: 'search.query', args: { q: 'SKU-10', limit: TYPING_LIMIT } });
    wrapper.unmount();
  });

  it('names the kind and the matched field in the language shown', async () => {
    const client = scriptedClient({ 'search.query': ({ q }) => answer(q) });
    const { wrapper } = await mountWith(SearchBox, client, { locale: 'es' });
    await wrapper.get('[data-testid=search-input]').setValue('SKU-10');
    await flushPromises();
    const first = wrapper.findAll('[data-testid=search-hit]')[0]!;
    expect(first.text()).toContain('Ubicación');
    expect(first.text()).toContain('exacto · Código de barras');
    wrapper.unmount();
  });

  it('words the line under a location or a list record in the language shown; an item\'s line is its barcodes', async () => {
    const hits = [
      hit({ kind: 'location', list: 'locations', id: 'l1', code: 'A-01-01-A', title: 'A-01-01-A', place: { type: 'PICK', zone: 'B', facility: 'Rotterdam DC' } }),
      hit({ kind: 'carrier', list: 'carriers', id: 'c1', code: 'DHL', title: 'DHL Express', listLabel: 'Carriers' }),
      // a list the window has no name for: the name main's list registry gives it
      hit({ kind: 'other', list: 'pallet-types', id: 'p1', code: 'EUR', title: 'Euro pallet', listLabel: 'Pallet types' }),
      hit({ id: 'i1', code: 'SKU-1', title: 'Thing', barcodes: { upc: '012345678905', gtin: '00012345678905' } }),
      hit({ id: 'i2', code: 'SKU-2', title: 'Other', barcodes: { upc: null, gtin: null } }),
    ];
    const lines = async (locale: 'en' | 'es') => {
      const { wrapper } = await mountWith(SearchBox, scriptedClient({ 'search.query': ({ q }) => answer(q, hits) }), { locale });
      await wrapper.get('[data-testid=search-input]').setValue('x');
      await flushPromises();
      const text = wrapper.findAll('[data-testid=search-hit-subtitle]').map((s) => s.text());
      wrapper.unmount();
      return text;
    };
    // a label never parted from its number when the line wraps; no line for an item without barcodes
    const item = 'UPC\u00a0012345678905 · GTIN\u00a000012345678905';
    expect(await lines('es')).toEqual(['Preparación · zona B · Rotterdam DC', 'Transportistas · DHL', 'Pallet types · EUR', item]);
    expect(await lines('en')).toEqual(['Pick face · zone B · Rotterdam DC', 'Carriers · DHL', 'Pallet types · EUR', item]);
  });

  it('keeps one request on the wire: keystrokes typed meanwhile collapse into the newest, older answers are dropped', async () => {
    const releases: (() => void)[] = [];
    const client = scriptedClient({
      'search.query': ({ q }) => new Promise<SearchResult>((resolve) => releases.push(() => resolve(answer(q, q === 'SK' ? [HITS[2]!] : [HITS[0]!])))),
    });
    const { wrapper } = await mountWith(SearchBox, client);
    const input = wrapper.get('[data-testid=search-input]');
    await input.setValue('SK');
    await input.setValue('SKU');
    await input.setValue('SKU-');
    await flushPromises();
    expect(client.calls.map((c) => (c.args as { q: string }).q)).toEqual(['SK']);
    releases[0]!();
    await flushPromises();
    // 'SK' came back after 'SKU-' was typed: not shown; 'SKU' was never asked.
    expect(wrapper.findAll('[data-testid=search-hit]')).toHaveLength(0);
    expect(client.calls.map((c) => (c.args as { q: string }).q)).toEqual(['SK', 'SKU-']);
    releases[1]!();
    await flushPromises();
    expect(wrapper.get('[data-testid=search-popup]').attributes('data-query')).toBe('SKU-');
    expect(wrapper.findAll('[data-testid=search-hit]').map((o) => o.text())).toEqual([expect.stringContaining('Blue widget')]);
    wrapper.unmount();
  });

  it('moves with the arrow keys and opens the active hit with Enter', async () => {
    const client = scriptedClient({ 'search.query': ({ q }) => answer(q) });
    const { wrapper, router } = await mountWith(SearchBox, client);
    const input = wrapper.get('[data-testid=search-input]');
    await input.setValue('SKU-10');
    await flushPromises();
    await input.trigger('keydown', { key: 'ArrowDown' });
    expect(input.attributes('aria-activedescendant')).toBe('search-option-1');
    await input.trigger('keydown', { key: 'Enter' });
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe('/item/i2?list=items');
    wrapper.unmount();
  });

  it('closes when another page opens, and keeps the words typed', async () => {
    const { wrapper, router } = await mountWith(SearchBox, scriptedClient({ 'search.query': ({ q }) => answer(q) }), { path: '/' });
    const input = wrapper.get('[data-testid=search-input]');
    await input.setValue('SKU-10');
    await flushPromises();
    expect(input.attributes('aria-expanded')).toBe('true');
    await router.push('/lists');
    await flushPromises();
    expect(input.attributes('aria-expanded')).toBe('false');
    expect((input.element as HTMLInputElement).value).toBe('SKU-10');
    wrapper.unmount();
  });

  it('closes with Esc and says when nothing matched', async () => {
    const client = scriptedClient({ 'search.query': ({ q }) => answer(q, []) });
    const { wrapper } = await mountWith(SearchBox, client);
    const input = wrapper.get('[data-testid=search-input]');
    await input.setValue('nothing-here');
    await flushPromises();
    expect(wrapper.get('[data-testid=search-none]').text()).toContain('nothing-here');
    expect(input.attributes('aria-expanded')).toBe('true');
    await input.trigger('keydown', { key: 'Escape' });
    expect(input.attributes('aria-expanded')).toBe('false');
    wrapper.unmount();
  });

  it('says the offline data is being prepared, and shows the answer by itself once it opens', async () => {
    let preparing = true;
    const client = scriptedClient({ 'search.query': ({ q }) => (preparing ? new Failure('mirror_preparing') : answer(q)) });
    const { wrapper } = await mountWith(SearchBox, client);
    await wrapper.get('[data-testid=search-input]').setValue('SKU-10');
    await flushPromises();
    // a passing state, in neutral colours: not an error
    const notice = wrapper.get('[data-testid=search-error]');
    expect(notice.text()).toContain('being updated for this version');
    expect(notice.classes()).toEqual(['notice']);
    expect(wrapper.findAll('[data-testid=search-hit]')).toHaveLength(0);
    const status = { running: false, lastRoundStartedAt: null, lastRoundFinishedAt: null, nextRoundAt: null, datasets: [] };
    // still preparing: nothing to ask yet
    client.emit('sync.status', withSyncSummary({ ...status, preparing: true }));
    await flushPromises();
    expect(client.calls.filter((c) => c.method === 'search.query')).toHaveLength(1);
    // main sends the sync status when the upgraded file opens; nobody types again
    preparing = false;
    client.emit('sync.status', withSyncSummary({ ...status, preparing: false }));
    await flushPromises();
    expect(wrapper.findAll('[data-testid=search-hit]')).toHaveLength(3);
    expect(wrapper.find('[data-testid=search-error]').exists()).toBe(false);
    expect(client.calls.filter((c) => c.method === 'search.query').map((c) => c.args)).toEqual([
      { q: 'SKU-10', limit: TYPING_LIMIT },
      { q: 'SKU-10', limit: TYPING_LIMIT },
    ]);
    // one ask again per wait: later status events ask nothing
    client.emit('sync.status', withSyncSummary({ ...status, preparing: false, running: true }));
    await flushPromises();
    expect(client.calls.filter((c) => c.method === 'search.query')).toHaveLength(2);
    wrapper.unmount();
  });

  it('shows the parsed GS1 elements of a scanned code', async () => {
    const client = scriptedClient({
      'search.query': ({ q }) => ({
        ...answer(q, [hit({ match: 'exact', field: 'gtin' })]),
        scan: { kind: 'gs1', elements: [{ ai: '01', label: 'GTIN', value: '09506000134352' }, { ai: '10', label: 'Lot', value: 'LOT7' }], gtin: '09506000134352', lot: 'LOT7', serial: null, expiry: null, quantity: null, sscc: null },
      }),
    });
    const { wrapper } = await mountWith(SearchBox, client);
    await wrapper.get('[data-testid=search-input]').setValue('(01)09506000134352(10)LOT7');
    await flushPromises();
    expect(wrapper.get('[data-testid=scan-gs1]').text()).toContain('LOT7');
    wrapper.unmount();
  });
});

describe('Ctrl+K and Esc', () => {
  it('gives focus back to where it was when the search closes', async () => {
    const client = scriptedClient({ 'search.query': ({ q }) => answer(q) });
    const { wrapper } = await mountWith(SearchBox, client);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    (wrapper.vm as unknown as { focus(): void }).focus();
    const input = wrapper.get('[data-testid=search-input]');
    expect(document.activeElement).toBe(input.element);
    await input.trigger('keydown', { key: 'Escape' });
    expect(document.activeElement).toBe(button);
    button.remove();
    wrapper.unmount();
  });
});
