// The state of the data in one line a worker reads: on the home screen "Loading stock… 60%",
// "Up to date · 10:43", "Offline — can't sync since 09:12", never a count of data sets; the sync
// page puts problems first, says why "Sync now" is disabled, and promises no next sync offline.
import { flushPromises } from '@vue/test-utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Connectivity, DatasetStatus, SyncStatus } from '../../electron/contract/types.ts';
import { useSessionStore } from '../../renderer/src/features/session/session-store.ts';
import { useSyncStore } from '../../renderer/src/features/sync/sync-store.ts';
import HomeView from '../../renderer/src/features/search/HomeView.vue';
import SyncView from '../../renderer/src/features/sync/SyncView.vue';
import { summarizeSync } from '../../electron/core/sync/sync-status.ts';
import { mirrorSummary } from '../../electron/hosts/cli/commands/status-format.ts';
import { ANA, mountWith, scriptedClient, withSyncSummary } from './support.ts';

// The line names a time of day, and a date as well when the oldest list is from another day: the
// clock stands at midday so that "forty minutes ago" is today whenever the suite runs.
const AT = new Date(new Date().setHours(12, 0, 0, 0));
const EARLIER = new Date(AT.getTime() - 40 * 60_000);
const YESTERDAY = new Date(AT.getTime() - 24 * 3_600_000);
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(AT);
});
afterAll(() => vi.useRealTimers());
const hhmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(d);

function dataset(key: string, partial: Partial<DatasetStatus> = {}): DatasetStatus {
  return {
    key, list: key, label: key, scope: { kind: 'global', id: null, name: null }, lastSuccessAt: AT.toISOString(), lastAttemptAt: AT.toISOString(), etag: null,
    rows: 10, lastError: null, stale: false, staleAfterMinutes: 60, fullCheckAt: null, held: null, syncing: false, ...partial,
  };
}

const status = (partial: Partial<SyncStatus>): SyncStatus => withSyncSummary({ preparing: false, running: false, lastRoundStartedAt: AT.toISOString(), lastRoundFinishedAt: AT.toISOString(), nextRoundAt: null, datasets: [], ...partial });
const net = (state: Connectivity['state']): Connectivity => ({ state, since: AT.toISOString(), lastCheckedAt: AT.toISOString() });

async function mount(component: typeof HomeView, s: SyncStatus, connectivity: Connectivity) {
  const client = scriptedClient({ 'sync.status': () => s, 'connectivity.get': () => connectivity, 'recent.list': () => [], 'session.current': () => ANA });
  const mounted = await mountWith(component, client);
  useSessionStore(mounted.pinia).view = ANA;
  await useSyncStore(mounted.pinia).load();
  await flushPromises();
  return mounted.wrapper;
}

describe('the home screen says in one line how current the data is', () => {
  it('during the first sync: how far the stock has loaded', async () => {
    const datasets = ['a', 'b', 'c', 'd', 'e'].map((k, i) => dataset(k, { lastSuccessAt: i < 3 ? AT.toISOString() : null }));
    const wrapper = await mount(HomeView, status({ running: true, lastRoundFinishedAt: null, datasets }), net('online'));
    expect(wrapper.get('[data-testid=home-sync-line]').text()).toBe('Loading stock… 60%');
    expect(wrapper.text()).not.toMatch(/data sets?/i);
    wrapper.unmount();
  });

  it('up to date, with the time of the oldest list', async () => {
    const wrapper = await mount(HomeView, status({ datasets: [dataset('a'), dataset('b', { lastSuccessAt: EARLIER.toISOString() })] }), net('online'));
    expect(wrapper.get('[data-testid=home-sync-line]').text()).toBe(`Up to date · ${hhmm(EARLIER)}`);
    wrapper.unmount();
  });

  it("a mirror of a site relay: dated as the relay's reading, and says so", async () => {
    const datasets = [dataset('a', { viaRelay: true }), dataset('b', { viaRelay: true, lastSuccessAt: EARLIER.toISOString() })];
    const wrapper = await mount(HomeView, status({ datasets }), net('online'));
    expect(wrapper.get('[data-testid=home-sync-line]').text()).toBe(`Up to date · as of ${hhmm(EARLIER)} via site relay`);
    wrapper.unmount();
    const failing = await mount(HomeView, status({ datasets: datasets.map((d) => ({ ...d, lastError: { code: 'server_error', message: 'x' } })) }), net('online'));
    expect(failing.get('[data-testid=home-sync-line]').text()).toBe(`Last sync failed — nothing new; data as of ${hhmm(AT)} via site relay`);
    failing.unmount();
  });

  it('up to date since another day: the date is named with the time', async () => {
    const wrapper = await mount(HomeView, status({ datasets: [dataset('a'), dataset('b', { lastSuccessAt: YESTERDAY.toISOString() })] }), net('online'));
    const dayAndTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(YESTERDAY);
    expect(wrapper.get('[data-testid=home-sync-line]').text()).toBe(`Up to date · ${dayAndTime}`);
    wrapper.unmount();
  });

  it('offline: since when it cannot sync', async () => {
    const wrapper = await mount(HomeView, status({ datasets: [dataset('a'), dataset('b', { lastSuccessAt: EARLIER.toISOString() })] }), net('offline'));
    expect(wrapper.get('[data-testid=home-sync-line]').text()).toBe(`Offline — can't sync since ${hhmm(AT)}`);
    wrapper.unmount();
  });

  it("shows the core's count, the number `aisle status` prints from the same summary", async () => {
    // a sync refused before any list: one cause to act on, though no list holds an error
    const datasets = [dataset('a', { lastSuccessAt: EARLIER.toISOString(), lastAttemptAt: EARLIER.toISOString() })];
    const failedBefore = { at: AT.toISOString(), code: 'unauthorized', message: 'HTTP 401' };
    const s = status({ datasets, summary: summarizeSync(datasets, failedBefore) });
    const wrapper = await mount(HomeView, s, net('online'));
    expect(wrapper.get('[data-testid=home-sync-problems]').text()).toBe('1 problem — see the sync page');
    expect(mirrorSummary({ server: 'https://wh.example.com', email: 'ana@example.com', licenseId: 'l' }, datasets, AT, failedBefore)).toMatch(/ · 1 problem$/);
    wrapper.unmount();
  });

  it('counts the problems waiting on the sync page', async () => {
    const wrapper = await mount(HomeView, status({ datasets: [dataset('a', { lastError: { code: 'server_error', message: 'HTTP 500' } }), dataset('b', { lastError: { code: 'offline', message: 'x' } })] }), net('online'));
    expect(wrapper.get('[data-testid=home-sync-problems]').text()).toBe('1 problem — see the sync page');
    wrapper.unmount();
  });
});

describe('the sync page', () => {
  it('offline: says why Sync now is disabled and shows no next sync', async () => {
    const wrapper = await mount(SyncView, status({ nextRoundAt: new Date(AT.getTime() + 4 * 60_000).toISOString(), datasets: [dataset('a')] }), net('offline'));
    expect(wrapper.get('[data-testid=sync-now]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid=sync-why]').text()).toBe("The server can't be reached from this workstation.");
    expect(wrapper.find('[data-testid=sync-next]').exists()).toBe(false);
    expect(wrapper.text()).not.toContain('Next sync');
    wrapper.unmount();
  });

  it('online: the next sync is shown, and nothing says why Sync now is disabled', async () => {
    const wrapper = await mount(SyncView, status({ nextRoundAt: new Date(AT.getTime() + 4 * 60_000).toISOString(), datasets: [dataset('a')] }), net('online'));
    expect(wrapper.get('[data-testid=sync-now]').attributes('disabled')).toBeUndefined();
    expect(wrapper.find('[data-testid=sync-why]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=sync-next]').text()).toMatch(/^Next sync in/);
    wrapper.unmount();
  });

  it('puts problems first, in words, before the table', async () => {
    const datasets = [dataset('items'), dataset('locations', { label: 'Locations', scope: { kind: 'facility', id: 'F1', name: 'Madrid' }, lastError: { code: 'server_error', message: 'HTTP 500' } })];
    const wrapper = await mount(SyncView, status({ datasets }), net('online'));
    const problems = wrapper.get('[data-testid=sync-problems]');
    expect(problems.findAll('[data-testid=sync-problem] b').map((p) => p.text())).toEqual(['The server had a problem. Try again shortly.']);
    expect(problems.findAll('[data-testid=sync-problem-lists]').map((p) => p.text())).toEqual(['Locations · Madrid']);
    const html = wrapper.html();
    expect(html.indexOf('data-testid="sync-problems"')).toBeLessThan(html.indexOf('data-testid="datasets"'));
    wrapper.unmount();
  });

  it('groups the problems by cause, with the lists under each, and says offline once, not on every row', async () => {
    const unauthorized = { code: 'unauthorized', message: 'HTTP 401' };
    const datasets = [
      dataset('items', { label: 'Items', lastError: unauthorized }),
      dataset('locations', { label: 'Locations', scope: { kind: 'facility', id: 'F1', name: 'Madrid' }, lastError: unauthorized }),
      dataset('users', { label: 'Users', lastError: { code: 'server_error', message: 'HTTP 500' } }),
    ];
    const online = await mount(SyncView, status({ datasets }), net('online'));
    expect(online.findAll('[data-testid=sync-problem]').map((p) => p.attributes('data-code'))).toEqual(['unauthorized', 'server_error']);
    expect(online.findAll('[data-testid=sync-problem-lists]').map((p) => p.text())).toEqual(['Items and Locations · Madrid', 'Users']);
    online.unmount();
    const offlineSets = ['a', 'b', 'c'].map((k) => dataset(k, { lastError: { code: 'offline', message: 'ECONNREFUSED' } }));
    const offline = await mount(SyncView, status({ datasets: offlineSets }), net('offline'));
    expect(offline.find('[data-testid=sync-problems]').exists()).toBe(false);
    expect(offline.findAll('[data-testid=dataset-error]').map((e) => e.text())).toEqual(['—', '—', '—']);
    expect(offline.get('[data-testid=sync-line]').text()).toMatch(/^Offline — can't sync since/);
    offline.unmount();
  });

  it('says a round in which every list failed failed, and gives as last sync the last one that brought data', async () => {
    const failed = { code: 'unauthorized', message: 'HTTP 401' };
    const datasets = [dataset('a', { lastSuccessAt: EARLIER.toISOString(), lastError: failed }), dataset('b', { lastSuccessAt: EARLIER.toISOString(), lastError: failed })];
    const wrapper = await mount(SyncView, status({ datasets }), net('online'));
    const line = wrapper.get('[data-testid=sync-line]');
    expect(line.attributes('data-kind')).toBe('failed');
    expect(line.text()).toBe(`Last sync failed — nothing new; data as of ${hhmm(EARLIER)}`);
    expect(line.text()).not.toContain('Last sync now');
    wrapper.unmount();
  });

  it('is up to date only when nothing failed', async () => {
    const datasets = [dataset('a'), dataset('b', { lastError: { code: 'server_error', message: 'HTTP 500' } })];
    const wrapper = await mount(HomeView, status({ datasets }), net('online'));
    expect(wrapper.get('[data-testid=home-sync-line]').text()).toBe(`Not up to date — some lists failed; oldest data from ${hhmm(AT)}`);
    wrapper.unmount();
  });
});
