import { methods } from '../../contract/methods.ts';
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
  /** Stops watching the file (the host that made the store calls it when it closes). */
  close(): void;
}

export const DEFAULT_SETTINGS: Settings = {
  server: 'demo',
  lastEmail: '',
  syncIntervalMinutes: 5,
  offlineFacilities: [],
  // the signed-in user's first facility (home-facility.ts)
  homeFacility: '',
  offlineLists: [],
  staleAfterMinutes: { default: 24 * 60, inventory: 30, history: 60 },
  historyDays: 30,
  // a facility's whole stock read at least hourly; between, only the items its history says moved
  stockFullCheckMinutes: 60,
  // lists: pages of 1000 records from a server that pages; a request has 2 minutes and 2 s more
  // per MB of its last reading (at least 500 KB/s); a round has an hour
  pageSize: 1000,
  listDeadlineSeconds: 120,
  listDeadlineSecondsPerMB: 2,
  roundDeadlineMinutes: 60,
  theme: 'light',
  floorMode: false,
  textSize: 100,
  scanSound: true,
  csvForExcel: true,
  // a pasted list of codes is answered line by line until the user chooses the scan list
  pastedLines: 'answer',
  language: 'auto',
  languages: {},
  columns: {},
  columnWidths: {},
  lockAfterMinutes: 0,
  unlockWithPin: false,
  labelPrinter: '',
  labelSize: '2x1',
  // far above real data: a server cannot fill the disk (dataset-caps.ts)
  datasetCapMinRows: 100_000,
  datasetCapMinMegabytes: 256,
};

const fieldSchemas = methods['settings.set'].args.shape;

/** Maps of entries that stand on their own (one per user, or per user and list): a wrong entry costs only itself. */
const MAPS_BY_ENTRY: ReadonlySet<string> = new Set(['languages', 'columns', 'columnWidths']);

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The settings a stored value stands for: each field as stored if it is one `settings.set` would
 * accept, else its default. The file can be edited by hand or pushed by IT, and a wrong value in it
 * (`"offlineLists": 5`) must not reach sync or lookup. In a map of users' own entries (a user's
 * column widths of one list), a wrong entry is left out, and the others kept.
 */
export function withDefaults(stored: unknown): Settings {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  if (!isPlainObject(stored)) return settings as unknown as Settings;
  for (const [key, schema] of Object.entries(fieldSchemas)) {
    const value = stored[key];
    if (value === undefined) continue;
    if (schema.safeParse(value).success) settings[key] = value;
    else if (MAPS_BY_ENTRY.has(key) && isPlainObject(value)) {
      settings[key] = Object.fromEntries(Object.entries(value).filter(([entry, v]) => schema.safeParse(Object.fromEntries([[entry, v]])).success));
    }
  }
  return settings as unknown as Settings;
}

/** What a store's read answers when its file cannot be read now: the last settings stay in force. */
export const UNREADABLE = Symbol('unreadable');

/**
 * `get` for a store that keeps its value in memory (conf's and electron-store's `cache`): the
 * settings with defaults are made once per change of the stored value, not on every read (every
 * lookup reads them), and frozen, since every caller shares them.
 */
export function cachedSettingsReader(read: () => unknown): () => Settings {
  let stored: unknown;
  let settings: Settings | null = null;
  return () => {
    const next = read();
    if (next === UNREADABLE) return (settings ??= Object.freeze(withDefaults(undefined)));
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
    close: () => listeners.clear(),
  };
}
