// The catalog of lists and each user's column choice per list (kept in settings by main).
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ContractError } from '../../../electron/contract/errors.ts';
import type { ListInfo } from '../../../electron/contract/types.ts';
import { useClient } from '../api/client.ts';
import { useSessionStore } from './session.ts';
import { useSettingsStore } from './settings.ts';

export const useListsStore = defineStore('lists', () => {
  const catalog = ref<ListInfo[] | null>(null);
  const error = ref<ContractError | null>(null);

  async function loadCatalog(): Promise<void> {
    const result = await useClient().call('lists.catalog');
    if (result.ok) {
      catalog.value = result.value;
      error.value = null;
    } else error.value = result.error;
  }

  function info(list: string): ListInfo | null {
    return catalog.value?.find((l) => l.list === list) ?? null;
  }

  function columnsKey(list: string): string {
    return `${useSessionStore().view.email ?? ''}|${list}`;
  }

  /** The user's chosen columns for a list, or null for "all". */
  function chosenColumns(list: string): string[] | null {
    const chosen = useSettingsStore().settings?.columns[columnsKey(list)];
    return chosen && chosen.length ? chosen : null;
  }

  async function chooseColumns(list: string, columns: string[]): Promise<void> {
    const settings = useSettingsStore();
    const all = { ...(settings.settings?.columns ?? {}), [columnsKey(list)]: columns };
    await settings.save({ columns: all });
  }

  return { catalog, error, loadCatalog, info, chosenColumns, chooseColumns };
});
