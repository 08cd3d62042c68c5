// Entrance: the settings' values and the data folder, without the settings file's library or
// anything else of the core (a quick command reads settings.json itself).
export { defaultDataDir } from '../shared/data-dir.ts';
export { DEFAULT_SETTINGS, withDefaults, type SettingsStore } from '../settings/settings-store.ts';
