// Settings are read on every lookup, so the file-backed store answers from memory; what another
// process (the CLI) writes to the same file still reaches it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { createMemorySettingsStore, DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';

describe('the settings file', () => {
  const dirs: { remove(): void }[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));
  const folder = () => {
    const dir = tempDir();
    dirs.push(dir);
    return dir.path;
  };

  it('answers reads from memory: the file is not parsed again until it changes', () => {
    const dir = folder();
    const store = createConfSettingsStore(dir);
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
    const app = createConfSettingsStore(dir);
    expect(app.get().historyDays).toBe(DEFAULT_SETTINGS.historyDays);
    expect(app.set({ historyDays: 10 }).historyDays).toBe(10);
    expect(app.get().historyDays).toBe(10);
    // the CLI, in another process, writes the same file
    const cli = createConfSettingsStore(dir);
    cli.set({ syncIntervalMinutes: 15 });
    await expect.poll(() => app.get().syncIntervalMinutes, { timeout: 10_000, interval: 100 }).toBe(15);
    expect(app.get().historyDays).toBe(10);
  });

  it('tells its listener of its own writes at once and of another process\'s write when it is seen', async () => {
    const dir = folder();
    const app = createConfSettingsStore(dir);
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
