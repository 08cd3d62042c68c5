import type { Settings } from '../../contract/types.ts';

/**
 * Where settings live. The core owns this interface; each host provides it (electron-store in
 * Electron, `conf` in the browser host and the CLI, both writing JSON in the data folder).
 * Secrets never go through it.
 */
export interface SettingsStore {
  get(): Settings;
  set(patch: Partial<Settings>): Settings;
  /**
   * Calls `listener` after the stored settings changed, whoever wrote them: this store, or another
   * process writing the same file (the CLI, a settings file pushed by IT). Returns the unsubscribe.
   */
  onChange(listener: () => void): () => void;
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
  const listeners = new Set<() => void>();
  return {
    get: () => structuredClone(current),
    set(patch) {
      current = { ...current, ...patch };
      for (const listener of [...listeners]) listener();
      return structuredClone(current);
    },
    onChange(listener) {
      const entry = () => listener();
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  };
}
