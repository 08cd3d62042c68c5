import type { Settings } from '../../contract/types.ts';

/**
 * Where settings live. The core owns this interface; each host provides it (electron-store in
 * Electron, `conf` in the browser host and the CLI, both writing JSON in the data folder).
 * Secrets never go through it.
 */
export interface SettingsStore {
  get(): Settings;
  set(patch: Partial<Settings>): Settings;
}

export const DEFAULT_SETTINGS: Settings = {
  server: 'demo',
  lastEmail: '',
  syncIntervalMinutes: 5,
  offlineFacilities: [],
  offlineLists: [],
  staleAfterMinutes: { default: 24 * 60, inventory: 30, history: 60 },
  historyDays: 30,
  theme: 'light',
  floorMode: false,
  language: 'auto',
  columns: {},
};

export function withDefaults(stored: Partial<Settings> | undefined): Settings {
  return { ...DEFAULT_SETTINGS, ...(stored ?? {}) };
}

/**
 * `get` for a store that keeps its value in memory (conf's and electron-store's `cache`): the
 * settings with defaults are made once per change of the stored value, not on every read (every
 * lookup reads them), and frozen, since every caller shares them.
 */
export function cachedSettingsReader(read: () => Partial<Settings> | undefined): () => Settings {
  let stored: Partial<Settings> | undefined;
  let settings: Settings | null = null;
  return () => {
    const next = read();
    if (settings === null || next !== stored) {
      stored = next;
      settings = Object.freeze(withDefaults(next));
    }
    return settings;
  };
}

/** An in-memory store, for tests and for hosts that must not write settings. */
export function createMemorySettingsStore(initial: Partial<Settings> = {}): SettingsStore {
  let current = withDefaults(initial);
  return {
    get: () => structuredClone(current),
    set(patch) {
      current = { ...current, ...patch };
      return structuredClone(current);
    },
  };
}
