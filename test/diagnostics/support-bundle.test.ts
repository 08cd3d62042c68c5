// The diagnostics file IT attaches to a ticket, made after a real session (sign-in, a round, a round
// the server fails, a PIN, a kiosk exit password on disk): once through the contract as the app's
// Diagnostics page asks for it, once through `aisle diagnostics --out`. Each zip is unzipped and
// read, and every byte of it searched for the password, the PIN, the exit password and every token.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import type { DiagnosticsBundle, SyncStatus } from '../../electron/contract/types.ts';
import { writeKioskPolicy } from '../../electron/core/entrances/kiosk-policy.ts';
import { DEMO_PASSWORD, startDemoServer, type DemoServer } from '../../electron/demo/index.ts';
import { createNodeCore, type NodeCore } from '../../electron/hosts/node-core.ts';
import { startFaultProxy, type FaultProxy } from '../reliability/support/fault-proxy.ts';
import { tempDir } from '../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
const PIN = '73910284';
const EXIT_PASSWORD = 'kiosk-exit-secret-77';

describe('the diagnostics file', () => {
  const dir = tempDir('aisle-bundle-');
  const dataDir = path.join(dir.path, 'data');
  const exportDir = path.join(dir.path, 'Downloads');
  let demo: DemoServer;
  let proxy: FaultProxy;
  let core: NodeCore;
  const secrets: string[] = [DEMO_PASSWORD, PIN, EXIT_PASSWORD];

  beforeAll(async () => {
    demo = await startDemoServer({ seed: 5, items: 150, facilities: 1, accounts: 1, historyDays: 2, rateLimit: 0 });
    proxy = await startFaultProxy(demo.url, { record: (p) => p.startsWith('/v1/auth/') });
    core = createNodeCore({ host: 'browser', dataDir, overrides: { autoSync: false, exportDir } });
  });
  afterAll(async () => {
    await core?.close();
    await proxy?.close();
    await demo?.close();
    dir.remove();
  });

  const round = async () => {
    const before = ((await dispatch(core.handlers, 'sync.status', {})) as { ok: true; value: SyncStatus }).value.lastRoundFinishedAt;
    const over = new Promise<void>((resolve) => {
      const off = core.events.on('sync.status', (s) => {
        if (!s.running && s.lastRoundFinishedAt !== before) {
          off();
          resolve();
        }
      });
    });
    await dispatch(core.handlers, 'sync.now', {});
    await over;
  };

  const unzip = (file: string) => {
    const raw = readFileSync(file);
    const entries = unzipSync(new Uint8Array(raw));
    for (const [name, bytes] of Object.entries(entries)) {
      const text = Buffer.from(bytes);
      for (const secret of secrets) expect(text.includes(Buffer.from(secret)), `${name} holds ${secret.slice(0, 10)}…`).toBe(false);
    }
    for (const secret of secrets) expect(raw.includes(Buffer.from(secret)), `the zip holds ${secret.slice(0, 10)}…`).toBe(false);
    return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]));
  };

  it('through the contract: logs, requests, settings, policy, mirrors and the machine, and no secret', async () => {
    await dispatch(core.handlers, 'settings.set', { unlockWithPin: true });
    expect((await dispatch(core.handlers, 'session.signIn', { server: proxy.url, email: 'solo@example.com', password: DEMO_PASSWORD, rememberMe: false })).ok).toBe(true);
    await round();
    proxy.setFault({ kind: 'status', status: 502 });
    await round();
    proxy.setFault(null);
    expect((await dispatch(core.handlers, 'session.setPin', { pin: PIN })).ok).toBe(true);
    await writeKioskPolicy(dataDir, EXIT_PASSWORD, { cost: { N: 2 ** 10, r: 8, p: 1 } });
    for (const entry of proxy.log) {
      const text = entry.recorded ? JSON.stringify(entry.recorded.headers) + entry.recorded.body : '';
      for (const jwt of text.match(JWT) ?? []) secrets.push(jwt, jwt.split('.')[2]!);
      for (const [, token] of text.matchAll(/"refreshToken"\s*:\s*"([^"]+)"/g)) secrets.push(token!);
    }
    expect(secrets.some((s) => s.startsWith('eyJ'))).toBe(true);
    const kiosk = JSON.parse(readFileSync(path.join(dataDir, 'kiosk.json'), 'utf8')) as { exitPassword: { salt: string; hash: string } };
    secrets.push(kiosk.exitPassword.salt, kiosk.exitPassword.hash);

    const answer = await dispatch(core.handlers, 'diagnostics.bundle', {});
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
    const written = (answer as { ok: true; value: DiagnosticsBundle }).value;
    expect(path.dirname(written.file)).toBe(exportDir);
    expect(path.basename(written.file)).toMatch(/^aisle-diagnostics-browser-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.zip$/);
    const files = unzip(written.file);
    const day = new Date().toISOString().slice(0, 10);
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'about.json', `logs/aisle-${day}.log`, 'mirrors.json', 'policy.json', 'requests.json', 'settings.json'].sort());
    expect(written.entries.sort()).toEqual(Object.keys(files).sort());

    const about = JSON.parse(files['about.json']!);
    expect(about).toMatchObject({ aisle: { host: 'browser', dataDir }, versions: { node: process.versions.node }, machine: { platform: process.platform, cpus: expect.any(Number), memoryBytes: expect.any(Number), dataDisk: { freeBytes: expect.any(Number) } } });
    expect(JSON.parse(files['settings.json']!)).toMatchObject({ inForce: { server: proxy.url, unlockWithPin: true }, onDisk: { settings: { server: proxy.url } } });
    expect(JSON.parse(files['policy.json']!)).toMatchObject({ kioskFile: { version: 1, exitPasswordSet: true } });
    const requests = JSON.parse(files['requests.json']!) as { status: number | null; url: string }[];
    expect(requests.some((r) => r.status === 502)).toBe(true);
    expect(requests.some((r) => r.status === 200)).toBe(true);
    const [mirror] = JSON.parse(files['mirrors.json']!) as { bytes: number; identity: { email: string }; datasets: { key: string; rows: number; lastError: unknown }[] }[];
    expect(mirror!.bytes).toBeGreaterThan(0);
    expect(mirror!.identity.email).toBe('solo@example.com');
    expect(mirror!.datasets.find((d) => d.key.startsWith('items@'))!.rows).toBe(150);
    expect(mirror!.datasets.some((d) => d.lastError !== null)).toBe(true);
    expect(files[`logs/aisle-${day}.log`]).toContain('"message":"sync: dataset failed"');
  });

  it('through `aisle diagnostics --out`: the same from the data folder alone', async () => {
    await core.close();
    const out = path.join(dir.path, 'ticket.zip');
    const run = spawnSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'electron/hosts/cli/bin.mjs'), 'diagnostics', '--out', out, '--data', dataDir], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^wrote .*ticket\.zip \(\d+ KB, 7 files\)\n$/);
    const files = unzip(out);
    expect(JSON.parse(files['about.json']!).aisle.host).toBe('cli');
    expect(JSON.parse(files['requests.json']!)).toEqual({ note: expect.stringMatching(/failed requests are in the logs/) });
    expect((JSON.parse(files['mirrors.json']!) as unknown[]).length).toBe(1);
    expect(Object.keys(files).some((name) => name.startsWith('logs/aisle-'))).toBe(true);
  });

  it('`aisle diagnostics` without --out says so, exit 2', () => {
    const run = spawnSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'electron/hosts/cli/bin.mjs'), 'diagnostics'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe('aisle diagnostics: --out is required (where to write the zip).');
  });
});
