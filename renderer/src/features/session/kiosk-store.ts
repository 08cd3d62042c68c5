// Kiosk mode as main reports it (kiosk.json, set by IT): whether the exit is being asked for, and
// the answer to the exit password. Main closes the window itself once the password matches.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ContractError } from '@contract/errors.ts';
import type { KioskStatus } from '@contract/types.ts';
import { useClient } from '../../shared/api/client.ts';

export const useKioskStore = defineStore('kiosk', () => {
  const status = ref<KioskStatus | null>(null);
  /** The exit dialog is open. */
  const asking = ref(false);
  const busy = ref(false);
  /** The password matched: main is closing the window. */
  const leaving = ref(false);
  const error = ref<ContractError | null>(null);
  let unsubscribe: (() => void) | null = null;

  async function load(): Promise<void> {
    const result = await useClient().call('kiosk.status');
    // no answer (a failed call) is taken as no kiosk: nothing is shown
    status.value = result.ok ? result.value : null;
  }

  function ask(): void {
    if (!status.value?.enabled) return;
    error.value = null;
    asking.value = true;
  }

  function cancel(): void {
    if (busy.value || leaving.value) return;
    asking.value = false;
    error.value = null;
  }

  async function exit(password: string): Promise<boolean> {
    busy.value = true;
    error.value = null;
    try {
      const result = await useClient().call('kiosk.exit', { password });
      if (!result.ok) error.value = result.error;
      else leaving.value = true;
      return result.ok;
    } finally {
      busy.value = false;
    }
  }

  function subscribe(): void {
    unsubscribe ??= useClient().on('kiosk.exitRequested', () => ask());
  }

  function stop(): void {
    unsubscribe?.();
    unsubscribe = null;
  }

  return { status, asking, busy, leaving, error, load, ask, cancel, exit, subscribe, stop };
});
