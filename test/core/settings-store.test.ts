// Settings are read on every lookup, so the file-backed store answers from memory; what another
// process (the CLI) writes to the same file still reaches it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Conf from 'conf';
import type { Settings } from '../../electron/contract/types.ts';
import { createConfSettingsStore, settingsInConf } from '../../electron/core/settings/conf-settings-store.ts';
import { createMemorySettingsStore, DEFAULT_SETTINGS, type SettingsStore } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';

const dirs: { remove(): void }[] = [];
const watching: SettingsStore[] = [];
// the watchers first: one that sees its file go reads the store again, and conf makes the folder again
afterEach(() => {
  watching.splice(0).forEach((store) => store.close());
  dirs.splice(0).forEach((dir) => dir.remove());
});
const folder = () => {
  const dir = tempDir();
  dirs.push(dir);
  return dir.path;
};
/** A store that watches its file, closed after the test. */
const watched = (dir: string) => {
  const store = createConfSettingsStore(dir);
  watching.push(store);
  return store;
};

/**
 * conf's watch takes its first look at the file in the background (fs.watchFile's first stat, on
 * libuv's thread pool): a change written before that look is its starting point, never reported.
 * On a busy machine the look can come after a test's first write. So a change no test looks at
 * (`lastEmail`) is written, again with each try, until the watch reports one: from then on every
 * change is seen. (Seen in CI: a write right after the store was made went unreported.)
 */
async function untilWatching(store: SettingsStore, file: string): Promise<void> {
  let reported = false;
  const stop = store.onChange(() => (reported = true));
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { settings?: Partial<Settings> };
  let tries = 0;
  // a report comes within a poll (500 ms) and conf's debounce (1,000 ms) of the write
  await expect
    .poll(
      () => {
        if (!reported) writeFileSync(file, JSON.stringify({ ...stored, settings: { ...stored.settings, lastEmail: `watched-${++tries}@example.com` } }));
        return reported;
      },
      { interval: 1_600, timeout: 20_000 },
    )
    .toBe(true);
  stop();
}

describe('the settings file', () => {
  it('answers reads from memory: the file is not parsed again until it changes', () => {
    const dir = folder();
    const store = watched(dir);
    store.set({ syncIntervalMinutes: 7 });
    const first = store.get();
    expect(first.syncIntervalMinutes).toBe(7);
    expect(store.get()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // what is on disk now is not read back by a get (a parse would throw on it)
    writeFileSync(path.join(dir, 'settings.json'), '{ not json');
    expect(store.get()).toBe(first);
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ settings: { syncIntervalMinutes: 7 } }));
  });

  it('sees its own writes at once, and a change another process wrote within seconds', async () => {
    const dir = folder();
    const app = watched(dir);
    await untilWatching(app, path.join(dir, 'settings.json'));
    expect(app.get().historyDays).toBe(DEFAULT_SETTINGS.historyDays);
    expect(app.set({ historyDays: 10 }).historyDays).toBe(10);
    expect(app.get().historyDays).toBe(10);
    // the CLI, in another process, writes the same file
    const cli = watched(dir);
    cli.set({ syncIntervalMinutes: 15 });
    await expect.poll(() => app.get().syncIntervalMinutes, { timeout: 10_000, interval: 100 }).toBe(15);
    expect(app.get().historyDays).toBe(10);
  });

  it('tells its listener of its own writes at once and of another process\'s write when it is seen', async () => {
    const dir = folder();
    const app = watched(dir);
    await untilWatching(app, path.join(dir, 'settings.json'));
    let calls = 0;
    const stop = app.onChange(() => calls++);
    app.set({ theme: 'dark' });
    expect(calls).toBe(1);
    const seen = new Promise<number>((resolve) => app.onChange(() => resolve(app.get().historyDays)));
    createConfSettingsStore(dir, { watch: false }).set({ historyDays: 3 });
    expect(await seen).toBe(3);
    stop();
    app.set({ theme: 'light' });
    expect(calls).toBe(2);
  });

  it('stops watching the file when closed: hosts started again and again on one folder leave no watcher behind', async () => {
    const dir = folder();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      // eleven watchers of one file are what Node warns about (a listener leak)
      for (let i = 0; i < 12; i++) createConfSettingsStore(dir).close();
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });
});

describe('a settings file with something wrong in it (a hand edit, a bad copy pushed by IT)', () => {
  const asideIn = (dir: string) => readdirSync(dir).filter((f) => /^settings\.damaged-.*\.json$/.test(f));

  it('reads each wrong value as its default and keeps the right ones', () => {
    const dir = folder();
    const stored = { offlineLists: 5, theme: 'purple', historyDays: 3, syncIntervalMinutes: 'soon', staleAfterMinutes: { items: -1 }, floorMode: true, textSize: 130, extra: 1 };
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ settings: stored }));
    expect(createConfSettingsStore(dir, { watch: false }).get()).toEqual({ ...DEFAULT_SETTINGS, historyDays: 3, floorMode: true });
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ settings: { textSize: 150 } }));
    expect(createConfSettingsStore(dir, { watch: false }).get()).toEqual({ ...DEFAULT_SETTINGS, textSize: 150 });
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ settings: [1, 2] }));
    expect(createConfSettingsStore(dir, { watch: false }).get()).toEqual(DEFAULT_SETTINGS);
  });

  it("loses only the wrong entry of a map of users' own: one list's widths, one user's language", () => {
    const dir = folder();
    const widths = { 'ana@example.com|items': { sku: 200, description: 400 }, 'ana@example.com|locations': { code: 5000 }, 'bo@example.com|items': { sku: 160 } };
    const columns = { 'ana@example.com|items': ['sku'], 'bo@example.com|items': 'sku' };
    const languages = { 'ana@example.com': 'es', 'bo@example.com': 'klingon' };
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ settings: { columnWidths: widths, columns, languages, theme: 'dark' } }));
    const read = createConfSettingsStore(dir, { watch: false }).get();
    expect(read.columnWidths).toEqual({ 'ana@example.com|items': { sku: 200, description: 400 }, 'bo@example.com|items': { sku: 160 } });
    expect(read.columns).toEqual({ 'ana@example.com|items': ['sku'] });
    expect(read.languages).toEqual({ 'ana@example.com': 'es' });
    expect(read.theme).toBe('dark');
    // a map that is not a map at all is its default, as any other wrong value
    writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ settings: { columnWidths: [1], languages: 'es' } }));
    expect(createConfSettingsStore(dir, { watch: false }).get()).toEqual(DEFAULT_SETTINGS);
    // a key named __proto__ is an entry like any other, never the object's prototype
    writeFileSync(path.join(dir, 'settings.json'), '{ "settings": { "languages": { "__proto__": "es", "x@example.com": 5 } } }');
    const odd = createConfSettingsStore(dir, { watch: false }).get().languages;
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
  });

  it('that is not JSON at start: the app starts on the defaults and the file is kept aside', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'settings.json'), '{ "settings": { "theme": "dark", ');
    const warned: string[] = [];
    const store = createConfSettingsStore(dir, { watch: false, warn: (message) => warned.push(message) });
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    const aside = asideIn(dir);
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(dir, aside[0]!), 'utf8')).toBe('{ "settings": { "theme": "dark", ');
    expect(warned).toEqual([expect.stringContaining('not JSON')]);
    expect(store.set({ theme: 'contrast' }).theme).toBe('contrast');
    expect(JSON.parse(readFileSync(path.join(dir, 'settings.json'), 'utf8')).settings.theme).toBe('contrast');
  });

  it('that turns bad while running: the last good settings stay in force; a fix is read, and a save keeps the bad copy aside', async () => {
    const dir = folder();
    const conf = new Conf<{ settings: Partial<Settings> }>({ cwd: dir, configName: 'settings', projectName: 'aisle', cache: true, watch: true });
    const app = settingsInConf(conf, { warn: () => {} });
    await untilWatching(app, path.join(dir, 'settings.json'));
    // resolves when the watch has reported the file changed (conf reads it again on the next get)
    const reported = () => new Promise<void>((resolve) => conf.events.addEventListener('change', () => resolve(), { once: true }));
    app.set({ theme: 'dark', historyDays: 9 });
    let changes = 0;
    app.onChange(() => changes++);
    const file = path.join(dir, 'settings.json');

    let seen = reported();
    writeFileSync(file, 'not json');
    await seen;
    expect(app.get()).toMatchObject({ theme: 'dark', historyDays: 9 });
    seen = reported();
    writeFileSync(file, JSON.stringify({ settings: { theme: 'dark', historyDays: 12 } }));
    await seen;
    expect(app.get().historyDays).toBe(12);
    expect(changes).toBe(1);

    seen = reported();
    writeFileSync(file, 'still not json');
    await seen;
    expect(app.get().historyDays).toBe(12);
    expect(readFileSync(file, 'utf8')).toBe('still not json');
    expect(app.set({ floorMode: true })).toMatchObject({ theme: 'dark', historyDays: 12, floorMode: true });
    expect(JSON.parse(readFileSync(file, 'utf8')).settings).toMatchObject({ theme: 'dark', historyDays: 12, floorMode: true });
    expect(asideIn(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'))).toEqual(['still not json']);
  });
});

describe('the memory settings store', () => {
  it('tells its listeners of a write, until they unsubscribe', () => {
    const store = createMemorySettingsStore();
    const seen: string[] = [];
    const stop = store.onChange(() => seen.push(store.get().theme));
    store.set({ theme: 'contrast' });
    stop();
    store.set({ theme: 'dark' });
    expect(seen).toEqual(['contrast']);
  });
});
