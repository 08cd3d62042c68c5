import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import { noticeError } from '../../contract/errors.ts';
import type { Settings } from '../../contract/types.ts';
import { cachedSettingsReader, type SettingsStore, UNREADABLE } from './settings-store.ts';

export interface SettingsFileOptions {
  /** Told when a settings file that is not JSON is moved aside (default: stderr). */
  warn?: (message: string, fields?: Record<string, unknown>) => void;
}

/**
 * Settings in `<dataDir>/settings.json`, through `conf` (the library under electron-store). Read
 * from memory (every lookup reads the staleness thresholds: parsing the file each time would cost
 * a large part of an exact lookup); a change written by another process (the CLI) is seen within about
 * a second and a half (`watch`: a stat every 500 ms that never keeps the process alive). A command
 * that only reads the settings once passes `watch: false` (watching would also create the file).
 */
export function createConfSettingsStore(dataDir: string, options: { watch?: boolean } & SettingsFileOptions = {}): SettingsStore {
  setAsideIfDamaged(path.join(dataDir, 'settings.json'), options);
  const conf = new Conf<{ settings: Partial<Settings> }>({
    cwd: dataDir,
    configName: 'settings',
    projectName: 'aisle',
    configFileMode: 0o600,
    cache: true,
    watch: options.watch ?? true,
  });
  return settingsInConf(conf, options);
}

/**
 * The settings store over a `conf` instance (electron-store is one). Whatever is in the file, the app
 * runs: a field with a wrong value reads as its default (`withDefaults`); a file that is not JSON
 * (a hand edit, a half-written copy pushed by IT) is moved aside at start, while running leaves the
 * last good settings in force until the file is fixed, and is moved aside by the next save.
 */
export function settingsInConf(conf: Conf<{ settings: Partial<Settings> }>, options: SettingsFileOptions = {}): SettingsStore {
  let damaged = false;
  conf.events.addEventListener('change', () => (damaged = false));
  const get = cachedSettingsReader(() => {
    if (damaged) return UNREADABLE; // not read again until the file changes
    try {
      return conf.get('settings');
    } catch {
      damaged = true;
      return UNREADABLE;
    }
  });
  return {
    get,
    set(patch) {
      const next = { ...get(), ...patch };
      try {
        conf.set('settings', next);
      } catch (error) {
        if (isDiskFull(error)) throw noticeError('internal', { code: 'settings_disk_full' }, { cause: error });
        if (!(error instanceof SyntaxError)) throw error;
        setAsideIfDamaged(conf.path, options);
        conf.set('settings', next);
      }
      return get();
    },
    onChange: (listener) => conf.onDidAnyChange(() => listener()),
    // conf's only way to stop its file watcher (named for tests, public in its typings)
    close: () => conf._closeWatcher(),
  };
}

function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Moves a settings file that is not JSON to `settings.damaged-<time>.json` beside it: kept, not read. */
export function setAsideIfDamaged(file: string, options: SettingsFileOptions): void {
  if (!existsSync(file)) return;
  try {
    JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    if (!(error instanceof SyntaxError)) return;
    const aside = path.join(path.dirname(file), `settings.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    renameSync(file, aside);
    const warn = options.warn ?? ((message, fields) => console.warn(`aisle: ${message}`, fields));
    warn(`${path.basename(file)} was not JSON: moved aside, default settings in force`, { file: aside });
  }
}
