// Entrance: the settings file as the hosts keep it (conf), for a host that builds its own store
// (Electron's) or a command that changes settings without starting the core.
export { createConfSettingsStore, setAsideIfDamaged, settingsInConf, type SettingsFileOptions } from '../settings/conf-settings-store.ts';
export { withDefaults } from '../settings/settings-store.ts';
