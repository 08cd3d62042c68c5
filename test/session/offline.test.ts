// Offline sign-in against the local verifier, the server going down and coming back, "remember me".
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AisleError } from '../../electron/contract/errors.ts';
import type { Connectivity } from '../../electron/contract/types.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { harness, testSecretBox } from './harness.ts';
import { until } from './manual-clock.ts';

const SOLO = { email: 'solo@example.com', password: 'demo1234' };
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
const codeOf = (p: unknown) => Promise.resolve(p).then(() => 'ok', (e: AisleError) => e.code);

describe('offline sign-in', () => {
  for (const tokenDelivery of ['cookie', 'header', 'redirect'] as const) {
    it(`opens the own mirror with the right password while the server is down, then goes online by itself (${tokenDelivery})`, async () => {
      let server = await startDemoServer({ port: 0, tokenDelivery });
      const port = Number(new URL(server.url).port);
      cleanup.push(() => server.close());
      const h = harness();
      cleanup.push(() => h.close());
      const signIn = async (password: string) => h.service.handlers['session.signIn']({ server: server.url, email: SOLO.email, password, rememberMe: false });

      // Never signed in online here: offline is just offline.
      const unknown = harness();
      cleanup.push(() => unknown.close());
      await server.close();
      expect(await codeOf(unknown.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: false }))).toBe('offline');

      server = await startDemoServer({ port, tokenDelivery });
      const online = await signIn(SOLO.password);
      expect(online.status === 'signed-in' && online.session.state).toBe('signed-in');
      const identity = h.service.identity();
      await h.service.handlers['session.signOut']({});
      for (const file of readdirSync(h.dataDir)) {
        expect(statSync(path.join(h.dataDir, file)).mode & 0o777).toBe(0o600);
        expect(readFileSync(path.join(h.dataDir, file), 'utf8')).not.toContain(SOLO.password);
      }

      await server.close();
      expect(await codeOf(signIn('wrong-password'))).toBe('wrong_credentials');
      const offline = await signIn(SOLO.password);
      expect(offline.status).toBe('signed-in');
      expect(offline.status === 'signed-in' && offline.session).toMatchObject({ state: 'offline', email: SOLO.email, userName: 'Sofía Ortega' });
      expect(h.service.identity()).toEqual(identity);
      expect(h.service.facilities().length).toBeGreaterThan(0);
      expect(await codeOf(h.service.accessToken())).toBe('offline');
      await until(() => (h.service.handlers['connectivity.get']({}) as Connectivity).state === 'offline' && h.clock.pending().length > 0, 'connectivity offline');

      // The server comes back: the next ping finds it and the session opens online without asking.
      server = await startDemoServer({ port, tokenDelivery });
      const back = h.next('session.changed', (v) => v.state === 'signed-in');
      const reachable = h.next('connectivity.changed', (c) => c.state === 'online');
      h.clock.fireNext();
      await reachable;
      // By the time the app hears "online", the session is already usable (sync starts on that event).
      expect(h.service.view().state).toBe('signed-in');
      const view = await back;
      expect(view.sessionId).toBeTruthy();
      expect(h.service.identity()).toEqual(identity);
      expect((await h.service.handlers['session.info']({})).sn).toBe(view.sessionId);
    });
  }

  it('rate limits wrong offline passwords', async () => {
    const server = await startDemoServer({ port: 0 });
    const h = harness();
    cleanup.push(() => h.close());
    const signIn = async (password: string) => h.service.handlers['session.signIn']({ server: server.url, email: SOLO.email, password, rememberMe: false });
    await signIn(SOLO.password);
    await h.service.handlers['session.signOut']({});
    await server.close();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await codeOf(signIn('guess-' + i)));
    expect(codes).toEqual(['wrong_credentials', 'wrong_credentials', 'wrong_credentials', 'too_many_attempts']);
    const locked = (await signIn(SOLO.password).catch((e: unknown) => e)) as AisleError;
    expect(locked.code).toBe('too_many_attempts');
    expect(locked.retryAfterSeconds).toBeGreaterThan(0);
    expect(h.service.view().state).toBe('signed-out');
    h.clock.advance(locked.retryAfterSeconds! * 1000);
    expect(await codeOf(signIn(SOLO.password))).toBe('ok');
  });

  it('a download that cannot reach the server makes the session check at once, not at the next ping', async () => {
    const server = await startDemoServer({ port: 0 });
    cleanup.push(() => server.close());
    const h = harness();
    cleanup.push(() => h.close());
    await h.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: false });
    await until(() => (h.service.handlers['connectivity.get']({}) as Connectivity).state === 'online', 'online');
    await server.close();
    const offline = h.next('connectivity.changed', (c) => c.state === 'offline');
    h.service.unreachable();
    expect((await offline).state).toBe('offline');
  });

  it('a session whose token runs out while the server is down goes offline and back online', async () => {
    let server = await startDemoServer({ port: 0 });
    const port = Number(new URL(server.url).port);
    cleanup.push(() => server.close());
    const h = harness();
    cleanup.push(() => h.close());
    await h.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: false });
    await server.close();
    // The refresh falls due after the token has run out: the session is marked offline, not expired.
    const offline = h.next('session.changed', (v) => v.state === 'offline');
    h.clock.advance(Date.parse(h.service.view().expiresAt!) - h.clock.now() + 1_000);
    expect((await offline).email).toBe(SOLO.email);
    expect(h.service.identity()?.email).toBe(SOLO.email);
    expect(await codeOf(h.service.accessToken())).toBe('offline');
    await until(() => (h.service.handlers['connectivity.get']({}) as Connectivity).state === 'offline' && h.clock.pending().length > 0, 'offline, next ping planned');

    server = await startDemoServer({ port });
    const back = h.next('session.changed', (v) => v.state === 'signed-in');
    h.clock.fireNext();
    expect((await back).sessionId).toBeTruthy();
    expect(await h.service.accessToken()).toBeTruthy();
  });
});

describe('remember me', () => {
  it('keeps the password encrypted with the SecretBox and signs in again at start; sign-out forgets it', async () => {
    const server = await startDemoServer({ port: 0 });
    cleanup.push(() => server.close());
    const secrets = testSecretBox();
    const h = harness({ secrets });
    cleanup.push(() => h.close());
    await h.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: true });
    const file = path.join(h.dataDir, 'remembered-sign-in.json');
    expect(readFileSync(file, 'utf8')).not.toContain(SOLO.password);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restarted = h.restart();
    cleanup.push(() => restarted.service.close());
    const view = await restarted.next('session.changed', (v) => v.state === 'signed-in');
    expect(view.email).toBe(SOLO.email);
    await restarted.service.handlers['session.signOut']({});
    expect(readdirSync(h.dataDir)).not.toContain('remembered-sign-in.json');

    // Without a SecretBox nothing is remembered.
    const plain = harness();
    cleanup.push(() => plain.close());
    await plain.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: true });
    expect(readdirSync(plain.dataDir)).not.toContain('remembered-sign-in.json');
  });
});
