// The settings as a read-only command (find, status) needs them: settings.json parsed directly,
// with the app's defaults and per-field checks (withDefaults). Going through `conf` would load its
// schema validator and more, which cost a quick command more start-up than its own work; a command
// that writes settings still uses the conf store.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Settings } from '../../contract/types.ts';
import { withDefaults } from '../../core/entrances/settings.ts';

/** The settings in `<dataDir>/settings.json` (conf's layout: `{ "settings": {...} }`); defaults when missing or not JSON. */
export function readSettings(dataDir: string): Settings {
  let stored: unknown;
  try {
    stored = (JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8').replace(/^\uFEFF/, '')) as { settings?: unknown } | null)?.settings;
  } catch {
    stored = undefined;
  }
  return withDefaults(stored);
}
