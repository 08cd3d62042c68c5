// Loads what an item or location page shows: the record, its inventory and its history, all from
// the mirror. A page never shows the previous record's data while the next one loads.
import { computed, ref, watch } from 'vue';
import { useRoute } from 'vue-router';
import type { ContractError } from '@contract/errors.ts';
import type { HistoryAnswer, InventoryAnswer, RecordDetail } from '@contract/types.ts';
import { useClient } from '../../shared/api/client.ts';
import { useRecentStore } from '../search/recent-store.ts';
import { useSyncStore } from '../sync/sync-store.ts';

export function useRecordPage(kind: 'item' | 'location') {
  const route = useRoute();
  const record = ref<RecordDetail | null>(null);
  const inventory = ref<InventoryAnswer | null>(null);
  const history = ref<HistoryAnswer | null>(null);
  const error = ref<ContractError | null>(null);
  const loaded = ref(false);
  const id = computed(() => String(route.params.id ?? ''));
  const list = computed(() => String(route.query.list ?? (kind === 'item' ? 'items' : 'locations')));
  let sequence = 0;

  async function load(): Promise<void> {
    const mine = ++sequence;
    const client = useClient();
    const [r, inv, hist] = await Promise.all([
      client.call('records.get', { list: list.value, id: id.value }),
      kind === 'item' ? client.call('inventory.byItem', { itemId: id.value }) : client.call('inventory.byLocation', { locationId: id.value }),
      client.call('history.query', kind === 'item' ? { itemId: id.value, limit: 200 } : { locationId: id.value, limit: 200 }),
    ]);
    if (mine !== sequence) return;
    record.value = r.ok ? r.value : null;
    inventory.value = inv.ok ? inv.value : null;
    history.value = hist.ok ? hist.value : null;
    error.value = r.ok ? null : r.error;
    loaded.value = true;
    if (r.ok) void useRecentStore().opened(list.value, id.value);
  }

  // A round that finished may have brought this page's stock (the first sync, a facility now kept).
  const sync = useSyncStore();
  watch(
    () => sync.status?.lastRoundFinishedAt,
    (finished, before) => {
      if (finished && finished !== before && loaded.value) void load();
    },
  );

  watch([id, list], () => void load(), { immediate: true });
  return { id, list, record, inventory, history, error, loaded, reload: load };
}
