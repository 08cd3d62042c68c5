// The machine policy IT deploys, read by the hosts from the file AISLE_POLICY_FILE names (in place of
// /etc/aisle/policy.json): its values win over the user's settings and cannot be changed, sign-in
// goes only to the servers it allows, the demo can be turned off, and a policy that cannot be read
// is reported while the last good one stays in force (without one, the app's defaults). Real files;
// the Electron host against the fake `electron`, the browser host's core and the CLI for real.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { createConfSettingsStore } from '../../electron/core/entrances/settings-file.ts';
import { readMachinePolicy, settingsUnderPolicy } from '../../electron/core/entrances/machine-policy.ts';
import { machinePolicyPath } from '../../electron/core/settings/machine-policy.ts';
import { makeKey } from '../../electron/core/session/offline-verifier.ts';
import { createNodeCore, type NodeCore } from '../../electron/hosts/node-core.ts';
import { startElectronHost } from '../../electron/main/electron-host.ts';
import { app, BrowserWindow, resetFakeElectronIn } from '../fakes/electron.ts';
import { logEntries } from '../support/read-logs.ts';
import { tempDir } from '../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const POLICY = { version: 1, server: 'https://wms.example.com', allowedServers: ['https://wms.example.com'], syncIntervalMinutes: 15, offlineFacilities: ['f-1'], demoAllowed: false, updateFeed: 'https://updates.example.com/aisle/', caBundleFile: '/etc/ssl/certs/company-ca.pem', logKeepDays: 30 };

describe('the machine policy', () => {
  const dir = tempDir('aisle-policy-');
  const policyFile = path.join(dir.path, 'policy.json');
  let core: NodeCore | null = null;
  const saved = process.env.AISLE_POLICY_FILE;
  afterEach(async () => {
    await core?.close();
    core = null;
    if (saved === undefined) delete process.env.AISLE_POLICY_FILE;
    else process.env.AISLE_POLICY_FILE = saved;
  });
  afterAll(() => dir.remove());

  it('lives where IT deploys it on each platform, or where AISLE_POLICY_FILE says', () => {
    expect(machinePolicyPath({}, 'linux')).toBe('/etc/aisle/policy.json');
    expect(machinePolicyPath({ ProgramData: 'C:\\ProgramData' }, 'win32')).toBe('C:\\ProgramData\\Aisle\\policy.json');
    expect(machinePolicyPath({}, 'darwin')).toBe('/Library/Application Support/Aisle/policy.json');
    expect(machinePolicyPath({ AISLE_POLICY_FILE: '/srv/policy.json' }, 'linux')).toBe('/srv/policy.json');
  });

  it("wins over the user's settings, refuses changes to them in words, allows only its servers and no demo", async () => {
    writeFileSync(policyFile, JSON.stringify(POLICY));
    process.env.AISLE_POLICY_FILE = policyFile;
    const dataDir = path.join(dir.path, 'browser');
    const user = createConfSettingsStore(dataDir, { watch: false });
    user.set({ server: 'https://elsewhere.example.com', syncIntervalMinutes: 5, lockAfterMinutes: 3 });
    user.close();
    core = createNodeCore({ host: 'browser', dataDir, overrides: { autoSync: false } });
    expect(await dispatch(core.handlers, 'settings.get', {})).toMatchObject({ ok: true, value: { server: 'https://wms.example.com', syncIntervalMinutes: 15, offlineFacilities: ['f-1'], logKeepDays: 30, lockAfterMinutes: 3 } });
    expect(await dispatch(core.handlers, 'policy.get', {})).toEqual({
      ok: true,
      value: { file: policyFile, source: 'file', problem: null, locked: ['server', 'syncIntervalMinutes', 'offlineFacilities', 'logKeepDays'], allowedServers: ['https://wms.example.com'], demoAllowed: false, updateFeed: 'https://updates.example.com/aisle/' },
    });
    expect(await dispatch(core.handlers, 'settings.set', { syncIntervalMinutes: 60 })).toMatchObject({ ok: false, error: { code: 'forbidden', message: `syncIntervalMinutes is set by your IT department (${policyFile}) and cannot be changed here.` } });
    // the same value sent back (a settings form sends every field) is no change; the user's own settings still save
    expect(await dispatch(core.handlers, 'settings.set', { syncIntervalMinutes: 15, lockAfterMinutes: 10 })).toMatchObject({ ok: true, value: { syncIntervalMinutes: 15, lockAfterMinutes: 10 } });
    expect(await dispatch(core.handlers, 'session.signIn', { server: 'https://evil.example.com', email: 'a@example.com', password: 'secret-pass', rememberMe: false })).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/signs in to https:\/\/wms\.example\.com only \(set by your IT department/) } });
    expect(await dispatch(core.handlers, 'session.signIn', { server: 'demo', email: 'a@example.com', password: 'secret-pass', rememberMe: false })).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/demo warehouse is turned off/) } });
    expect(await dispatch(core.handlers, 'demo.start', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(logEntries(dataDir).find((e) => e.message === 'policy: in force')).toMatchObject({ file: policyFile, demoAllowed: false, caBundleFile: '/etc/ssl/certs/company-ca.pem' });
  });

  it('sets the site relay and its fallback for every seat; a fallback it does not know makes the policy malformed', async () => {
    writeFileSync(policyFile, JSON.stringify({ version: 1, siteRelay: true, siteRelayFallback: 'vendor' }));
    process.env.AISLE_POLICY_FILE = policyFile;
    const dataDir = path.join(dir.path, 'relay-seat');
    core = createNodeCore({ host: 'browser', dataDir });
    expect(await dispatch(core.handlers, 'settings.get', {})).toMatchObject({ ok: true, value: { siteRelay: true, siteRelayFallback: 'vendor' } });
    expect(await dispatch(core.handlers, 'settings.set', { siteRelayFallback: 'none' })).toMatchObject({ ok: false, error: { code: 'forbidden', message: `siteRelayFallback is set by your IT department (${policyFile}) and cannot be changed here.` } });
    writeFileSync(policyFile, JSON.stringify({ version: 1, siteRelayFallback: 'relay' }));
    expect(readMachinePolicy(path.join(dir.path, 'relay-seat-2'), policyFile).problem).toMatch(/is not a valid Aisle policy: siteRelayFallback: /);
  });

  it('a malformed policy is reported and the last good one stays in force; without one, the defaults', () => {
    const dataDir = path.join(dir.path, 'last-good');
    writeFileSync(policyFile, JSON.stringify(POLICY));
    expect(readMachinePolicy(dataDir, policyFile)).toMatchObject({ source: 'file', problem: null });
    writeFileSync(policyFile, JSON.stringify({ ...POLICY, syncIntervalMinutes: 0 }));
    const kept = readMachinePolicy(dataDir, policyFile);
    expect(kept).toMatchObject({ source: 'last-good', settings: { syncIntervalMinutes: 15 }, demoAllowed: false });
    expect(kept.problem).toMatch(new RegExp(`^${policyFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a valid Aisle policy: syncIntervalMinutes: .*\\. The last good policy stays in force\\.$`));
    writeFileSync(policyFile, '{ "server": "https://wms.example.com", ');
    expect(readMachinePolicy(dataDir, policyFile)).toMatchObject({ source: 'last-good', problem: expect.stringMatching(/cannot be read: .*JSON/) });
    const fresh = readMachinePolicy(path.join(dir.path, 'never-good'), policyFile);
    expect(fresh).toMatchObject({ source: 'none', settings: {}, locked: [], demoAllowed: true, problem: expect.stringMatching(/No earlier policy was kept: the app's defaults are in force\.$/) });
    // and the settings under no policy are the user's
    const store = createConfSettingsStore(path.join(dir.path, 'plain'), { watch: false });
    expect(settingsUnderPolicy(store, fresh)).toBe(store);
    store.close();
  });

  it('the Electron host reads it: the kiosk it carries, the settings it locks, its problem logged', async () => {
    const exitPassword = await makeKey('exit 4 IT', { N: 2 ** 10, r: 8, p: 1 });
    writeFileSync(policyFile, JSON.stringify({ ...POLICY, kiosk: { exitPassword } }));
    process.env.AISLE_POLICY_FILE = policyFile;
    resetFakeElectronIn(dir.path, 'userData-electron');
    app.isPackaged = true;
    const host = (await startElectronHost({ appUrl: 'file:///opt/Aisle/index.html', overrides: { autoSync: false } }))!;
    try {
      expect(BrowserWindow.created[0]!.options).toMatchObject({ kiosk: true });
      // an installed kiosk opens at login
      expect(app.loginItem).toEqual({ openAtLogin: true });
      expect(await dispatch(host.core.handlers, 'kiosk.status', {})).toMatchObject({ ok: true, value: { enabled: true, canExit: true } });
      expect(await dispatch(host.core.handlers, 'settings.get', {})).toMatchObject({ ok: true, value: { syncIntervalMinutes: 15 } });
    } finally {
      await host.core.close();
    }
  });

  it('the CLI reads it: `aisle sync` to a server it does not allow is refused in one line', () => {
    writeFileSync(policyFile, JSON.stringify(POLICY));
    const run = spawnSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'electron/hosts/cli/bin.mjs'), 'sync', '--server', 'demo', '--email', 'a@example.com', '--data', path.join(dir.path, 'cli')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, AISLE_POLICY_FILE: policyFile, AISLE_PASSWORD: 'secret-pass' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^aisle sync: .*demo warehouse is turned off on this workstation by your IT department/m);
  });
});
