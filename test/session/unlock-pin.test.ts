// Unlock PINs on a shared workstation: where settings allow them, a user sets a PIN and a locked
// session of theirs opens with it; it opens nothing of anyone else's, three wrong ones remove it
// (the password still opens), and turning PINs off in settings stops them at once.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { AisleError } from '../../electron/contract/errors.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { demoCore } from '../support/demo-core.ts';
import { harness } from './harness.ts';

const SOLO = { email: 'solo@example.com', password: 'demo1234' };
const ADMIN = { email: 'admin@example.com', password: 'demo1234' };
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
const codeOf = (p: unknown) => Promise.resolve(p).then(() => 'ok', (e: unknown) => (e instanceof AisleError ? e.code : String(e)));

async function signedIn(unlockWithPin: boolean) {
  const server = await startDemoServer({ port: 0 });
  cleanup.push(() => server.close());
  const h = harness();
  cleanup.push(() => h.close());
  h.settings.set({ unlockWithPin });
  await h.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: false });
  return { h, server };
}

describe('unlock PINs', () => {
  it('a PIN set by the signed-in user opens their locked session; the file holds no PIN', async () => {
    const { h } = await signedIn(true);
    const handlers = h.service.handlers;
    expect(handlers['session.pin']({})).toEqual({ allowed: true, set: false });
    expect(await handlers['session.setPin']({ pin: '4821' })).toEqual({ allowed: true, set: true });
    const file = path.join(h.dataDir, 'unlock-pins.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toMatch(/4821/);

    await handlers['session.lock']({});
    expect(handlers['session.pin']({})).toEqual({ allowed: true, set: true });
    expect(await codeOf(handlers['session.unlockWithPin']({ pin: '1284' }))).toBe('wrong_credentials');
    expect(h.service.view().locked).toBe(true);
    const opened = h.next('session.changed', (v) => !v.locked);
    expect(await handlers['session.unlockWithPin']({ pin: '4821' })).toMatchObject({ locked: false, email: SOLO.email });
    await opened;
    // an open session: a PIN changes nothing
    expect(await handlers['session.unlockWithPin']({ pin: '0000' })).toMatchObject({ locked: false });
  });

  it('three wrong PINs in a row remove it; the password still opens, and a new PIN can be set', async () => {
    const { h } = await signedIn(true);
    const handlers = h.service.handlers;
    await handlers['session.setPin']({ pin: '4821' });
    await handlers['session.lock']({});
    const triesLeft = (p: unknown) => Promise.resolve(p).then(() => null, (e: unknown) => (e instanceof AisleError ? e.toContractError().triesLeft : String(e)));
    expect(await triesLeft(handlers['session.unlockWithPin']({ pin: '1111' }))).toBe(2);
    expect(await triesLeft(handlers['session.unlockWithPin']({ pin: '1112' }))).toBe(1);
    // a right one in between starts the count again
    expect(await handlers['session.unlockWithPin']({ pin: '4821' })).toMatchObject({ locked: false });
    await handlers['session.lock']({});
    // a burst is checked one try at a time: the third removes the PIN, later ones find none
    const burst = await Promise.all(['1111', '2222', '3333', '4821'].map((pin) => codeOf(handlers['session.unlockWithPin']({ pin }))));
    expect(burst).toEqual(['wrong_credentials', 'wrong_credentials', 'too_many_attempts', 'forbidden']);
    expect(handlers['session.pin']({})).toEqual({ allowed: true, set: false });
    expect(h.service.view().locked).toBe(true);
    expect(await handlers['session.unlock']({ password: SOLO.password })).toMatchObject({ locked: false });
    expect(await handlers['session.setPin']({ pin: '90210' })).toEqual({ allowed: true, set: true });
  });

  it('opens only its own user’s session: another user signed in here is not opened by it', async () => {
    const { h, server } = await signedIn(true);
    const handlers = h.service.handlers;
    await handlers['session.setPin']({ pin: '4821' });
    await handlers['session.signOut']({});
    await handlers['session.signIn']({ server: server.url, ...ADMIN, rememberMe: false });
    expect(handlers['session.pin']({})).toEqual({ allowed: true, set: false });
    await handlers['session.lock']({});
    expect(await codeOf(handlers['session.unlockWithPin']({ pin: '4821' }))).toBe('forbidden');
    expect(h.service.view()).toMatchObject({ locked: true, email: ADMIN.email });
  });

  it('PINs off in settings: none can be set, and one set before opens nothing until they are on again', async () => {
    const { h } = await signedIn(false);
    const handlers = h.service.handlers;
    expect(handlers['session.pin']({})).toEqual({ allowed: false, set: false });
    expect(await codeOf(handlers['session.setPin']({ pin: '4821' }))).toBe('forbidden');
    h.settings.set({ unlockWithPin: true });
    await handlers['session.setPin']({ pin: '4821' });
    h.settings.set({ unlockWithPin: false });
    await handlers['session.lock']({});
    expect(await codeOf(handlers['session.unlockWithPin']({ pin: '4821' }))).toBe('forbidden');
    h.settings.set({ unlockWithPin: true });
    expect(await handlers['session.unlockWithPin']({ pin: '4821' })).toMatchObject({ locked: false });
    // removing is always possible
    h.settings.set({ unlockWithPin: false });
    expect(handlers['session.clearPin']({})).toEqual({ allowed: false, set: false });
  });
});

describe('unlock PINs through the contract', () => {
  it('refuses a PIN that is not 4 to 8 digits before anything else; setting one needs an open session', async () => {
    const { core } = await demoCore(cleanup);
    expect(await dispatch(core.handlers, 'settings.set', { unlockWithPin: true })).toMatchObject({ ok: true, value: { unlockWithPin: true } });
    expect(await dispatch(core.handlers, 'session.setPin', { pin: '4821' })).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    await dispatch(core.handlers, 'session.signIn', { server: 'demo', ...SOLO });
    for (const pin of ['123', '123456789', '12a4', ' 1234', '١٢٣٤', 1234]) {
      expect(await dispatch(core.handlers, 'session.setPin', { pin }), String(pin)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    }
    expect(await dispatch(core.handlers, 'session.setPin', { pin: '4821', extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(await dispatch(core.handlers, 'session.setPin', { pin: '4821' })).toMatchObject({ ok: true, value: { set: true } });
    await dispatch(core.handlers, 'session.lock', {});
    // while locked: the lock screen can ask and unlock, nobody can set or remove a PIN
    expect(await dispatch(core.handlers, 'session.pin', {})).toMatchObject({ ok: true, value: { allowed: true, set: true } });
    expect(await dispatch(core.handlers, 'session.setPin', { pin: '1111' })).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(await dispatch(core.handlers, 'session.clearPin', {})).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(await dispatch(core.handlers, 'session.unlockWithPin', { pin: '4821' })).toMatchObject({ ok: true, value: { locked: false } });
  });
});
