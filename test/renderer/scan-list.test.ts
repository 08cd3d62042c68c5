// The scan list: on its screen a scan is counted instead of opening its record. Items are counted
// per location scanned before them, beside the mirror's on hand there; a code scanned again counts
// up and is marked; codes not found stay; scans are taken in the order scanned, however slow an
// answer. Main keeps the list (scans.*): read at sign-in with its location's stock as it is now,
// written at every change, never overwritten before it was read; sign-out takes it off the window.
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { SCAN_ROWS_KEPT, type InventoryAnswer, type SavedScanList, type ScanRow, type SearchHit, type SearchResult, type Settings } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import App from '../../renderer/src/App.vue';
import { matchCommands } from '../../renderer/src/commands.ts';
import { scanListCsv, useScanListStore } from '../../renderer/src/features/scanner/scan-list-store.ts';
import { SIGNED_OUT } from '../../renderer/src/features/session/session-store.ts';
import ScanListView from '../../renderer/src/features/scanner/ScanListView.vue';
import { ANA, Failure, FRESH, mountWith, NO_SYNC, scriptedClient, STALE, summarised } from './support.ts';
import { opensOf } from '../../electron/core/lookup/hit-to-open.ts';

const hit = (partial: Partial<SearchHit>): SearchHit => ({ kind: 'item', list: 'items', id: 'i1', code: 'SKU-1', title: 'Blue widget', match: 'exact', field: 'sku', age: FRESH, ...partial });
const L1 = hit({ kind: 'location', list: 'locations', id: 'l1', code: 'A-03-02-B', title: 'A-03-02-B', field: 'barcode', place: { type: 'PICK', zone: 'A', facility: 'Main' } });
const L2 = hit({ kind: 'location', list: 'locations', id: 'l2', code: 'A-03-02-C', title: 'A-03-02-C', field: 'barcode' });
const SKU1 = hit({});
const HITS: Record<string, SearchHit[]> = {
  L0302B9: [L1],
  L0302C4: [L2],
  'SKU-1': [SKU1],
  WIDGET: [hit({ id: 'i2', code: 'SKU-2', match: 'word' }), hit({ id: 'i3', code: 'SKU-3', match: 'word' })],
};
const answer = (q: string): SearchResult => ({ query: q, scan: { kind: 'plain', text: q }, hits: HITS[q] ?? [], opens: opensOf(HITS[q] ?? []), tookMs: 1 });
const stock = (locationId: string): InventoryAnswer => summarised({
  rows: locationId === 'l1' ? [{ itemId: 'i1', onHand: 5 }, { itemId: 'i1', onHand: 2 }, { itemId: 'i9', onHand: 4 }].map((r) => ({ ...r }) as never) : [],
  totals: [],
  age: FRESH,
  stock: [{ facilityId: 'F1', facilityName: 'Main', state: 'complete', datasetKey: 'inventory@facility:F1', error: null }],
});

function client(inventory: (locationId: string) => InventoryAnswer | Promise<InventoryAnswer> = stock) {
  return scriptedClient({ 'search.query': ({ q }) => answer(q), 'inventory.byLocation': ({ locationId }) => inventory(locationId) });
}

describe('the scan list', () => {
  it('counts items at the location scanned before them, beside the on hand there; again counts up; not found stays', async () => {
    const c = client();
    const { wrapper } = await mountWith(ScanListView, c);
    const list = useScanListStore();
    const feedback = [];
    for (const code of ['SKU-1', 'L0302B9', 'SKU-1', 'SKU-1', 'NOPE', 'WIDGET', 'L0302C4', 'SKU-1']) feedback.push(await list.add(code));
    expect(feedback).toEqual(['found', 'found', 'found', 'found', 'none', 'several', 'found', 'found']);
    await flushPromises();
    expect(list.rows.map((r) => [r.location?.code ?? null, r.code, r.kind, r.count, r.onHandHere])).toEqual([
      ['A-03-02-C', 'SKU-1', 'item', 1, 0],
      [null, 'L0302C4', 'location', 1, null],
      ['A-03-02-B', 'WIDGET', 'several', 1, null],
      ['A-03-02-B', 'NOPE', 'none', 1, null],
      ['A-03-02-B', 'SKU-1', 'item', 2, 7],
      [null, 'L0302B9', 'location', 1, null],
      [null, 'SKU-1', 'item', 1, null],
    ]);
    expect(wrapper.get('[data-testid=scans-location]').text()).toContain('At A-03-02-C');
    expect(wrapper.get('[data-testid=scans-location]').text()).not.toContain('Main');
    const rows = wrapper.findAll('[data-testid=scan-row]');
    expect(rows[4]!.get('[data-testid=scan-again]').text()).toBe('scanned 2 times');
    // a location code is named with its facility (the same code can be in each), where the mirror names it
    expect(rows[4]!.get('[data-testid=scan-row-facility]').text()).toBe('Main');
    expect(rows[5]!.get('[data-testid=scan-row-facility]').text()).toBe('Main');
    expect(rows[0]!.find('[data-testid=scan-row-facility]').exists()).toBe(false);
    // counted where the mirror, holding the location's stock whole, has none of it: flagged
    expect(rows[0]!.get('[data-testid=scan-not-here]').text()).toBe('none here');
    expect(rows[0]!.get('[data-testid=scan-not-here]').attributes('title')).toBe('none here in the offline data');
    expect(rows[4]!.find('[data-testid=scan-not-here]').exists()).toBe(false);
    expect(rows[3]!.text()).toContain('Not in the offline data');
    expect(rows[2]!.text()).toContain('2 matches');
    expect(wrapper.findAll('[data-testid=scan-again]')).toHaveLength(1);
    // searches as the search box does, but opens nothing
    expect(c.calls.filter((x) => x.method === 'search.query').every((x) => (x.args as { limit: number }).limit === 50)).toBe(true);

    const csv = scanListCsv(list.rows).split('\r\n');
    expect(csv[0]).toBe('\uFEFFlocation,facility,code,kind,sku_or_code,description,count,on_hand_here,last_scanned');
    expect(csv[1]).toMatch(/^,,SKU-1,item,SKU-1,Blue widget,1,,\d{4}-/);
    expect(csv[2]).toMatch(/^A-03-02-B,Main,L0302B9,location,A-03-02-B,,1,,/);
    expect(csv[3]).toMatch(/^A-03-02-B,Main,SKU-1,item,SKU-1,Blue widget,2,7,/);
    expect(csv).toHaveLength(list.rows.length + 2);

    // `>export` downloads it while it has rows
    const offered = () => matchCommands('>export', (x) => x.id).map((x) => x.id);
    expect(offered()).toEqual(['export']);
    await wrapper.get('[data-testid=scans-clear]').trigger('click');
    await flushPromises();
    expect(list.rows).toEqual([]);
    expect(offered()).toEqual([]);
    expect(wrapper.get('[data-testid=scans-location]').text()).toContain('No location scanned yet');
    wrapper.unmount();
  });

  it('takes scans in the order scanned: an item scanned while its location\'s stock is still read is counted there', async () => {
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const c = client(async (locationId) => {
      await slow;
      return stock(locationId);
    });
    await mountWith(ScanListView, c);
    const list = useScanListStore();
    const first = list.add('L0302B9');
    const second = list.add('SKU-1');
    await flushPromises();
    expect(list.rows).toEqual([]);
    release();
    expect(await Promise.all([first, second])).toEqual(['found', 'found']);
    expect([list.location?.code, list.location?.facility]).toEqual(['A-03-02-B', 'Main']);
    expect(list.rows.map((r) => [r.code, r.location?.code ?? null, r.onHandHere])).toEqual([
      ['SKU-1', 'A-03-02-B', 7],
      ['L0302B9', null, null],
    ]);
  });
});

describe('scanning on the scan list screen', () => {
  function app() {
    let view = ANA;
    let kept: SavedScanList = { rows: [], location: null, savedAt: null };
    const c = scriptedClient({
      'scans.get': () => kept,
      'scans.save': ({ rows, location }) => {
        kept = { rows: rows as ScanRow[], location, savedAt: new Date().toISOString() };
        return { rows: rows.length, savedAt: kept.savedAt };
      },
      'session.current': () => view,
      'settings.get': (): Settings => ({ ...DEFAULT_SETTINGS, scanSound: false }),
      'sync.status': () => NO_SYNC,
      'lists.catalog': () => [],
      'search.query': ({ q }) => answer(q),
      'inventory.byLocation': ({ locationId }) => stock(locationId),
    });
    return { c, signOut: () => c.emit('session.changed', (view = SIGNED_OUT)), signIn: () => c.emit('session.changed', (view = ANA)) };
  }
  const scan = async (code: string) => {
    for (const key of code) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await flushPromises();
  };

  it('counts the scan and opens nothing; elsewhere a scan opens its record; sign-out takes the list off the window, sign-in brings it back', async () => {
    const { c, signOut, signIn } = app();
    const { wrapper, router } = await mountWith(App, c, { path: '/scans' });
    await scan('L0302B9');
    await scan('SKU-1');
    expect(router.currentRoute.value.fullPath).toBe('/scans');
    const list = useScanListStore();
    expect(list.rows.map((r) => r.code)).toEqual(['SKU-1', 'L0302B9']);
    expect(wrapper.get('[data-testid=scan-flash]').attributes('data-feedback')).toBe('found');

    await router.push('/');
    await scan('SKU-1');
    expect(router.currentRoute.value.fullPath).toBe('/item/i1?list=items');
    expect(list.rows).toHaveLength(2);

    signOut();
    await flushPromises();
    expect(list.rows).toEqual([]);
    expect(list.location).toBeNull();
    expect(c.calls.filter((x) => x.method === 'scans.save').every((x) => (x.args as SavedScanList).rows.length > 0)).toBe(true);
    signIn();
    await flushPromises();
    expect(list.rows.map((r) => [r.code, r.count])).toEqual([['SKU-1', 1], ['L0302B9', 1]]);
    expect(list.location?.code).toBe('A-03-02-B');
    wrapper.unmount();
  });
});

describe('the scan list kept on this workstation', () => {
  const keptRow = (partial: Partial<ScanRow>): ScanRow => ({ key: 'l1\nitems:i1', code: 'SKU-1', kind: 'item', hit: { kind: 'item', list: 'items', id: 'i1', code: 'SKU-1', title: 'Blue widget' }, location: { id: 'l1', code: 'A-03-02-B' }, count: 4, onHandHere: 6, matches: 1, at: '2026-11-21T16:00:00.000Z', ...partial });
  const KEPT: SavedScanList = {
    rows: [keptRow({}), keptRow({ key: 'location:l1', code: 'L0302B9', kind: 'location', hit: { kind: 'location', list: 'locations', id: 'l1', code: 'A-03-02-B', title: 'A-03-02-B' }, location: null, count: 1, onHandHere: null })],
    location: { id: 'l1', code: 'A-03-02-B', facility: 'Main' },
    savedAt: '2026-11-21T16:00:00.000Z',
  };
  const saves = (c: ReturnType<typeof scriptedClient>) => c.calls.filter((x) => x.method === 'scans.save').map((x) => x.args as Omit<SavedScanList, 'savedAt'>);

  it('goes on where it was left: its rows, and its location with the stock there as the mirror has it now; every change is kept', async () => {
    const c = scriptedClient({
      'scans.get': () => KEPT,
      'scans.save': (list) => ({ rows: list.rows.length, savedAt: new Date().toISOString() }),
      'search.query': ({ q }) => answer(q),
      'inventory.byLocation': ({ locationId }) => ({ ...stock(locationId), age: STALE }),
    });
    const { wrapper } = await mountWith(ScanListView, c);
    const list = useScanListStore();
    await list.load();
    await list.load(); // read once per sign-in
    expect(c.calls.filter((x) => x.method === 'scans.get')).toHaveLength(1);
    expect(list.rows).toEqual(KEPT.rows);
    expect(list.location).toMatchObject({ id: 'l1', code: 'A-03-02-B', facility: 'Main', age: STALE });
    expect(wrapper.get('[data-testid=scans-location]').text()).toContain('At A-03-02-B');
    expect(saves(c)).toEqual([]);

    // the next scan counts on at the kept location, beside the stock read now (5 + 2)
    await list.add('SKU-1');
    expect(list.rows[0]).toMatchObject({ code: 'SKU-1', count: 5, onHandHere: 7, location: { id: 'l1' } });
    expect(saves(c).at(-1)).toEqual({ rows: list.rows, location: { id: 'l1', code: 'A-03-02-B', facility: 'Main' } });
    await list.add('L0302C4');
    expect(saves(c).at(-1)!.location).toEqual({ id: 'l2', code: 'A-03-02-C', facility: null });
    expect(saves(c).at(-1)!.rows.map((r) => r.code)).toEqual(['L0302C4', 'SKU-1', 'L0302B9']);

    await wrapper.get('[data-testid=scans-clear]').trigger('click');
    await flushPromises();
    expect(saves(c).at(-1)).toEqual({ rows: [], location: null });
    expect(wrapper.find('[data-testid=scans-unsaved]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('never writes over the kept list before it could read it: scans go on in the window, said to be unsaved, and join it once read', async () => {
    let readable = false;
    const c = scriptedClient({
      'scans.get': () => (readable ? KEPT : new Failure('mirror_preparing', 'The offline data is being upgraded.')),
      'scans.save': (list) => ({ rows: list.rows.length, savedAt: new Date().toISOString() }),
      'search.query': ({ q }) => answer(q),
      'inventory.byLocation': ({ locationId }) => stock(locationId),
    });
    const { wrapper } = await mountWith(ScanListView, c);
    const list = useScanListStore();
    await list.load();
    for (const code of ['L0302B9', 'SKU-1', 'L0302C4', 'NOPE']) await list.add(code);
    expect(list.rows.map((r) => [r.code, r.count])).toEqual([['NOPE', 1], ['L0302C4', 1], ['SKU-1', 1], ['L0302B9', 1]]);
    expect(saves(c)).toEqual([]);
    expect(wrapper.get('[data-testid=scans-unsaved]').text()).toContain('download it before you close Aisle');

    readable = true;
    await list.add('SKU-1');
    // a row scanned before the kept list was read counts on from its kept count (SKU-1 at l1: 4 + 1)
    expect(list.rows.map((r) => [r.code, r.location?.id ?? null, r.count])).toEqual([
      ['SKU-1', 'l2', 1],
      ['NOPE', 'l2', 1],
      ['L0302C4', null, 1],
      ['SKU-1', 'l1', 5],
      ['L0302B9', null, 2],
    ]);
    expect(list.location?.id).toBe('l2'); // where the worker is now, not where the kept list was
    expect(saves(c)).toHaveLength(1);
    expect(saves(c)[0]!.rows).toEqual(list.rows);
    await flushPromises();
    expect(wrapper.find('[data-testid=scans-unsaved]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('a full list refuses a new row and says so; a row already in it still counts', async () => {
    const rows = Array.from({ length: SCAN_ROWS_KEPT }, (_, i) => keptRow({ key: i === 0 ? '\nitems:i1' : `\ncode:C${i}`, code: i === 0 ? 'SKU-1' : `C${i}`, location: null, onHandHere: null, count: 1 }));
    const c = scriptedClient({
      'scans.get': () => ({ rows, location: null, savedAt: KEPT.savedAt }),
      'scans.save': (list) => ({ rows: list.rows.length, savedAt: new Date().toISOString() }),
      'search.query': ({ q }) => answer(q),
      'inventory.byLocation': ({ locationId }) => stock(locationId),
    });
    // the store alone: 5,000 rows in jsdom's table would take seconds to draw
    await mountWith({ template: '<div />' }, c);
    const list = useScanListStore();
    expect(await list.add('NOPE')).toBe('none');
    expect(list.rows).toHaveLength(SCAN_ROWS_KEPT);
    expect(list.full).toBe(true);
    expect(saves(c).at(-1)!.rows).toHaveLength(SCAN_ROWS_KEPT);
    expect(await list.add('SKU-1')).toBe('found');
    expect(list.rows[0]).toMatchObject({ code: 'SKU-1', count: 2 });
    expect(list.rows).toHaveLength(SCAN_ROWS_KEPT);
    expect(list.full).toBe(false);
    // what the page says when it is full
    const { wrapper } = await mountWith(ScanListView, scriptedClient({ 'scans.get': () => ({ rows: [], location: null, savedAt: null }) }));
    useScanListStore().full = true;
    await flushPromises();
    expect(wrapper.get('[data-testid=scans-full]').text()).toBe('The list is full (5,000 rows): download it, then clear it to go on.');
    wrapper.unmount();
  });
});

describe('a count where the stock is not held whole', () => {
  it('shows no on hand and no flag: the mirror does not know what is there', async () => {
    // the core's answer for a facility still loading: its summary covers nothing, so no item's on hand comes with it
    const loading = (locationId: string): InventoryAnswer => summarised({ ...stock(locationId), summary: undefined, stock: [{ facilityId: 'F1', facilityName: 'Main', state: 'loading', datasetKey: 'inventory@facility:F1', error: null }] });
    const { wrapper } = await mountWith(ScanListView, client(loading));
    const list = useScanListStore();
    for (const code of ['L0302C4', 'SKU-1']) await list.add(code);
    await flushPromises();
    expect(list.rows.map((r) => [r.code, r.onHandHere])).toEqual([['SKU-1', null], ['L0302C4', null]]);
    expect(wrapper.find('[data-testid=scan-not-here]').exists()).toBe(false);
    // the item's row says why it has no figure, rather than stay blank
    expect(wrapper.findAll('[data-testid=scan-stock-not-here]').map((w) => w.text())).toEqual(["no figure: this location's stock is not on this workstation"]);
    wrapper.unmount();
  });
});

describe('the scan list as a CSV file', () => {
  it('keeps a scanned UPC whole in a spreadsheet and writes the time of day with its offset', () => {
    const row: ScanRow = { key: 'k', code: '036000291452', kind: 'item', hit: { kind: 'item', list: 'items', id: 'i1', code: '036000291452', title: 'Tape', facility: null }, location: null, count: 1, onHandHere: null, matches: 1, at: '2026-11-21T06:00:00Z' };
    const [, line] = scanListCsv([row]).split('\r\n');
    expect(line).toMatch(/^,,"=""036000291452""",item,"=""036000291452""",Tape,1,,2026-11-21 \d\d:\d\d:00 [+-]\d\d:\d\d$/);
  });
});
