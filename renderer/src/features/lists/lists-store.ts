// The catalog of lists and each user's columns per list: which, in what order, how wide (kept in
// settings by main).
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ContractError } from '@contract/errors.ts';
import type { ListInfo } from '@contract/types.ts';
import { useClient } from '../../shared/api/client.ts';
import { clampWidth } from '../../shared/table/column-width.ts';
import { useSessionStore } from '../session/session-store.ts';
import { useSettingsStore } from '../settings/settings-store.ts';

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

  /** Signed out: the lists of that session's data leave the window; the next sign-in reads them again. */
  function forget(): void {
    catalog.value = null;
    error.value = null;
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

  /** The widths the user set for a list's columns (pixels at 100 %), by column. */
  function columnWidths(list: string): Record<string, number> {
    return useSettingsStore().settings?.columnWidths[columnsKey(list)] ?? {};
  }

  /** Sets one column's width, within the bounds of a readable column. */
  async function setColumnWidth(list: string, column: string, width: number): Promise<void> {
    const settings = useSettingsStore();
    const widths = { ...columnWidths(list), [column]: clampWidth(width) };
    await settings.save({ columnWidths: { ...(settings.settings?.columnWidths ?? {}), [columnsKey(list)]: widths } });
  }

  async function resetColumnWidths(list: string): Promise<void> {
    const settings = useSettingsStore();
    const all = { ...(settings.settings?.columnWidths ?? {}) };
    delete all[columnsKey(list)];
    await settings.save({ columnWidths: all });
  }

  return { catalog, error, loadCatalog, forget, info, chosenColumns, chooseColumns, columnWidths, setColumnWidth, resetColumnWidths };
});
