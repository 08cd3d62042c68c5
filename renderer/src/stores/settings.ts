// Settings as main keeps them; the renderer reads them once and writes patches back.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ContractError } from '../../../electron/contract/errors.ts';
import type { MethodArgs } from '../../../electron/contract/methods.ts';
import type { Settings } from '../../../electron/contract/types.ts';
import { useClient } from '../api/client.ts';

export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<Settings | null>(null);
  const error = ref<ContractError | null>(null);

  async function load(): Promise<void> {
    const result = await useClient().call('settings.get');
    if (result.ok) settings.value = result.value;
    else error.value = result.error;
  }

  async function save(patch: MethodArgs<'settings.set'>): Promise<boolean> {
    const result = await useClient().call('settings.set', patch);
    if (!result.ok) {
      error.value = result.error;
      return false;
    }
    settings.value = result.value;
    error.value = null;
    return true;
  }

  return {
    settings,
    error,
    load,
    save,
    theme: computed(() => settings.value?.theme ?? 'light'),
    floorMode: computed(() => settings.value?.floorMode ?? false),
    language: computed(() => settings.value?.language ?? 'auto'),
  };
});
