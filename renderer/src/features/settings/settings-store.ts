// Settings as main keeps them; the renderer writes patches back, and main tells every window of a
// change, whoever made it (another window, or another process writing the file).
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ContractError } from '@contract/errors.ts';
import type { MethodArgs } from '@contract/methods.ts';
import type { Language, Settings } from '@contract/types.ts';
import { useClient } from '../../shared/api/client.ts';
import { useSessionStore } from '../session/session-store.ts';

export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<Settings | null>(null);
  const error = ref<ContractError | null>(null);
  let unsubscribe: (() => void) | null = null;
  // As in the sync store: an answer can arrive after an event newer than it, so an answer is used
  // only if no event came while it was out.
  let events = 0;

  async function load(): Promise<void> {
    const before = events;
    const result = await useClient().call('settings.get');
    if (!result.ok) error.value = result.error;
    else if (events === before) settings.value = result.value;
  }

  async function save(patch: MethodArgs<'settings.set'>): Promise<boolean> {
    const before = events;
    const result = await useClient().call('settings.set', patch);
    if (!result.ok) {
      error.value = result.error;
      return false;
    }
    if (events === before) settings.value = result.value;
    error.value = null;
    return true;
  }

  /**
   * The language chosen: the signed-in user's own (kept by e-mail, so the next person at this
   * workstation keeps theirs), else the workstation's.
   */
  const language = computed<Language>(() => {
    const email = useSessionStore().view.email;
    return (email ? settings.value?.languages[email] : undefined) ?? settings.value?.language ?? 'auto';
  });

  /** Chooses the language: the signed-in user's own, or with nobody signed in the workstation's. */
  function chooseLanguage(choice: Language): Promise<boolean> {
    const email = useSessionStore().view.email;
    return email ? save({ languages: { ...(settings.value?.languages ?? {}), [email]: choice } }) : save({ language: choice });
  }

  function subscribe(): void {
    unsubscribe ??= useClient().on('settings.changed', (next) => {
      events++;
      settings.value = next;
    });
  }

  function stop(): void {
    unsubscribe?.();
    unsubscribe = null;
  }

  return {
    settings,
    error,
    load,
    save,
    subscribe,
    stop,
    theme: computed(() => settings.value?.theme ?? 'light'),
    floorMode: computed(() => settings.value?.floorMode ?? false),
    textSize: computed(() => settings.value?.textSize ?? 100),
    scanSound: computed(() => settings.value?.scanSound ?? true),
    language,
    chooseLanguage,
  };
});
