// Read-only commands read settings.json directly: the same values the app's conf store gives.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { DEFAULT_SETTINGS, withDefaults } from '../../electron/core/settings/settings-store.ts';
import { readSettings } from '../../electron/hosts/cli/read-settings.ts';
import { tempDir } from '../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
afterEach(() => dir.remove());

describe('readSettings', () => {
  it('gives what the conf store gives, wrong fields as their defaults', () => {
    dir = tempDir();
    const store = createConfSettingsStore(dir.path, { watch: false });
    store.set({ server: 'https://warehouse.example.com', lastEmail: 'pat@example.com', homeFacility: 'fac-2', staleAfterMinutes: { default: 90, inventory: 5, history: 60 } });
    const { server, lastEmail, homeFacility, staleAfterMinutes } = store.get();
    expect(readSettings(dir.path)).toEqual({ server, lastEmail, homeFacility, staleAfterMinutes });
    expect(readSettings(dir.path).homeFacility).toBe('fac-2');
    expect(readSettings(dir.path).staleAfterMinutes).toEqual({ default: 90, inventory: 5, history: 60 });
    writeFileSync(path.join(dir.path, 'settings.json'), '\uFEFF' + JSON.stringify({ settings: { lastEmail: 'sam@example.com', staleAfterMinutes: 'soon' } }));
    expect(readSettings(dir.path)).toEqual({ server: DEFAULT_SETTINGS.server, lastEmail: 'sam@example.com', homeFacility: DEFAULT_SETTINGS.homeFacility, staleAfterMinutes: DEFAULT_SETTINGS.staleAfterMinutes });
  });

  it('checks each field it reads by the same rule as settings.set, without loading that rule', () => {
    dir = tempDir();
    const values = {
      server: ['https://wms.example.com', '', 'x'.repeat(2048), 'x'.repeat(2049), 5, null, ['demo']],
      lastEmail: ['pat@example.com', '', 'x'.repeat(320), 'x'.repeat(321), false, {}],
      homeFacility: ['fac-1', '', 'x'.repeat(200), 'x'.repeat(201), 5, null],
      staleAfterMinutes: [{ default: 90 }, {}, { inventory: 1 }, { inventory: 0 }, { history: 1.5 }, { history: 60 * 24 * 365 }, { history: 60 * 24 * 365 + 1 }, { ['k'.repeat(65)]: 5 }, { h: '5' }, [5], 'soon', null],
    };
    for (const [field, tries] of Object.entries(values)) {
      for (const value of tries) {
        writeFileSync(path.join(dir.path, 'settings.json'), JSON.stringify({ settings: { [field]: value } }));
        const full = withDefaults({ [field]: value }) as unknown as Record<string, unknown>;
        expect((readSettings(dir.path) as unknown as Record<string, unknown>)[field], `${field} = ${JSON.stringify(value)}`).toEqual(full[field]);
      }
    }
  });

  it('reads defaults from a missing or damaged file, and leaves the file where it is', () => {
    dir = tempDir();
    const defaults = { server: DEFAULT_SETTINGS.server, lastEmail: DEFAULT_SETTINGS.lastEmail, homeFacility: DEFAULT_SETTINGS.homeFacility, staleAfterMinutes: DEFAULT_SETTINGS.staleAfterMinutes };
    expect(readSettings(path.join(dir.path, 'nowhere'))).toEqual(defaults);
    const file = path.join(dir.path, 'settings.json');
    writeFileSync(file, '{ "settings": ');
    expect(readSettings(dir.path)).toEqual(defaults);
    expect(existsSync(file)).toBe(true);
  });
});
