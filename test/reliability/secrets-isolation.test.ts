// Point 4: after sign-in, sync, a refresh and sign-out, no password, refresh token or JWT is found in
// plain text anywhere in the data folder (settings, profiles, the mirror and its WAL, the logs).
// Two users on one workstation never open or see each other's mirror, online or offline, and
// sign-out forgets what it must.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult, SessionView, SignInResult } from '../../electron/contract/types.ts';
import type { Logger } from '../../electron/core/context.ts';
import { createAisleLogger } from '../../electron/core/entrances/log.ts';
import { createConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { startDemoServer, DEMO_PASSWORD, type DemoServer } from '../../electron/demo/index.ts';
import { testSecretBox } from '../session/harness.ts';
import { tempDir } from '../support/temp-dir.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { recordFigures } from './support/figures.ts';
import { createWorkstation, type Workstation } from './support/workstation.ts';

const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

let demo: DemoServer;
let proxy: FaultProxy;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  demo = await startDemoServer({ seed: 9, items: 300, facilities: 2, accounts: 1, historyDays: 2, rateLimit: 0 });
  proxy = await startFaultProxy(demo.url, { record: (p) => p.startsWith('/v1/auth/') });
});
afterAll(async () => {
  recordFigures('secrets', figures);
  await proxy?.close();
  await demo?.close();
});

/** The log the hosts keep: the day's file in the data folder. */
function fileLogger(dataDir: string): Logger {
  const log = createAisleLogger(dataDir, { host: 'browser' });
  log.info('workstation started');
  return log;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

function workstation(dataDir: string): Workstation {
  return createWorkstation({ dataDir, settingsStore: createConfSettingsStore(dataDir), secrets: testSecretBox(), log: fileLogger(dataDir) });
}

const signIn = (ws: Workstation, email: string, password: string, rememberMe = false) =>
  ws.session.handlers['session.signIn']({ server: proxy.url, email, password, rememberMe }) as Promise<SignInResult>;
const signOut = (ws: Workstation) => ws.session.handlers['session.signOut']({}) as Promise<SessionView>;
const search = async (ws: Workstation, q: string) => (await ws.lookup.handlers['search.query']({ q, limit: 50 })) as SearchResult;

describe('secrets on disk (point 4)', () => {
  it('no password, refresh token or JWT in plain text in the data folder while signed in and after sign-out', async () => {
    const dir = tempDir('aisle-secrets-');
    const ws = workstation(dir.path);
    const seen = new Set<string>();
    const collect = () => {
      for (const entry of proxy.log) {
        if (!entry.recorded) continue;
        const text = JSON.stringify(entry.recorded.headers) + entry.recorded.body;
        for (const jwt of text.match(JWT) ?? []) seen.add(jwt);
        for (const [, token] of text.matchAll(/"refreshToken"\s*:\s*"([^"]+)"/g)) seen.add(token);
      }
    };
    const scans: Record<string, unknown>[] = [];
    const scan = (moment: string) => {
      collect();
      const secrets = [...seen].filter((s) => s.length >= 16);
      const jwts = secrets.filter((s) => s.startsWith('eyJ'));
      expect(jwts.length, 'JWTs captured').toBeGreaterThanOrEqual(1);
      expect(secrets.length - jwts.length, 'refresh tokens captured').toBeGreaterThanOrEqual(1);
      // A JWT's signature alone would do as well: search for it too.
      const needles = [DEMO_PASSWORD, ...secrets, ...jwts.map((j) => j.split('.')[2])].map((s) => Buffer.from(s));
      const files = filesUnder(dir.path);
      const found: string[] = [];
      let bytes = 0;
      for (const file of files) {
        const content = readFileSync(file);
        bytes += content.length;
        for (const needle of needles) if (content.includes(needle)) found.push(`${path.relative(dir.path, file)} holds ${needle.toString().slice(0, 12)}…`);
      }
      const names = files.map((f) => path.relative(dir.path, f).replace(/[0-9a-f]{32}/, '<hash>'));
      scans.push({ moment, files: files.length, bytes, passwords: 1, jwts: jwts.length, refreshTokens: secrets.length - jwts.length, found: found.length, fileNames: names });
      expect(found, moment).toEqual([]);
      return names;
    };
    try {
      expect((await signIn(ws, 'solo@example.com', DEMO_PASSWORD, true)).status).toBe('signed-in');
      seen.add(await ws.session.accessToken());
      await ws.syncNow();
      // A refresh rotates both tokens; the round after it uses the new access token.
      seen.add(await ws.session.refreshAfterUnauthorized(await ws.session.accessToken()));
      await ws.syncNow();
      // A wrong password goes through the logs too.
      await ws.session.handlers['session.validate']({ email: 'solo@example.com', password: 'wrong-password-123' });
      const signedIn = scan('signed in, remembered, after two rounds and a refresh');
      expect(signedIn).toContain('remembered-sign-in.json');
      expect(signedIn.some((f) => f.endsWith('.sqlite-wal')), 'the WAL was scanned').toBe(true);
      expect(signedIn).toContain(`logs/aisle-${new Date().toISOString().slice(0, 10)}.log`);
      expect(signedIn).toContain('settings.json');
      await signOut(ws);
    } finally {
      await ws.close();
    }
    scan('after sign-out');
    figures.scans = scans;
    dir.remove();
  });
});

describe('two users on one workstation (point 4)', () => {
  let dir: ReturnType<typeof tempDir>;
  let ws: Workstation;
  beforeAll(() => {
    dir = tempDir('aisle-two-users-');
    ws = workstation(dir.path);
  });
  afterAll(async () => {
    await ws.close();
    await proxy.up();
    dir.remove();
  });

  it('neither sees the other’s mirror online or offline, and sign-out forgets the session', async () => {
    // Ann: solo@example.com (one facility). She syncs; her mirror answers a search.
    await signIn(ws, 'solo@example.com', DEMO_PASSWORD, true);
    const annMirror = ws.mirrors.current()!.path;
    await ws.syncNow();
    const annItems = (await search(ws, 'a')).hits.length;
    expect(annItems).toBeGreaterThan(0);
    const annToken = await ws.session.accessToken();

    // Sign-out forgets: no session, no mirror open, no token, nothing remembered, and the server ended it.
    const out = await signOut(ws);
    expect(out.state).toBe('signed-out');
    expect(ws.mirrors.current()).toBeNull();
    await expect(ws.session.accessToken()).rejects.toMatchObject({ code: 'not_signed_in' });
    await expect(search(ws, 'a')).rejects.toMatchObject({ code: 'not_signed_in' });
    expect(readdirSync(dir.path)).not.toContain('remembered-sign-in.json');
    const replay = await fetch(`${demo.url}/v1/api/pub/lists/accounts/query`, { headers: { Authorization: `Bearer ${annToken}` } });
    expect(replay.status, 'the old token is dead on the server').toBe(401);

    // Bob: admin@example.com, same workstation. His mirror is another file, empty until he syncs.
    await signIn(ws, 'admin@example.com', DEMO_PASSWORD);
    const bobMirror = ws.mirrors.current()!.path;
    expect(bobMirror).not.toBe(annMirror);
    expect((await search(ws, 'a')).hits).toEqual([]);
    await ws.syncNow();
    const bobDatasets = (ws.sync.handlers['sync.status']({}) as { datasets: { key: string }[] }).datasets.map((d) => d.key).sort();
    await signOut(ws);

    // Offline (the server gone): each opens only their own mirror; a wrong password opens nothing.
    await proxy.down();
    const annOffline = await signIn(ws, 'solo@example.com', DEMO_PASSWORD);
    expect(annOffline.status === 'signed-in' && annOffline.session.state).toBe('offline');
    expect(ws.mirrors.current()!.path).toBe(annMirror);
    expect((await search(ws, 'a')).hits.length).toBe(annItems);
    const annDatasets = (ws.sync.handlers['sync.status']({}) as { datasets: { key: string }[] }).datasets.map((d) => d.key).sort();
    expect(annDatasets).not.toEqual(bobDatasets); // Bob keeps every facility offline, Ann one
    await signOut(ws);
    await expect(signIn(ws, 'admin@example.com', 'not-his-password')).rejects.toMatchObject({ code: 'wrong_credentials' });
    expect(ws.mirrors.current()).toBeNull();
    await expect(signIn(ws, 'nobody@example.com', DEMO_PASSWORD)).rejects.toMatchObject({ code: 'offline' });
    expect(ws.mirrors.current()).toBeNull();
    await signIn(ws, 'admin@example.com', DEMO_PASSWORD);
    expect(ws.mirrors.current()!.path).toBe(bobMirror);
    await signOut(ws);

    // The files themselves: private to the OS user, one per identity.
    for (const file of [annMirror, bobMirror]) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(annMirror)).mode & 0o777).toBe(0o700);
    figures.twoUsers = { mirrors: 2, annDatasets: annDatasets.length, bobDatasets: bobDatasets.length, offlineSignInsChecked: 4, crossAccessFound: 0 };
  });
});
