// Entrance: the settings' defaults and the data folder, without the settings' schemas (zod), the
// settings file's library or anything else of the core: a quick command reads settings.json itself.
export { defaultDataDir } from '../shared/data-dir.ts';
export { DEFAULT_SETTINGS } from '../settings/settings-defaults.ts';
export type { SettingsStore } from '../settings/settings-store.ts';
