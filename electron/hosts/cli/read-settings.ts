// The settings a read-only command (find, status) needs, and only those: settings.json parsed
// directly, each field read checked by the rule `settings.set` gives it, else its default. Neither
// conf nor the contract's schemas (zod) are loaded: either costs a quick command more start-up than
// its own work. A command that writes settings still uses the conf store, which checks every field.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Settings } from '../../contract/types.ts';
import { DEFAULT_SETTINGS } from '../../core/entrances/settings.ts';

/** What the quick commands read of the settings. */
export type QuickSettings = Pick<Settings, 'server' | 'lastEmail' | 'staleAfterMinutes' | 'homeFacility'>;

/** The rules of `settings.set` for these fields (methods.ts); a test holds the two to the same answers. */
const SERVER_MAX = 2048;
const EMAIL_MAX = 320;
const ID_MAX = 200;
const STALE_KEY_MAX = 64;
const STALE_MINUTES_MAX = 60 * 24 * 365;

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

function isStaleAfter(value: unknown): value is Settings['staleAfterMinutes'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, minutes]) => key.length <= STALE_KEY_MAX && Number.isInteger(minutes) && (minutes as number) >= 1 && (minutes as number) <= STALE_MINUTES_MAX);
}

/** The quick settings in `<dataDir>/settings.json` (conf's layout: `{ "settings": {...} }`); defaults when missing or not JSON. */
export function readSettings(dataDir: string): QuickSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed = (JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8').replace(/^\uFEFF/, '')) as { settings?: unknown } | null)?.settings;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    // missing or damaged: the defaults, and the file is left where it is
  }
  return {
    server: isText(stored.server, SERVER_MAX) ? stored.server : DEFAULT_SETTINGS.server,
    lastEmail: isText(stored.lastEmail, EMAIL_MAX) ? stored.lastEmail : DEFAULT_SETTINGS.lastEmail,
    homeFacility: isText(stored.homeFacility, ID_MAX) ? stored.homeFacility : DEFAULT_SETTINGS.homeFacility,
    staleAfterMinutes: isStaleAfter(stored.staleAfterMinutes) ? stored.staleAfterMinutes : DEFAULT_SETTINGS.staleAfterMinutes,
  };
}
