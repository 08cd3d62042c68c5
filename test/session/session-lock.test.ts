// Shared workstations: the session locks after the set time with no input (or when the user locks
// it), refuses every read while locked, and opens again only with the signed-in user's password.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { AisleError } from '../../electron/contract/errors.ts';
import { methods, type MethodName } from '../../electron/contract/methods.ts';
import { OPEN_WHILE_LOCKED } from '../../electron/core/session/session-lock.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { demoCore } from '../support/demo-core.ts';
import { harness, type HarnessOptions } from './harness.ts';

const SOLO = { email: 'solo@example.com', password: 'demo1234' };
const MINUTE = 60_000;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
const codeOf = (p: unknown) => Promise.resolve(p).then(() => 'ok', (e: unknown) => (e instanceof AisleError ? e.code : String(e)));

async function signedIn(lockAfterMinutes: number, options: HarnessOptions = {}) {
  const server = await startDemoServer({ port: 0 });
  cleanup.push(() => server.close());
  const h = harness(options);
  cleanup.push(() => h.close());
  h.settings.set({ lockAfterMinutes });
  await h.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: false });
  return h;
}

describe('the idle lock (session service, on a clock the test moves)', () => {
  it('locks after the set time without input; input puts it off', async () => {
    const h = await signedIn(5);
    h.clock.advance(5 * MINUTE - 1_000);
    expect(h.service.view().locked).toBe(false);
    expect(h.service.handlers['session.activity']({})).toEqual({ locked: false });

    h.clock.advance(5 * MINUTE - 2_000);
    expect(h.service.view().locked).toBe(false);
    const locked = h.next('session.changed', (v) => v.locked);
    h.clock.advance(2_000);
    expect(await locked).toMatchObject({ locked: true, state: 'signed-in', email: SOLO.email });
    // Input at a locked session does not open it.
    expect(h.service.handlers['session.activity']({})).toEqual({ locked: true });
    expect(h.service.isLocked()).toBe(true);
  });

  it('0 never locks; a new time takes effect at once, counted from the last input', async () => {
    const h = await signedIn(0);
    h.clock.advance(13 * MINUTE);
    expect(h.service.view().locked).toBe(false);

    h.settings.set({ lockAfterMinutes: 2 });
    h.service.settingsChanged();
    h.clock.advance(1);
    expect(h.service.view().locked).toBe(true);
  });

  it('without idle locking (the CLI) it never locks by itself, and still locks by hand', async () => {
    const h = await signedIn(1, { idleLock: false });
    h.clock.advance(10 * MINUTE);
    expect(h.service.view().locked).toBe(false);
    expect(h.service.handlers['session.lock']({})).toMatchObject({ locked: true });
  });

  it('opens with the right password only; wrong ones are refused, then rate limited', async () => {
    const h = await signedIn(0);
    await h.service.handlers['session.lock']({});
    expect(await codeOf(h.service.handlers['session.unlock']({ password: 'nope' }))).toBe('wrong_credentials');
    expect(h.service.view().locked).toBe(true);

    const opened = h.next('session.changed', (v) => !v.locked);
    expect(await h.service.handlers['session.unlock']({ password: SOLO.password })).toMatchObject({ locked: false, state: 'signed-in' });
    await opened;

    await h.service.handlers['session.lock']({});
    for (let i = 0; i < 3; i++) expect(await codeOf(h.service.handlers['session.unlock']({ password: `wrong-${i}` }))).toBe('wrong_credentials');
    // Locked out for a while: even the right password waits.
    const refused = await Promise.resolve(h.service.handlers['session.unlock']({ password: SOLO.password })).catch((e: AisleError) => e);
    expect(refused).toMatchObject({ code: 'too_many_attempts', retryAfterSeconds: 30 });
    h.clock.advance(30_000);
    expect(await h.service.handlers['session.unlock']({ password: SOLO.password })).toMatchObject({ locked: false });
  });

  it('with the offline verifier gone, the password held for refresh opens it', async () => {
    const h = await signedIn(0);
    rmSync(path.join(h.dataDir, 'offline-verifiers.json'));
    await h.service.handlers['session.lock']({});
    expect(await codeOf(h.service.handlers['session.unlock']({ password: 'nope' }))).toBe('wrong_credentials');
    expect(await h.service.handlers['session.unlock']({ password: SOLO.password })).toMatchObject({ locked: false });
  });

  it('a locked session can be signed out; the next sign-in starts unlocked with its own idle time', async () => {
    const h = await signedIn(3);
    h.clock.advance(3 * MINUTE);
    expect(h.service.view().locked).toBe(true);
    expect(await h.service.handlers['session.signOut']({})).toMatchObject({ state: 'signed-out', locked: false });
    expect(await codeOf(h.service.handlers['session.unlock']({ password: SOLO.password }))).toBe('not_signed_in');

    const server = await startDemoServer({ port: 0 });
    cleanup.push(() => server.close());
    await h.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: false });
    expect(h.service.view().locked).toBe(false);
    h.clock.advance(3 * MINUTE - 1_000);
    expect(h.service.view().locked).toBe(false);
    h.clock.advance(1_000);
    expect(h.service.view().locked).toBe(true);
  });
});

describe('a locked core', () => {
  it('refuses every method but the lock screen’s, and CSV downloads, until unlocked', async () => {
    const { core, firstRound } = await demoCore(cleanup);
    const synced = firstRound();
    await dispatch(core.handlers, 'session.signIn', { server: 'demo', ...SOLO });
    await synced;
    expect(await dispatch(core.handlers, 'search.query', { q: 'SKU' })).toMatchObject({ ok: true });

    expect(await dispatch(core.handlers, 'session.lock', {})).toMatchObject({ ok: true, value: { locked: true } });
    const refused: string[] = [];
    for (const name of Object.keys(methods) as MethodName[]) {
      if (OPEN_WHILE_LOCKED.has(name)) continue;
      // Called directly, past argument validation: the lock is checked before anything else.
      const call = core.handlers[name] as (args: unknown) => unknown;
      if ((await codeOf(Promise.resolve().then(() => call({})))) === 'locked') refused.push(name);
    }
    expect(refused).toEqual(Object.keys(methods).filter((name) => !OPEN_WHILE_LOCKED.has(name as MethodName)));
    expect(await dispatch(core.handlers, 'search.query', { q: 'SKU' })).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(await codeOf(core.writeCsv({ list: 'items' }, new PassThrough()))).toBe('locked');
    // The lock screen still has what it needs.
    expect(await dispatch(core.handlers, 'session.current', {})).toMatchObject({ ok: true, value: { locked: true, email: SOLO.email } });
    expect(await dispatch(core.handlers, 'settings.get', {})).toMatchObject({ ok: true });
    // a locked kiosk still closes for its exit password (this core is no kiosk: refused as such, not as locked)
    expect(await dispatch(core.handlers, 'kiosk.exit', { password: 'x' })).toMatchObject({ ok: false, error: { code: 'conflict' } });

    expect(await dispatch(core.handlers, 'session.unlock', { password: 'nope' })).toMatchObject({ ok: false, error: { code: 'wrong_credentials' } });
    expect(await dispatch(core.handlers, 'session.unlock', { password: SOLO.password })).toMatchObject({ ok: true, value: { locked: false } });
    expect(await dispatch(core.handlers, 'search.query', { q: 'SKU' })).toMatchObject({ ok: true });
  });
});
