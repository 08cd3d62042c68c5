import type { Settings } from '../contract/types.ts';
import { type SettingsStore, withDefaults } from '../core/settings/settings-store.ts';

/** Settings through electron-store (ESM, loaded lazily so tests of the host can stub it). */
export async function createElectronSettingsStore(): Promise<SettingsStore> {
  const { default: Store } = await import('electron-store');
  const store = new Store<{ settings: Partial<Settings> }>({ name: 'settings', configFileMode: 0o600 } as never);
  return {
    get: () => withDefaults(store.get('settings')),
    set(patch) {
      const next = { ...withDefaults(store.get('settings')), ...patch };
      store.set('settings', next);
      return next;
    },
  };
}
