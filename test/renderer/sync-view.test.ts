import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import type { Connectivity, DatasetStatus, Notice, SyncStatus } from '../../electron/contract/types.ts';
import StatusBanner from '../../renderer/src/features/sync/StatusBanner.vue';
import StatusIndicator from '../../renderer/src/features/sync/StatusIndicator.vue';
import { SIGNED_OUT, useSessionStore } from '../../renderer/src/features/session/session-store.ts';
import { useSyncStore } from '../../renderer/src/features/sync/sync-store.ts';
import SyncView from '../../renderer/src/features/sync/SyncView.vue';
import { mountWith, scriptedClient, withSyncSummary } from './support.ts';

const NOW = new Date().toISOString();

function dataset(partial: Partial<DatasetStatus>): DatasetStatus {
  return {
    key: 'items', list: 'items', label: 'Items', scope: { kind: 'global', id: null, name: null }, lastSuccessAt: NOW, lastAttemptAt: NOW, etag: null,
    rows: 1000, lastError: null, stale: false, staleAfterMinutes: 60, fullCheckAt: null, held: null, syncing: false, ...partial,
  };
}

function status(datasets: DatasetStatus[], running = false): SyncStatus {
  return withSyncSummary({ preparing: false, running, lastRoundStartedAt: NOW, lastRoundFinishedAt: NOW, nextRoundAt: null, datasets });
}

describe('the sync panel', () => {
  it('shows each dataset; a progress bar while syncing; errors in words, and offline not as an error', async () => {
    const client = scriptedClient({
      'sync.status': () => status([
        dataset({ syncing: true }),
        dataset({ key: 'locations:F1', list: 'locations', label: 'Locations', scope: { kind: 'facility', id: 'F1', name: 'Madrid' }, lastError: { code: 'server_error', message: 'HTTP 500' }, stale: true }),
        dataset({ key: 'users', list: 'users', label: 'Users', lastError: { code: 'offline', message: 'ECONNREFUSED' } }),
      ], true),
      'connectivity.get': () => ({ state: 'online', since: NOW, lastCheckedAt: NOW }),
    });
    const { wrapper } = await mountWith(SyncView, client);
    client.emit('sync.progress', { key: 'items', list: 'items', scopeId: null, phase: 'downloading', rows: 250, bytes: 9000, expectedRows: 1000, error: null });
    await flushPromises();
    const rows = wrapper.findAll('[data-testid=dataset-row]');
    expect(rows).toHaveLength(3);
    const bar = rows[0]!.get('progress').element as HTMLProgressElement;
    expect(Number(bar.getAttribute('value'))).toBeCloseTo(0.25);
    expect(rows[0]!.text()).toContain('250 of 1,000 rows');
    expect(rows[1]!.text()).toContain('Madrid');
    expect(rows[1]!.get('[data-testid=dataset-error]').text()).toBe('The server had a problem. Try again shortly.');
    expect(rows[1]!.get('[data-testid=dataset-error]').classes()).toContain('bad');
    expect(rows[2]!.get('[data-testid=dataset-error]').text()).toBe('Not updated: the server was out of reach');
    expect(rows[2]!.get('[data-testid=dataset-error]').classes()).not.toContain('bad');
    expect(rows[1]!.get('[data-testid=data-age]').classes()).toContain('stale');
    wrapper.unmount();
  });

  it('asks before applying a held mass deletion, and applies it only when confirmed', async () => {
    const held = dataset({ held: { currentRows: 1000, incomingRows: 10, wouldDelete: 990, receivedAt: NOW } });
    const client = scriptedClient({ 'sync.status': () => status([held]), 'sync.confirmHeld': () => dataset({ rows: 10 }) });
    const { wrapper } = await mountWith(SyncView, client);
    expect(wrapper.get('[data-testid=dataset-held]').text()).toContain('990 of 1,000');
    await wrapper.get('[data-testid=held-confirm]').trigger('click');
    await flushPromises();
    expect(client.calls.find((c) => c.method === 'sync.confirmHeld')?.args).toEqual({ key: 'items' });
    expect(wrapper.find('[data-testid=dataset-held]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('says when a stock read in part between whole checks was last checked whole, and nothing of the kind for other data', async () => {
    // times of today, whenever the test runs: the sync page shows them as a time of day
    const at = (h: number, m: number, s: number) => new Date(new Date().setHours(h, m, s, 0)).toISOString();
    const stock = (id: string, fullCheckAt: string) =>
      dataset({ key: `inventory@facility:${id}`, list: 'inventory', label: 'Inventory', scope: { kind: 'facility', id, name: id }, lastSuccessAt: at(10, 30, 40), fullCheckAt });
    const client = scriptedClient({ 'sync.status': () => status([stock('F1', at(9, 50, 5)), stock('F2', at(10, 30, 10)), stock('F3', at(10, 30, 40)), dataset({})]) });
    const { wrapper } = await mountWith(SyncView, client);
    const rows = wrapper.findAll('[data-testid=dataset-row]');
    const whole = rows[0]!.get('[data-testid=dataset-whole-checked]');
    expect(whole.text()).toMatch(/^Whole stock checked 0?9:50/);
    expect(whole.attributes('title')).toContain('allocations');
    // read whole in the minute of its last sync, or at it, or not a stock: nothing more to say
    for (const row of rows.slice(1)) expect(row.find('[data-testid=dataset-whole-checked]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('says the offline data is being prepared for this version, not that there is none, until it opens', async () => {
    const client = scriptedClient({ 'sync.status': () => ({ ...status([]), preparing: true }) });
    const { wrapper } = await mountWith(SyncView, client);
    expect(wrapper.get('[data-testid=sync-preparing]').text()).toBe('Preparing the offline data for this version of Aisle…');
    expect(wrapper.text()).not.toContain('Nothing is kept offline yet');
    client.emit('sync.status', status([dataset({})]));
    await flushPromises();
    expect(wrapper.find('[data-testid=sync-preparing]').exists()).toBe(false);
    expect(wrapper.findAll('[data-testid=dataset-row]')).toHaveLength(1);
    wrapper.unmount();
  });

  it("says why there is no offline data when the file cannot be opened, and does not ask for a sign-in", async () => {
    const client = scriptedClient({ 'sync.status': () => ({ ...status([]), notice: { code: 'mirror_newer', version: 16, known: 15 } }) });
    const { wrapper } = await mountWith(SyncView, client);
    expect(wrapper.get('[data-testid=sync-notice]').text()).toBe('The offline data file was written by a newer Aisle (schema 16, this one knows 15). Update Aisle.');
    expect(wrapper.find('[data-testid=sync-none]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=datasets]').exists()).toBe(false);
    client.emit('sync.status', status([]));
    await flushPromises();
    expect(wrapper.get('[data-testid=sync-none]').text()).toBe('Nothing is kept offline yet. Sign in online to sync.');
    wrapper.unmount();
  });

  it("says in words what the last round kept or removed of an account or facility the server no longer lists", async () => {
    const kept = 'Account Globex is no longer on the server\'s list: its items stay on this workstation until the next complete sync confirms it is gone.';
    const notice: Notice = { code: 'scope_kept', scope: 'account', name: 'Globex', lists: [{ list: 'items', label: 'Items' }] };
    const client = scriptedClient({ 'sync.status': () => ({ ...status([dataset({})]), notices: [notice] }) });
    const { wrapper } = await mountWith(SyncView, client);
    expect(wrapper.findAll('[data-testid=sync-round-notice]').map((n) => n.text())).toEqual([kept]);
    client.emit('sync.status', { ...status([dataset({})]), notices: [] });
    await flushPromises();
    expect(wrapper.find('[data-testid=sync-round-notice]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('words the mirror\'s and the round\'s notices in Spanish on a Spanish screen, the lists by their Spanish names', async () => {
    const client = scriptedClient({
      'sync.status': () => ({
        ...status([dataset({})]),
        notice: { code: 'disk_full' },
        notices: [{ code: 'scope_removed', scope: 'facility', name: 'Reno DC', lists: [{ list: 'inventory', label: 'Inventory' }, { list: 'locations', label: 'Locations' }] }],
      }),
    });
    const { wrapper } = await mountWith(SyncView, client, { locale: 'es' });
    expect(wrapper.get('[data-testid=sync-notice]').text()).toMatch(/^El disco está lleno: /);
    expect(wrapper.findAll('[data-testid=sync-round-notice]').map((n) => n.text())).toEqual([
      'El almacén Reno DC ya no está en el servidor: sus existencias y ubicaciones se han quitado de este puesto.',
    ]);
    wrapper.unmount();
  });

  it("words a dataset's error that carries its fact in Spanish, in the problems and in its row, with no English beside it", async () => {
    const notice: Notice = { code: 'disk_space_short', list: { list: 'inventory', label: 'Inventory' }, scopeName: 'Reno DC', folder: '/datos', free: 10 * 1024 * 1024, needed: 200 * 1024 * 1024, datasetBytes: 68 * 1024 * 1024, spare: 64 * 1024 * 1024 };
    const message = 'Inventory of Reno DC was not updated: the disk holding the offline data (/datos) has 10 MB free.';
    const client = scriptedClient({ 'sync.status': () => status([dataset({ key: 'inventory@facility:F1', list: 'inventory', label: 'Inventory', lastError: { code: 'mirror_error', message, notice } })]) });
    const { wrapper } = await mountWith(SyncView, client, { locale: 'es' });
    const spanish = 'Existencias de Reno DC no se actualizó: el disco de los datos sin conexión (/datos) tiene 10 MB libres y actualizarlos necesita unos 200 MB (el doble de sus 68 MB más 64 MB de margen). Se conservan los últimos datos buenos; libere espacio en el disco.';
    expect(wrapper.get('[data-testid=dataset-error]').text()).toBe(spanish);
    expect(wrapper.text()).toContain(spanish);
    expect(wrapper.text()).not.toMatch(/was not updated|offline data|Inventory/);
    wrapper.unmount();
  });

  it('syncs on demand', async () => {
    const client = scriptedClient({ 'sync.status': () => status([dataset({})]), 'sync.now': () => ({ started: true }) });
    const { wrapper } = await mountWith(SyncView, client);
    await wrapper.get('[data-testid=sync-now]').trigger('click');
    await flushPromises();
    expect(client.calls.some((c) => c.method === 'sync.now')).toBe(true);
    wrapper.unmount();
  });
});

describe('the status indicator and banner', () => {
  const Both = defineComponent({ render: () => [h(StatusIndicator), h(StatusBanner)] });

  it('follow connectivity and session events; offline is a neutral banner quoting the data age', async () => {
    const client = scriptedClient({ 'sync.status': () => status([dataset({})]), 'connectivity.get': () => ({ state: 'online', since: NOW, lastCheckedAt: NOW }) });
    const { wrapper } = await mountWith(Both, client);
    const session = useSessionStore();
    session.view = { ...SIGNED_OUT, state: 'signed-in' };
    const sync = useSyncStore();
    sync.subscribe();
    await sync.load();
    await flushPromises();
    const indicator = () => wrapper.get('[data-testid=status-indicator]');
    expect(indicator().attributes('data-state')).toBe('online');
    expect(wrapper.get('[data-testid=status-banner]').text()).toBe('');

    client.emit('connectivity.changed', { state: 'offline', since: NOW, lastCheckedAt: NOW });
    await flushPromises();
    expect(indicator().attributes('data-state')).toBe('offline');
    expect(indicator().text()).toContain('Offline');
    expect(wrapper.get('[data-testid=status-banner]').text()).toMatch(/^Offline — showing data as of /);
    expect(wrapper.get('[data-testid=status-banner]').text()).not.toContain('via site relay');
    expect(wrapper.get('[data-testid=status-banner]').classes()).not.toContain('error');
    // a mirror of a site relay: the age quoted is the relay's reading, said as such
    client.emit('sync.status', status([dataset({ viaRelay: true })]));
    await flushPromises();
    expect(wrapper.get('[data-testid=status-banner]').text()).toMatch(/^Offline — showing data as of .* via site relay$/);

    client.emit('connectivity.changed', { state: 'online', since: NOW, lastCheckedAt: NOW });
    client.emit('sync.status', status([dataset({ syncing: true })], true));
    await flushPromises();
    expect(indicator().attributes('data-state')).toBe('syncing');

    session.view = { ...session.view, state: 'expired' };
    await flushPromises();
    expect(indicator().text()).toContain('Session expired');
    expect(wrapper.get('[data-testid=status-banner]').text()).toContain('Sign in again');
    wrapper.unmount();
  });

  it('keep what an event said over a load answered before it and arriving after it', async () => {
    // The browser host answers over its WebSocket and sends events as server-sent events: a status
    // read while a round ran can arrive after the event saying the round ended.
    const statusAnswers: ((s: SyncStatus) => void)[] = [];
    const connectivityAnswers: ((c: Connectivity) => void)[] = [];
    const client = scriptedClient({
      'sync.status': () => new Promise<SyncStatus>((resolve) => statusAnswers.push(resolve)),
      'connectivity.get': () => new Promise<Connectivity>((resolve) => connectivityAnswers.push(resolve)),
    });
    const { wrapper } = await mountWith(Both, client);
    useSessionStore().view = { ...SIGNED_OUT, state: 'signed-in' };
    const sync = useSyncStore();
    sync.subscribe();
    const indicator = () => wrapper.get('[data-testid=status-indicator]').attributes('data-state');

    const raced = sync.load();
    await flushPromises();
    client.emit('connectivity.changed', { state: 'online', since: NOW, lastCheckedAt: NOW });
    client.emit('sync.status', status([dataset({})], false));
    connectivityAnswers[0]!({ state: 'offline', since: NOW, lastCheckedAt: NOW });
    statusAnswers[0]!(status([dataset({ syncing: true })], true));
    await raced;
    await flushPromises();
    expect(indicator()).toBe('online');
    expect(sync.status?.running).toBe(false);

    // With no event while it is out, a load's answer is the news.
    const quiet = sync.load();
    await flushPromises();
    connectivityAnswers[1]!({ state: 'online', since: NOW, lastCheckedAt: NOW });
    statusAnswers[1]!(status([dataset({ syncing: true })], true));
    await quiet;
    await flushPromises();
    expect(indicator()).toBe('syncing');
    wrapper.unmount();
  });
});

