// The update decision with a fake electron-updater: off without a feed, the generic provider on the
// policy's feed, never installed mid-sync, asked of a signed-in worker, logged at each step.
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../electron/core/context.ts';
import { NO_POLICY } from '../../electron/core/settings/machine-policy.ts';
import { startElectronHost } from '../../electron/main/electron-host.ts';
import { installDecision, startUpdates, type UpdateFacts, type UpdaterPort } from '../../electron/main/updates.ts';
import { app, dialog, resetFakeElectronIn } from '../fakes/electron.ts';
import { tempDir } from '../support/temp-dir.ts';

class FakeUpdater extends EventEmitter implements UpdaterPort {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feed: unknown = null;
  checks = 0;
  installs: [boolean | undefined, boolean | undefined][] = [];
  setFeedURL(options: { provider: 'generic'; url: string }) {
    this.feed = options;
  }
  async checkForUpdates() {
    this.checks++;
    return null;
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

function world(state: { syncing: boolean; signedIn: boolean; agree?: boolean }) {
  const listeners = new Set<() => void>();
  const asked: string[] = [];
  const facts: UpdateFacts = {
    syncing: () => state.syncing,
    signedIn: () => state.signedIn,
    ask: async (version) => {
      asked.push(version);
      return state.agree ?? false;
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const lines: [string, unknown][] = [];
  const log = { info: (m: string, f?: unknown) => lines.push([m, f]), warn: (m: string, f?: unknown) => lines.push([m, f]), error: (m: string, f?: unknown) => lines.push([m, f]) };
  const change = () => listeners.forEach((l) => l());
  return { facts, asked, lines, log, change, messages: () => lines.map(([m]) => m) };
}

/** Lets the promise chains started by an event run to their end (no timer involved). */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('updates', () => {
  it('decides: never mid-sync, ask a signed-in worker, else install', () => {
    expect(installDecision({ syncing: true, signedIn: true })).toBe('wait-for-sync');
    expect(installDecision({ syncing: true, signedIn: false })).toBe('wait-for-sync');
    expect(installDecision({ syncing: false, signedIn: true })).toBe('ask');
    expect(installDecision({ syncing: false, signedIn: false })).toBe('install');
  });

  it('is off, and says so, without an update feed in the policy or in a development run', async () => {
    const w = world({ syncing: false, signedIn: false });
    let made = 0;
    const updater = () => (made++, new FakeUpdater());
    expect(await startUpdates({ feed: null, packaged: true, updater, facts: w.facts, log: w.log })).toBeNull();
    expect(await startUpdates({ feed: 'https://updates.example.com/aisle/', packaged: false, updater, facts: w.facts, log: w.log })).toBeNull();
    expect(made).toBe(0);
    expect(w.messages()).toEqual(['update: off, the machine policy names no updateFeed', 'update: off in a development run']);
  });

  it('reads the policy feed with the generic provider, downloads by itself, and installs at once when nobody is signed in', async () => {
    const w = world({ syncing: false, signedIn: false });
    const fake = new FakeUpdater();
    const updates = (await startUpdates({ feed: 'https://updates.example.com/aisle/', packaged: true, updater: () => fake, facts: w.facts, log: w.log }))!;
    expect(fake.feed).toEqual({ provider: 'generic', url: 'https://updates.example.com/aisle/' });
    expect(fake.autoDownload).toBe(true);
    expect(fake.checks).toBe(1);
    fake.emit('checking-for-update');
    fake.emit('update-available', { version: '0.2.0' });
    fake.emit('update-downloaded', { version: '0.2.0' });
    await settled();
    expect(fake.installs).toEqual([[true, true]]);
    expect(w.asked).toEqual([]);
    expect(w.messages()).toEqual(['update: checking', 'update: downloading', 'update: downloaded and verified', 'update: installing and restarting']);
    updates.stop();
  });

  it('waits for the sync round to end, then asks the signed-in worker, and installs only on yes', async () => {
    const state = { syncing: true, signedIn: true, agree: false };
    const w = world(state);
    const fake = new FakeUpdater();
    const updates = (await startUpdates({ feed: 'https://updates.example.com/aisle/', packaged: true, updater: () => fake, facts: w.facts, log: w.log }))!;
    fake.emit('update-downloaded', { version: '0.2.0' });
    await settled();
    expect(fake.installs).toEqual([]);
    expect(w.asked).toEqual([]);
    expect(w.lines.at(-1)).toEqual(['update: waiting for the sync round to end', { version: '0.2.0' }]);

    state.syncing = false;
    w.change();
    await settled();
    expect(w.asked).toEqual(['0.2.0']);
    expect(fake.installs).toEqual([]);
    expect(w.lines.at(-1)).toEqual(['update: postponed by the user, installed when Aisle quits', { version: '0.2.0' }]);
    expect(fake.autoInstallOnAppQuit).toBe(true);
    // declined: not asked again for the same version
    w.change();
    await settled();
    expect(w.asked).toEqual(['0.2.0']);

    state.agree = true;
    fake.emit('update-downloaded', { version: '0.3.0' });
    await settled();
    expect(w.asked).toEqual(['0.2.0', '0.3.0']);
    expect(fake.installs).toEqual([[true, true]]);
    expect(w.lines.at(-1)).toEqual(['update: installing and restarting', { version: '0.3.0', asked: true }]);
    updates.stop();
  });

  it('is off, and says why, when the updater cannot be loaded; the app carries on', async () => {
    const w = world({ syncing: false, signedIn: false });
    const updater = () => Promise.reject(new Error('Cannot find module electron-updater'));
    expect(await startUpdates({ feed: 'https://updates.example.com/aisle/', packaged: true, updater, facts: w.facts, log: w.log })).toBeNull();
    expect(w.lines).toEqual([['update: off, the updater could not be loaded', { feed: 'https://updates.example.com/aisle/', error: 'Cannot find module electron-updater' }]]);
  });

  it('logs a failed check with the feed, and carries on', async () => {
    const w = world({ syncing: false, signedIn: false });
    const fake = new FakeUpdater();
    const updates = (await startUpdates({ feed: 'https://updates.example.com/aisle/', packaged: true, updater: () => fake, facts: w.facts, log: w.log }))!;
    fake.emit('error', new Error('HttpError: 404 Not Found latest.yml'));
    expect(w.lines.at(-1)).toEqual(['update: failed', { feed: 'https://updates.example.com/aisle/', error: 'HttpError: 404 Not Found latest.yml' }]);
    await updates.check();
    expect(fake.checks).toBe(2);
    updates.stop();
  });
});

describe('updates in the Electron host (fake electron)', () => {
  it("takes the policy's feed in an installed app and, nobody signed in and no round running, installs a downloaded update", async () => {
    const data = tempDir();
    resetFakeElectronIn(data.path);
    app.isPackaged = true;
    const fake = new FakeUpdater();
    const policy = { ...NO_POLICY, file: path.join(data.path, 'policy.json'), source: 'file' as const, updateFeed: 'https://updates.example.com/aisle/' };
    const host = (await startElectronHost({ appUrl: 'file:///app/index.html', log: silentLogger, updater: () => fake, overrides: { policy } }))!;
    try {
      expect(fake.feed).toEqual({ provider: 'generic', url: 'https://updates.example.com/aisle/' });
      // the host learns from the core that nobody is signed in and no round runs
      await settled();
      fake.emit('update-downloaded', { version: '9.9.9' });
      await settled();
      expect(dialog.shown).toEqual([]);
      expect(fake.installs).toEqual([[true, true]]);
    } finally {
      await host.core.close();
      data.remove();
    }
  });

  it('asks a signed-in worker with a message box, and installs nothing on Later', async () => {
    const data = tempDir();
    resetFakeElectronIn(data.path);
    app.isPackaged = true;
    const fake = new FakeUpdater();
    const policy = { ...NO_POLICY, file: path.join(data.path, 'policy.json'), source: 'file' as const, updateFeed: 'https://updates.example.com/aisle/' };
    const host = (await startElectronHost({ appUrl: 'file:///app/index.html', log: silentLogger, updater: () => fake, overrides: { policy } }))!;
    try {
      await settled();
      host.core.events.emit('session.changed', { ...(await host.core.handlers['session.current']({})), state: 'signed-in' });
      fake.emit('update-downloaded', { version: '9.9.9' });
      await settled();
      expect(dialog.shown.map((d) => d.message)).toEqual(['Aisle 9.9.9 is ready to install.']);
      expect(fake.installs).toEqual([]);
    } finally {
      await host.core.close();
      data.remove();
    }
  });
});
