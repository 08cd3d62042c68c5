// Kiosk mode: kiosk.json (written by `aisle kiosk on`) turns it on; the exit password, checked in
// main against its scrypt key, is the only way out from inside Aisle; wrong tries lock the exit out.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { KIOSK_FILE, readKioskPolicy, removeKioskPolicy, writeKioskPolicy } from '../../electron/core/session/kiosk-policy.ts';
import { createKioskHandlers } from '../../electron/core/kiosk/kiosk-service.ts';
import type { KioskHost } from '../../electron/core/context.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import { tempDir } from '../support/temp-dir.ts';

/** Cheap enough for tests; the CLI writes the default cost. */
const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
const EXIT = 'Ex1t-the-kiosk';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function folder(): string {
  const dir = tempDir();
  cleanup.push(() => dir.remove());
  return dir.path;
}

/** A core whose host is a kiosk with this folder's policy; `left` counts the host's closes. */
function kioskCore(dataDir: string) {
  const host = { policy: readKioskPolicy(dataDir), left: 0, leave: () => host.left++ };
  const core = createNodeCore({ host: 'browser', dataDir, overrides: { kiosk: host } });
  cleanup.push(() => core.close());
  return { core, host };
}

describe('the kiosk policy file', () => {
  it('is off without kiosk.json, on with the one `writeKioskPolicy` writes, off again once removed', async () => {
    const dir = folder();
    expect(readKioskPolicy(dir)).toEqual({ enabled: false });
    await writeKioskPolicy(dir, EXIT, { cost: CHEAP });
    const file = path.join(dir, KIOSK_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // only a salted key: not the password, in any spelling
    expect(readFileSync(file, 'utf8')).not.toContain(EXIT);
    expect(readFileSync(file, 'utf8')).not.toContain(Buffer.from(EXIT).toString('base64'));
    expect(readKioskPolicy(dir)).toMatchObject({ enabled: true, exit: { cost: CHEAP } });
    removeKioskPolicy(dir);
    expect(readKioskPolicy(dir)).toEqual({ enabled: false });
  });

  it('a damaged or foreign file keeps the kiosk on, with no exit from inside Aisle', () => {
    const dir = folder();
    const file = path.join(dir, KIOSK_FILE);
    const damaged = [
      '{"version":1,',
      '[]',
      JSON.stringify({ version: 2, exitPassword: { salt: 'AAAA', hash: 'AAAA', cost: CHEAP } }),
      // a cost that would freeze every try
      JSON.stringify({ version: 1, exitPassword: { salt: 'AAAA', hash: 'AAAA', cost: { N: 2 ** 24, r: 8, p: 1 } } }),
      JSON.stringify({ version: 1, exitPassword: { salt: 'AAAA', hash: 'AAAA', cost: { N: 1000, r: 8, p: 1 } } }),
      JSON.stringify({ version: 1, exitPassword: { salt: 'not base64!', hash: 'AAAA', cost: CHEAP } }),
    ];
    for (const text of damaged) {
      writeFileSync(file, text);
      const policy = readKioskPolicy(dir);
      expect(policy, text).toMatchObject({ enabled: true, exit: null });
      expect(policy.enabled && policy.problem).toMatch(/kiosk\.json/);
    }
  });
});

describe('kiosk.status and kiosk.exit through the contract', () => {
  it('not a kiosk: status says so, and exit is refused as a conflict', async () => {
    const core = createNodeCore({ host: 'browser', dataDir: folder() });
    cleanup.push(() => core.close());
    expect(await dispatch(core.handlers, 'kiosk.status', {})).toEqual({ ok: true, value: { enabled: false, canExit: false, server: null } });
    expect(await dispatch(core.handlers, 'kiosk.exit', { password: EXIT })).toMatchObject({ ok: false, error: { code: 'conflict', notice: { code: 'kiosk_not_on' } } });
  });

  it('closes the app for the exit password only; bad arguments are refused before any check', async () => {
    const dir = folder();
    await writeKioskPolicy(dir, EXIT, { cost: CHEAP });
    const { core, host } = kioskCore(dir);
    expect(await dispatch(core.handlers, 'kiosk.status', {})).toEqual({ ok: true, value: { enabled: true, canExit: true, server: null } });

    for (const args of [{}, { password: '' }, { password: 5 }, { password: EXIT, force: true }, { password: 'x'.repeat(1025) }]) {
      expect(await dispatch(core.handlers, 'kiosk.exit', args)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    }
    expect(await dispatch(core.handlers, 'kiosk.exit', { password: EXIT.toLowerCase() })).toEqual({
      ok: false,
      error: { code: 'wrong_credentials', message: 'Wrong exit password.' },
    });
    expect(host.left).toBe(0);
    expect(await dispatch(core.handlers, 'kiosk.exit', { password: EXIT })).toEqual({ ok: true, value: { leaving: true } });
    expect(host.left).toBe(1);
  });

  it('the workstation settings are IT\'s: the window may change only how the screen looks to its user', async () => {
    const dir = folder();
    await writeKioskPolicy(dir, EXIT, { cost: CHEAP });
    const { core } = kioskCore(dir);
    const before = (await dispatch(core.handlers, 'settings.get', {})) as { ok: true; value: Record<string, unknown> };
    for (const patch of [{ syncIntervalMinutes: 60 }, { lockAfterMinutes: 5 }, { unlockWithPin: true }, { server: 'https://elsewhere.example' }, { offlineLists: ['items'] }]) {
      expect(await dispatch(core.handlers, 'settings.set', { theme: 'dark', ...patch }), JSON.stringify(patch)).toMatchObject({
        ok: false,
        error: { code: 'forbidden', message: `On a kiosk, IT sets this workstation's settings, in its settings.json (${Object.keys(patch)[0]}).` },
      });
    }
    // nothing of a refused patch was kept, not even its look
    expect(await dispatch(core.handlers, 'settings.get', {})).toEqual(before);
    // the look is the user's; the workstation's values sent again unchanged are no change
    const look = { theme: 'contrast', floorMode: true, textSize: 150, scanSound: false, language: 'es', languages: { 'ana@example.com': 'en' }, syncIntervalMinutes: before.value.syncIntervalMinutes } as const;
    expect(await dispatch(core.handlers, 'settings.set', look)).toMatchObject({ ok: true, value: look });
  });

  it('a damaged policy: the kiosk stays, no password opens it, and sign-ins go to the workstation\'s own server only', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, KIOSK_FILE), 'not json');
    const { core, host } = kioskCore(dir);
    // the file may have pinned a server: the kiosk does not fall open to any, it keeps IT's settings' one
    expect(await dispatch(core.handlers, 'kiosk.status', {})).toEqual({ ok: true, value: { enabled: true, canExit: false, server: 'demo' } });
    expect(await dispatch(core.handlers, 'kiosk.exit', { password: EXIT })).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/IT must fix/) } });
    expect(host.left).toBe(0);
    // refused before anything is asked of it (nothing listens there: asked, it would be "offline")
    expect(await dispatch(core.handlers, 'session.signIn', { server: 'http://127.0.0.1:9', email: 'solo@example.com', password: 'demo1234' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: 'This workstation signs in to demo only (kiosk mode, set by IT).' },
    });
  });
});

describe('wrong exit passwords', () => {
  async function handlers() {
    const dir = folder();
    await writeKioskPolicy(dir, EXIT, { cost: CHEAP });
    const clock = { now: 1_000_000 };
    const host: KioskHost & { left: number } = { policy: readKioskPolicy(dir), left: 0, leave: () => host.left++ };
    return { h: createKioskHandlers(host, { now: () => clock.now }), host, clock };
  }
  const outcome = (p: Promise<unknown> | unknown) =>
    Promise.resolve(p).then(
      () => 'left',
      (e: { code: string; retryAfterSeconds?: number }) => `${e.code}${e.retryAfterSeconds ? ` ${e.retryAfterSeconds}` : ''}`,
    );

  it('three are free; then the exit is locked out for 30 s, even for the right one, and doubles', async () => {
    const { h, host, clock } = await handlers();
    for (let i = 0; i < 3; i++) expect(await outcome(h['kiosk.exit']({ password: `guess ${i}` }))).toBe('wrong_credentials');
    expect(await outcome(h['kiosk.exit']({ password: EXIT }))).toBe('too_many_attempts 30');
    clock.now += 29_000;
    expect(await outcome(h['kiosk.exit']({ password: EXIT }))).toBe('too_many_attempts 1');
    clock.now += 1_000;
    expect(await outcome(h['kiosk.exit']({ password: 'guess 4' }))).toBe('wrong_credentials');
    expect(await outcome(h['kiosk.exit']({ password: EXIT }))).toBe('too_many_attempts 60');
    expect(host.left).toBe(0);
    clock.now += 60_000;
    expect(await outcome(h['kiosk.exit']({ password: EXIT }))).toBe('left');
    expect(host.left).toBe(1);
  });

  it('a burst of tries is checked one at a time: the lockout holds inside it', async () => {
    const { h, host } = await handlers();
    const burst = Array.from({ length: 6 }, (_, i) => outcome(h['kiosk.exit']({ password: i === 5 ? EXIT : `guess ${i}` })));
    expect(await Promise.all(burst)).toEqual(['wrong_credentials', 'wrong_credentials', 'wrong_credentials', 'too_many_attempts 30', 'too_many_attempts 30', 'too_many_attempts 30']);
    expect(host.left).toBe(0);
  });
});

describe('a kiosk that pins the server', () => {
  it('kiosk.json keeps the server as an address or demo; anything else is refused when written, and damages a hand-written file', async () => {
    const dir = folder();
    await writeKioskPolicy(dir, EXIT, { server: 'https://WMS.example.com/v1/?x=1#y', cost: CHEAP });
    expect(readKioskPolicy(dir)).toMatchObject({ enabled: true, server: 'https://wms.example.com/v1' });
    await writeKioskPolicy(dir, EXIT, { server: 'Demo', cost: CHEAP });
    expect(readKioskPolicy(dir)).toMatchObject({ server: 'demo' });
    await writeKioskPolicy(dir, EXIT, { cost: CHEAP });
    expect(readKioskPolicy(dir)).toMatchObject({ server: null });
    for (const server of ['ftp://wms.example.com', 'wms.example.com', 'https://user:pw@wms.example.com']) {
      await expect(writeKioskPolicy(dir, EXIT, { server, cost: CHEAP })).rejects.toMatchObject({ code: 'invalid_argument' });
    }
    const file = path.join(dir, KIOSK_FILE);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...written, server: 'https://wms.example.com/' }));
    expect(readKioskPolicy(dir)).toMatchObject({ server: 'https://wms.example.com', exit: { cost: CHEAP } });
    writeFileSync(file, JSON.stringify({ ...written, server: 'javascript:alert(1)' }));
    expect(readKioskPolicy(dir)).toMatchObject({ enabled: true, exit: null, server: null });
  });

  it('signs in to the pinned server only, however it is spelled; every other server is refused before it is asked anything', async () => {
    const demo = await startDemoServer({ port: 0, items: 50 });
    cleanup.push(() => demo.close());
    let asked = 0;
    const other = http.createServer((_req, res) => {
      asked++;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => other.close(() => resolve())));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;

    const dir = folder();
    await writeKioskPolicy(dir, EXIT, { server: demo.url, cost: CHEAP });
    const { core } = kioskCore(dir);
    expect(await dispatch(core.handlers, 'kiosk.status', {})).toEqual({ ok: true, value: { enabled: true, canExit: true, server: demo.url } });
    const solo = { email: 'solo@example.com', password: 'demo1234' };
    for (const server of [otherUrl, 'demo', 'not a url']) {
      expect(await dispatch(core.handlers, 'session.signIn', { server, ...solo }), server).toMatchObject({
        ok: false,
        error: { code: 'forbidden', message: `This workstation signs in to ${demo.url} only (kiosk mode, set by IT).` },
      });
    }
    // the settings' server (where a check of a password goes with nobody signed in) is the pinned one too
    await dispatch(core.handlers, 'settings.set', { server: otherUrl });
    expect(await dispatch(core.handlers, 'session.validate', solo)).toEqual({ ok: true, value: { valid: true } });
    expect(asked).toBe(0);
    expect(await dispatch(core.handlers, 'session.signIn', { server: `${demo.url.toUpperCase()}/`, ...solo })).toMatchObject({
      ok: true,
      value: { status: 'signed-in', session: { server: demo.url, email: solo.email } },
    });
  });
});
