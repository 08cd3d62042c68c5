// Connectivity and sync, as main reports them: the status indicator and the sync panel read this.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ContractError } from '@contract/errors.ts';
import type { Connectivity, DatasetStatus, SyncProgress, SyncStatus } from '@contract/types.ts';
import { useClient } from '../../shared/api/client.ts';
import { useSessionStore } from '../session/session-store.ts';

export type Indicator = 'online' | 'offline' | 'syncing' | 'expired' | 'signed-out' | 'unknown';

export const useSyncStore = defineStore('sync', () => {
  const connectivity = ref<Connectivity | null>(null);
  const status = ref<SyncStatus | null>(null);
  const progress = ref<Record<string, SyncProgress>>({});
  const error = ref<ContractError | null>(null);
  const unsubscribers: (() => void)[] = [];
  // Answers and events come by different channels in the browser host (WebSocket or POST, and
  // server-sent events), so an answer can arrive after an event newer than it. Every change is also
  // sent as an event: once one has arrived while a load was out, the events alone keep the store
  // current, and the load's answer, possibly older, is dropped.
  let connectivityEvents = 0;
  let statusEvents = 0;

  const indicator = computed<Indicator>(() => {
    const session = useSessionStore().view.state;
    if (session === 'signed-out') return 'signed-out';
    if (session === 'expired') return 'expired';
    const net = connectivity.value?.state;
    if (net === 'offline' || net === 'refused' || session === 'offline') return 'offline';
    if (status.value?.running) return 'syncing';
    if (net === 'online') return 'online';
    return 'unknown';
  });

  /** When the newest data in the mirror was synced (the core's summary): what the offline banner quotes. */
  const newestSyncAt = computed(() => status.value?.summary.lastDataAt ?? null);

  /** Whether a round has ever finished: before it, what is not in the mirror may still be coming. */
  const firstSyncDone = computed(() => Boolean(status.value?.lastRoundFinishedAt));

  /**
   * How far a dataset's reading has got (0..1): its rows against the previous snapshot's when known,
   * else the share of the round's datasets read (a first reading has no previous count). Null when
   * nothing is known.
   */
  function share(key: string | null): number | null {
    const p = key ? progress.value[key] : undefined;
    if (p && p.expectedRows) return Math.min(1, p.rows / p.expectedRows);
    const datasets = status.value?.datasets ?? [];
    if (datasets.length === 0) return null;
    return datasets.filter((d) => d.lastSuccessAt !== null).length / datasets.length;
  }

  async function load(): Promise<void> {
    const client = useClient();
    const before = { connectivity: connectivityEvents, status: statusEvents };
    const [c, s] = await Promise.all([client.call('connectivity.get'), client.call('sync.status')]);
    if (c.ok && connectivityEvents === before.connectivity) connectivity.value = c.value;
    if (s.ok && statusEvents === before.status) status.value = s.value;
  }

  function subscribe(): void {
    if (unsubscribers.length) return;
    const client = useClient();
    unsubscribers.push(
      client.on('connectivity.changed', (next) => {
        connectivityEvents++;
        connectivity.value = next;
      }),
      client.on('sync.status', (next) => {
        statusEvents++;
        status.value = next;
      }),
      client.on('sync.progress', (next) => {
        progress.value = { ...progress.value, [next.key]: next };
      }),
    );
  }

  function stop(): void {
    for (const off of unsubscribers.splice(0)) off();
  }

  async function syncNow(): Promise<void> {
    const result = await useClient().call('sync.now');
    error.value = result.ok ? null : result.error;
    if (result.ok) await load();
  }

  function replaceDataset(next: DatasetStatus): void {
    if (!status.value) return;
    status.value = { ...status.value, datasets: status.value.datasets.map((d) => (d.key === next.key ? next : d)) };
  }

  async function resolveHeld(key: string, apply: boolean): Promise<void> {
    const result = await useClient().call(apply ? 'sync.confirmHeld' : 'sync.discardHeld', { key });
    error.value = result.ok ? null : result.error;
    if (result.ok) replaceDataset(result.value);
  }

  return { connectivity, status, progress, error, indicator, newestSyncAt, firstSyncDone, share, load, subscribe, stop, syncNow, resolveHeld };
});
