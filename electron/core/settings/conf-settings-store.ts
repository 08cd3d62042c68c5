import Conf from 'conf';
import type { Settings } from '../../contract/types.ts';
import { type SettingsStore, withDefaults } from './settings-store.ts';

/** Settings in `<dataDir>/settings.json`, through `conf` (the library under electron-store). */
export function createConfSettingsStore(dataDir: string): SettingsStore {
  const conf = new Conf<{ settings: Partial<Settings> }>({
    cwd: dataDir,
    configName: 'settings',
    projectName: 'aisle',
    configFileMode: 0o600,
  });
  return {
    get: () => withDefaults(conf.get('settings')),
    set(patch) {
      const next = { ...withDefaults(conf.get('settings')), ...patch };
      conf.set('settings', next);
      return next;
    },
  };
}
