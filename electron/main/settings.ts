import ElectronStore from 'electron-store';
import type { Settings } from '../contract/types.ts';
import { cachedSettingsReader, type SettingsStore, withDefaults } from '../core/settings/settings-store.ts';

/**
 * Settings through electron-store, in `<userData>/settings.json` (the same file and format the
 * browser host and the CLI write through `conf`). `cwd` defaults to Electron's userData folder.
 * Read from memory, and changes made by another process (the CLI) are picked up, as in
 * conf-settings-store.ts.
 */
export function createElectronSettingsStore(cwd?: string): SettingsStore {
  const store = new ElectronStore<{ settings: Partial<Settings> }>({ name: 'settings', cwd, configFileMode: 0o600, cache: true, watch: true });
  return {
    get: cachedSettingsReader(() => store.get('settings')),
    set(patch) {
      const next = { ...withDefaults(store.get('settings')), ...patch };
      store.set('settings', next);
      return next;
    },
    onChange: (listener) => store.onDidAnyChange(() => listener()),
  };
}
