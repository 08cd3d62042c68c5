// The scanner check screen: keys as a scanner sends them (timed by Vitest's fake clock), what the
// screen says of them, and what a scan of them finds. The app opens nothing meanwhile.
import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit, SearchResult } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import App from '../../renderer/src/App.vue';
import { SIGNED_OUT } from '../../renderer/src/features/session/session-store.ts';
import ScannerView from '../../renderer/src/features/scanner/ScannerView.vue';
import { FRESH, mountWith, scriptedClient } from './support.ts';
import { opensOf } from '../../electron/core/lookup/hit-to-open.ts';

const ITEM: SearchHit = { kind: 'item', list: 'items', id: 'i42', code: 'SKU-000042', title: 'SKU-000042', match: 'exact', field: 'upc', age: FRESH };
const answer = (q: string): SearchResult => ({ query: q, scan: { kind: 'plain', text: q }, hits: q === '4006381333931' ? [ITEM] : [], opens: opensOf(q === '4006381333931' ? [ITEM] : []), tookMs: 0.2 });

/** Keys as a scanner types them: `gap` ms apart on the fake clock. */
function type(keys: string[], gap: number): void {
  for (const key of keys) {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, cancelable: true }));
    vi.advanceTimersByTime(gap);
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the scanner check', () => {
  it('shows a good scan key by key, its timing, and what it opens', async () => {
    const client = scriptedClient({ 'search.query': ({ q }) => answer(q) });
    const { wrapper } = await mountWith(ScannerView, client, { path: '/scanner' });
    expect(wrapper.find('[data-testid=scanner-waiting]').exists()).toBe(true);

    type([...'4006381333931', 'Enter'], 5);
    await flushPromises();
    const latest = wrapper.get('[data-testid=scanner-latest]');
    expect(latest.attributes('data-verdict')).toBe('scan');
    expect(wrapper.findAll('[data-testid=scanner-chars] .char').map((c) => c.text())).toEqual([...'4006381333931', 'Enter']);
    expect(wrapper.get('[data-testid=scanner-verdict]').text()).toBe('Read as a scan: 13 characters in 65 ms, at most 5 ms apart.');
    expect(wrapper.get('[data-testid=scanner-finds]').text()).toBe('A scan of it opens SKU-000042');
    expect(client.calls.filter((c) => c.method === 'search.query').map((c) => c.args)).toEqual([{ q: '4006381333931', limit: 5 }]);
    wrapper.unmount();
  });

  it('says why a burst was not a scan, keeps the earlier ones, and lets a lone Tab move focus', async () => {
    const client = scriptedClient({ 'search.query': ({ q }) => answer(q) });
    const { wrapper } = await mountWith(ScannerView, client, { path: '/scanner' });
    type([...'4006381333931', 'Enter'], 5);
    vi.advanceTimersByTime(1000);

    type([...'4006381333931'], 5); // no suffix: ends when the keys stop
    vi.advanceTimersByTime(1000);
    await flushPromises();
    expect(wrapper.get('[data-testid=scanner-latest]').attributes('data-verdict')).toBe('no-terminator');
    expect(wrapper.get('[data-testid=scanner-verdict]').text()).toContain('Set the scanner to send Enter (CR) or Tab');
    expect(wrapper.findAll('[data-testid=scanner-earlier]')).toHaveLength(1);

    type(['&', 'é', '"', '\'', '(', 'Enter'], 5);
    await flushPromises();
    expect(wrapper.get('[data-testid=scanner-layout]').text()).toContain('AZERTY');
    expect(wrapper.get('[data-testid=scanner-finds]').text()).toBe('Nothing in the offline data matches it.');

    // Typing in the search box at the top is not recorded.
    const field = document.body.appendChild(document.createElement('input'));
    for (const key of 'SKU-1') field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    vi.advanceTimersByTime(1000);
    await flushPromises();
    expect(wrapper.findAll('[data-testid=scanner-earlier]')).toHaveLength(2);

    const tab = new KeyboardEvent('keydown', { key: 'Tab', cancelable: true });
    window.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
    expect(wrapper.findAll('[data-testid=scanner-earlier]')).toHaveLength(2);
    wrapper.unmount();
  });

  it('the app does not open what is scanned on this screen', async () => {
    const client = scriptedClient({
      'session.current': () => ({ ...SIGNED_OUT, state: 'signed-in', email: 'ana@example.com' }),
      'settings.get': () => DEFAULT_SETTINGS,
      'search.query': ({ q }) => answer(q),
    });
    const { wrapper, router } = await mountWith(App, client, { path: '/scanner' });
    type([...'4006381333931', 'Enter'], 5);
    await flushPromises();
    expect(client.calls.some((c) => c.method === 'search.query')).toBe(false);

    await router.push('/');
    type([...'4006381333931', 'Enter'], 5);
    await flushPromises();
    expect(client.calls.some((c) => c.method === 'search.query')).toBe(true);
    wrapper.unmount();
  });
});
