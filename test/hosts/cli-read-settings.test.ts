// Read-only commands read settings.json directly: the same values the app's conf store gives.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { readSettings } from '../../electron/hosts/cli/read-settings.ts';
import { tempDir } from '../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
afterEach(() => dir.remove());

describe('readSettings', () => {
  it('gives what the conf store gives, wrong fields as their defaults', () => {
    dir = tempDir();
    const store = createConfSettingsStore(dir.path, { watch: false });
    store.set({ server: 'https://warehouse.example.com', lastEmail: 'pat@example.com', staleAfterMinutes: { default: 90, inventory: 5, history: 60 } });
    expect(readSettings(dir.path)).toEqual(store.get());
    expect(readSettings(dir.path).staleAfterMinutes).toEqual({ default: 90, inventory: 5, history: 60 });
    writeFileSync(path.join(dir.path, 'settings.json'), '\uFEFF' + JSON.stringify({ settings: { lastEmail: 'sam@example.com', staleAfterMinutes: 'soon' } }));
    expect(readSettings(dir.path)).toEqual({ ...DEFAULT_SETTINGS, lastEmail: 'sam@example.com' });
  });

  it('reads defaults from a missing or damaged file, and leaves the file where it is', () => {
    dir = tempDir();
    expect(readSettings(path.join(dir.path, 'nowhere'))).toEqual(DEFAULT_SETTINGS);
    const file = path.join(dir.path, 'settings.json');
    writeFileSync(file, '{ "settings": ');
    expect(readSettings(dir.path)).toEqual(DEFAULT_SETTINGS);
    expect(existsSync(file)).toBe(true);
  });
});
