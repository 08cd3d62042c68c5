import ElectronStore from 'electron-store';
import type { Settings } from '../contract/types.ts';
import { type SettingsStore, withDefaults } from '../core/settings/settings-store.ts';

/**
 * Settings through electron-store, in `<userData>/settings.json` (the same file and format the
 * browser host and the CLI write through `conf`). `cwd` defaults to Electron's userData folder.
 */
export function createElectronSettingsStore(cwd?: string): SettingsStore {
  const store = new ElectronStore<{ settings: Partial<Settings> }>({ name: 'settings', cwd, configFileMode: 0o600 });
  return {
    get: () => withDefaults(store.get('settings')),
    set(patch) {
      const next = { ...withDefaults(store.get('settings')), ...patch };
      store.set('settings', next);
      return next;
    },
  };
}
