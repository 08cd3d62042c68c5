// Loads what an item or location page shows: the record, its inventory and its history, all from
// the mirror. A page never shows the previous record's data while the next one loads.
import { computed, ref, watch } from 'vue';
import { useRoute } from 'vue-router';
import type { ContractError } from '@contract/errors.ts';
import type { HistoryAnswer, InventoryAnswer, RecordDetail } from '@contract/types.ts';
import { useClient } from '../../shared/api/client.ts';
import { useRecentStore } from '../search/recent-store.ts';
import { useSyncStore } from '../sync/sync-store.ts';

export type StockKind = 'item' | 'location';

/**
 * What sets an item's page apart from a location's: the rest of the page is the same. What the
 * record is (its code, name, unit, key facts, references) comes by role in main's answer.
 */
export interface StockPageShape {
  /** The list a record of this kind comes from when the address names none. */
  list: 'items' | 'locations';
  /** Whether the record's name is shown beside its code, bigger than body text (an item's description). */
  showsName: boolean;
  /** What each stock row names: an item's stock is by location, a location's by item. */
  stockBy: 'location' | 'item';
  /** The i18n key of the stock section's title. */
  stockTitle: string;
  /** What each history row names besides this record. */
  historyShows: 'location' | 'item';
}

export const STOCK_PAGES: Record<StockKind, StockPageShape> = {
  item: { list: 'items', showsName: true, stockBy: 'location', stockTitle: 'inventory.byLocation', historyShows: 'location' },
  location: { list: 'locations', showsName: false, stockBy: 'item', stockTitle: 'inventory.contents', historyShows: 'item' },
};

/** `kind` is read each load: going from an item to a location keeps the same page component. */
export function useRecordPage(kindOf: () => StockKind) {
  const kind = computed(kindOf);
  const route = useRoute();
  const record = ref<RecordDetail | null>(null);
  const inventory = ref<InventoryAnswer | null>(null);
  const history = ref<HistoryAnswer | null>(null);
  const error = ref<ContractError | null>(null);
  const loaded = ref(false);
  const id = computed(() => String(route.params.id ?? ''));
  const list = computed(() => String(route.query.list ?? STOCK_PAGES[kind.value].list));
  /** The lot and serial a GS1 scan named (`?lot=`, `?serial=`): the core says whether this workstation's stock holds them. */
  const scanned = computed(() => {
    const lot = typeof route.query.lot === 'string' && route.query.lot !== '' ? route.query.lot : undefined;
    const serial = typeof route.query.serial === 'string' && route.query.serial !== '' ? route.query.serial : undefined;
    return lot || serial ? { lot, serial } : undefined;
  });
  let sequence = 0;

  async function load(): Promise<void> {
    const mine = ++sequence;
    const client = useClient();
    const [r, inv, hist] = await Promise.all([
      client.call('records.get', { list: list.value, id: id.value }),
      kind.value === 'item' ? client.call('inventory.byItem', { itemId: id.value, scanned: scanned.value }) : client.call('inventory.byLocation', { locationId: id.value }),
      client.call('history.query', kind.value === 'item' ? { itemId: id.value, limit: 200 } : { locationId: id.value, limit: 200 }),
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

  // From an item to a location, nothing of the item stays on the location's page while it loads.
  watch(kind, () => {
    record.value = null;
    inventory.value = null;
    history.value = null;
    error.value = null;
    loaded.value = false;
  });
  watch([kind, id, list, () => route.query.lot, () => route.query.serial], () => void load(), { immediate: true });
  return { id, list, record, inventory, history, error, loaded, reload: load };
}
