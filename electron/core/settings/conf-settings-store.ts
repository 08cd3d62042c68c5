import Conf from 'conf';
import type { Settings } from '../../contract/types.ts';
import { cachedSettingsReader, type SettingsStore, withDefaults } from './settings-store.ts';

/**
 * Settings in `<dataDir>/settings.json`, through `conf` (the library under electron-store). Read
 * from memory (every lookup reads the staleness thresholds: parsing the file each time cost ~7 µs,
 * a third of an exact lookup); a change written by another process (the CLI) is seen within about
 * a second and a half (`watch`: a stat every 500 ms that never keeps the process alive). A command
 * that only reads the settings once passes `watch: false` (watching would also create the file).
 */
export function createConfSettingsStore(dataDir: string, options: { watch?: boolean } = {}): SettingsStore {
  const conf = new Conf<{ settings: Partial<Settings> }>({
    cwd: dataDir,
    configName: 'settings',
    projectName: 'aisle',
    configFileMode: 0o600,
    cache: true,
    watch: options.watch ?? true,
  });
  return {
    get: cachedSettingsReader(() => conf.get('settings')),
    set(patch) {
      const next = { ...withDefaults(conf.get('settings')), ...patch };
      conf.set('settings', next);
      return next;
    },
    onChange: (listener) => conf.onDidAnyChange(() => listener()),
  };
}
