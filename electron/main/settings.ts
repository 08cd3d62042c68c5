import path from 'node:path';
import ElectronStore from 'electron-store';
import type { Settings } from '../contract/types.ts';
import { setAsideIfDamaged, settingsInConf, type SettingsFileOptions, type SettingsStore } from '../core/index.ts';

/**
 * Settings through electron-store, in `<userData>/settings.json` (the same file and format the
 * browser host and the CLI write through `conf`, and the same handling of a damaged file).
 * Read from memory, and changes made by another process (the CLI) are picked up, as in
 * conf-settings-store.ts.
 */
export function createElectronSettingsStore(cwd: string, options: SettingsFileOptions = {}): SettingsStore {
  setAsideIfDamaged(path.join(cwd, 'settings.json'), options);
  const store = new ElectronStore<{ settings: Partial<Settings> }>({ name: 'settings', cwd, configFileMode: 0o600, cache: true, watch: true });
  return settingsInConf(store, options);
}
