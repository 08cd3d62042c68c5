// One module loads and forgets every store: on opening, on sign-in, on lock and unlock, on sign-out.
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListInfo, RecentRecord, SessionView } from '../../electron/contract/types.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { setClient } from '../../renderer/src/shared/api/client.ts';
import { useListsStore } from '../../renderer/src/features/lists/lists-store.ts';
import { useScanListStore } from '../../renderer/src/features/scanner/scan-list-store.ts';
import { useRecentStore } from '../../renderer/src/features/search/recent-store.ts';
import { useSearchStore } from '../../renderer/src/features/search/search-store.ts';
import { SIGNED_OUT } from '../../renderer/src/features/session/session-store.ts';
import { useStoreLifecycle, type StoreLifecycle } from '../../renderer/src/store-lifecycle.ts';
import { ANA, FRESH, NO_SYNC, scriptedClient } from './support.ts';

const OPENED: RecentRecord = { kind: 'item', list: 'items', id: 'i1', code: 'SKU-1', title: 'Blue widget', age: FRESH, openedAt: new Date().toISOString() };
const CATALOG = [{ list: 'items', label: 'Items' }] as unknown as ListInfo[];
const SCAN_ROW = { key: 'k1', code: 'SKU-1', kind: 'item' as const, hit: null, location: null, count: 2, onHandHere: null, matches: 1, at: new Date().toISOString() };

let lifecycle: StoreLifecycle | null = null;
afterEach(() => {
  lifecycle?.stop();
  lifecycle = null;
});

async function started(start: SessionView) {
  const client = scriptedClient({
    'session.current': () => start,
    'settings.get': () => DEFAULT_SETTINGS,
    'kiosk.status': () => ({ enabled: false, canExit: true, server: null }),
    'sync.status': () => NO_SYNC,
    'lists.catalog': () => CATALOG,
    'scans.get': () => ({ rows: [SCAN_ROW], location: null, savedAt: new Date().toISOString() }),
    'recent.list': () => [OPENED],
    'search.query': ({ q }) => ({ query: q, scan: { kind: 'plain', text: q }, hits: [], tookMs: 0 }),
  });
  setClient(client);
  setActivePinia(createPinia());
  const signedOut: string[] = [];
  lifecycle = useStoreLifecycle(() => void signedOut.push('sign-in'));
  await lifecycle.start();
  await flushPromises();
  return { client, signedOut, view: (next: SessionView) => client.emit('session.changed', next) };
}

/** What a user leaves on screen: a search typed, records opened lately. */
async function useTheWindow(): Promise<void> {
  await useSearchStore().run('SKU');
  await useRecentStore().load();
}

describe('the stores\' lifecycle', () => {
  it('opening on a session loads its sync state, lists and scan list', async () => {
    const { client } = await started(ANA);
    const asked = client.calls.map((c) => c.method);
    for (const method of ['settings.get', 'session.current', 'sync.status', 'lists.catalog', 'scans.get']) expect(asked).toContain(method);
    expect(useListsStore().catalog).toEqual(CATALOG);
    expect(useScanListStore().rows).toHaveLength(1);
  });

  it('opening signed out loads no session data', async () => {
    const { client } = await started(SIGNED_OUT);
    expect(client.calls.map((c) => c.method)).not.toContain('lists.catalog');
    expect(client.calls.map((c) => c.method)).not.toContain('scans.get');
  });

  it('a lock forgets what was searched and opened, keeps the scan list, and opening again loads the session again', async () => {
    const { client, view, signedOut } = await started(ANA);
    await useTheWindow();
    expect(useSearchStore().query).toBe('SKU');
    expect(useRecentStore().records).toHaveLength(1);
    view({ ...ANA, locked: true });
    await flushPromises();
    expect(useSearchStore().query).toBe('');
    expect(useSearchStore().result).toBeNull();
    expect(useRecentStore().records).toEqual([]);
    expect(useScanListStore().rows).toHaveLength(1);
    expect(useListsStore().catalog).toEqual(CATALOG);
    const before = client.calls.filter((c) => c.method === 'lists.catalog').length;
    view({ ...ANA, locked: false });
    await flushPromises();
    expect(client.calls.filter((c) => c.method === 'lists.catalog').length).toBe(before + 1);
    expect(signedOut).toEqual([]);
  });

  it('a sign-out forgets every store of that user\'s and shows the sign-in once', async () => {
    const { view, signedOut } = await started(ANA);
    await useTheWindow();
    view(SIGNED_OUT);
    await flushPromises();
    expect(useSearchStore().query).toBe('');
    expect(useRecentStore().records).toEqual([]);
    expect(useScanListStore().rows).toEqual([]);
    expect(useListsStore().catalog).toBeNull();
    expect(signedOut).toEqual(['sign-in']);
  });

  it('a sign-in loads the new session\'s data', async () => {
    const { client, view } = await started(SIGNED_OUT);
    view(ANA);
    await flushPromises();
    expect(client.calls.map((c) => c.method)).toContain('lists.catalog');
    expect(useListsStore().catalog).toEqual(CATALOG);
    expect(useScanListStore().rows).toHaveLength(1);
  });
});
