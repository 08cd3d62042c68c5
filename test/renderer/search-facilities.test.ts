// A location code in several facilities: Enter and a scan open the home facility's, or ask; an
// item hit shows its stock; a word typed wrong says what was searched instead.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResult } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import SearchBox from '../../renderer/src/features/search/SearchBox.vue';
import { useSessionStore } from '../../renderer/src/features/session/session-store.ts';
import SettingsView from '../../renderer/src/features/settings/SettingsView.vue';
import { hitForEnter, hitToOpen } from '../../renderer/src/features/search/search-store.ts';
import { inSeveralFacilities, opensOf } from '../../electron/core/lookup/hit-to-open.ts';
import { ANA, FRESH, mountWith, scriptedClient } from './support.ts';

const location = (id: string, facilityId: string, facility: string, home: boolean): SearchHit => ({
  kind: 'location', list: 'locations', id, code: 'A-03-02-B', title: 'A-03-02-B', match: 'exact', field: 'code', age: FRESH,
  place: { type: 'PICK', zone: 'A', facility, facilityId, home },
});
const MAIN = location('l-main', 'f1', 'Main warehouse', false);
const OVERFLOW = location('l-over', 'f2', 'Overflow', false);
const answer = (q: string, hits: SearchHit[], extra: Partial<SearchResult> = {}): SearchResult => ({ query: q, scan: { kind: 'plain', text: q }, hits, opens: opensOf(hits), tookMs: 1, ...extra });

describe('a code in several facilities', () => {
  it('opens the home facility\'s location, or nothing (the user chooses)', () => {
    const home = { ...OVERFLOW, place: { ...OVERFLOW.place!, home: true } };
    expect(inSeveralFacilities([MAIN, OVERFLOW])).toBe(true);
    expect(inSeveralFacilities([MAIN, { ...OVERFLOW, code: 'A-03-02-C' }])).toBe(false);
    expect(hitToOpen(answer('A-03-02-B', [home, MAIN]))?.id).toBe('l-over');
    expect(hitToOpen(answer('A-03-02-B', [MAIN, OVERFLOW]))).toBeNull();
    // main decides what Enter opens (opens.enter); the window opens that
    expect(hitForEnter(answer('A-03-02-B', [home, MAIN]))?.id).toBe('l-over');
    expect(hitForEnter(answer('A-03-02-B', [MAIN, OVERFLOW]))).toBeNull();
    // one facility's code: Enter opens it as before
    expect(hitForEnter(answer('A-03-02-B', [MAIN]))?.id).toBe('l-main');
  });

  it('asks on Enter instead of opening another facility\'s location', async () => {
    const client = scriptedClient({ 'search.query': ({ q }) => answer(q, [MAIN, OVERFLOW]) });
    const { wrapper, router } = await mountWith(SearchBox, client);
    const before = router.currentRoute.value.fullPath;
    const input = wrapper.get('[data-testid=search-input]');
    await input.setValue('A-03-02-B');
    await flushPromises();
    expect(wrapper.findAll('[data-testid=search-hit-subtitle]').map((s) => s.text())).toEqual([expect.stringContaining('Main warehouse'), expect.stringContaining('Overflow')]);
    await input.trigger('keydown', { key: 'Enter' });
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe(before);
    expect(wrapper.get('[data-testid=search-several-facilities]').text()).toBe('A-03-02-B is in several facilities: choose one.');
    // choosing one opens it
    await input.trigger('keydown', { key: 'ArrowDown' });
    await input.trigger('keydown', { key: 'Enter' });
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe('/location/l-over?list=locations');
    wrapper.unmount();
  });
});

describe('the popup', () => {
  it('shows an item hit\'s on hand and where most of it is, and the word searched instead', async () => {
    const item: SearchHit = {
      kind: 'item', list: 'items', id: 'i1', code: 'SKU-1', title: 'Steel bracket', match: 'word', field: 'description', age: FRESH,
      stock: { onHand: 24, top: { code: 'A-03-02-B', facility: 'Main warehouse' }, covers: ['Main warehouse'], notHere: [] },
    };
    const client = scriptedClient({ 'search.query': ({ q }) => answer(q, [item], { spelledAs: 'bracket' }) });
    const { wrapper } = await mountWith(SearchBox, client);
    await wrapper.get('[data-testid=search-input]').setValue('brackt');
    await flushPromises();
    expect(wrapper.get('[data-testid=search-hit-stock]').text()).toBe('On hand 24 · most at A-03-02-B (Main warehouse)');
    expect(wrapper.get('[data-testid=search-spelled]').text()).toBe('Nothing for “brackt”: showing results for “bracket”.');
    wrapper.unmount();
  });
});

describe('the home facility setting', () => {
  it('is chosen on the settings page among the user\'s facilities, the first by default', async () => {
    const client = scriptedClient({ 'settings.get': () => ({ ...structuredClone(DEFAULT_SETTINGS) }), 'settings.set': (patch) => ({ ...structuredClone(DEFAULT_SETTINGS), ...(patch as object) }), 'lists.catalog': () => [] });
    const { wrapper } = await mountWith(SettingsView, client);
    useSessionStore().view = { ...ANA, facilities: [{ id: 'f1', code: 'WH1', name: 'Main warehouse' }, { id: 'f2', code: 'WH2', name: 'Overflow' }] };
    await flushPromises();
    const select = wrapper.get('[data-testid=settings-home-facility]');
    expect(select.findAll('option').map((o) => o.text())).toEqual(['Your first facility (Main warehouse)', 'Main warehouse', 'Overflow']);
    await select.setValue('f2');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(client.calls.filter((c) => c.method === 'settings.set').at(-1)?.args).toMatchObject({ homeFacility: 'f2' });
    wrapper.unmount();
  });
});

describe('several codes pasted into the search box', () => {
  const pasteInto = async (wrapper: Awaited<ReturnType<typeof mountWith>>['wrapper'], text: string) => {
    const event = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
    wrapper.get('[data-testid=search-input]').element.dispatchEvent(event);
    await flushPromises();
  };
  const lineAnswer = (q: string): SearchResult => {
    const lines = q.split('\n').map((line) => ({ query: line, hits: line === 'A-03-02-B' ? [MAIN] : [] }));
    return answer(q, lines.flatMap((line) => line.hits), { lines });
  };

  it('are answered one line per code, and sent to the scan list when the user chooses it, which is kept', async () => {
    let stored = structuredClone(DEFAULT_SETTINGS);
    const added: string[] = [];
    const client = scriptedClient({
      'search.query': ({ q }) => lineAnswer(q),
      'settings.get': () => stored,
      'settings.set': (patch) => (stored = { ...stored, ...(patch as object) }),
      'scans.get': () => ({ rows: [], location: null, savedAt: null }),
      'scans.save': (list) => (added.push(...(list as { rows: { code: string }[] }).rows.map((r) => r.code)), list),
    });
    const { wrapper, router } = await mountWith(SearchBox, client);
    const { useSettingsStore } = await import('../../renderer/src/features/settings/settings-store.ts');
    await useSettingsStore().load();
    await pasteInto(wrapper, 'A-03-02-B\r\nNOPE-1\n');
    expect((client.calls.find((c) => c.method === 'search.query')?.args as { q: string }).q).toBe('A-03-02-B\nNOPE-1');
    expect(wrapper.findAll('[data-testid=search-line]').map((l) => [l.text(), l.attributes('data-found')])).toEqual([
      [expect.stringContaining('A-03-02-B — A-03-02-B'), 'true'],
      ['NOPE-1 — not found', 'false'],
    ]);
    await wrapper.get('[data-testid=pasted-to-scan-list]').trigger('click');
    await flushPromises();
    expect(stored.pastedLines).toBe('scan-list');
    expect(router.currentRoute.value.name).toBe('scans');
    expect(added).toEqual(expect.arrayContaining(['A-03-02-B', 'NOPE-1']));
    // the next paste goes straight to the scan list: no answer per line is asked for
    const lineQueries = () => client.calls.filter((c) => c.method === 'search.query' && (c.args as { q: string }).q.includes('\n')).length;
    const before = lineQueries();
    await pasteInto(wrapper, 'SKU-1\nSKU-2');
    expect(lineQueries()).toBe(before);
    expect(added).toEqual(expect.arrayContaining(['SKU-1', 'SKU-2']));
    expect(wrapper.findAll('[data-testid=search-line]')).toHaveLength(0);
    wrapper.unmount();
  });
});

describe('the scan list', () => {
  it('counts at the home facility\'s location when a scanned location code is in several facilities, named by its facility', async () => {
    const home = { ...OVERFLOW, place: { ...OVERFLOW.place!, home: true } };
    const client = scriptedClient({
      'search.query': ({ q }) => answer(q, [home, MAIN]),
      'scans.get': () => ({ rows: [], location: null, savedAt: null }),
      'scans.save': (list) => list,
      'inventory.byLocation': () => ({ rows: [], totals: [], age: FRESH, stock: [] }),
    });
    const { wrapper } = await mountWith({ template: '<div />' }, client);
    const { useScanListStore } = await import('../../renderer/src/features/scanner/scan-list-store.ts');
    const scans = useScanListStore();
    expect(await scans.add('A-03-02-B')).toBe('found');
    expect(scans.location).toMatchObject({ id: 'l-over', code: 'A-03-02-B', facility: 'Overflow' });
    wrapper.unmount();
  });
});
