// Signing in against the demo server over real HTTP, for each way the server may deliver the JWT.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { withAccessToken } from '../../electron/core/api/authorized.ts';
import { openJsonStream } from '../../electron/core/api/json-stream-request.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { readJson } from '../api/local-server.ts';
import { FAST_RETRY, harness, type Harness } from './harness.ts';

const DEMO = { email: 'demo@example.com', password: 'demo1234' };
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(tokenDelivery: 'cookie' | 'header' | 'redirect') {
  const server = await startDemoServer({ port: 0, tokenDelivery });
  cleanup.push(() => server.close());
  const h = harness();
  cleanup.push(() => h.close());
  return { server, h };
}

const codeOf = (p: Promise<unknown> | unknown) => Promise.resolve(p).then(() => 'ok', (e: AisleError) => e.code);

async function signInDemo(h: Harness, url: string, licenseIndex = 0) {
  const first = await h.service.handlers['session.signIn']({ server: url, ...DEMO, rememberMe: false });
  if (first.status !== 'choose-license') return first.session;
  return h.service.handlers['session.chooseLicense']({ licenseId: first.licenses[licenseIndex].id });
}

for (const mode of ['cookie', 'header', 'redirect'] as const) {
  describe(`sign-in with the JWT delivered by ${mode}`, () => {
    it('lists licenses, opens the chosen one, loads profile and session info, and remembers the choice', async () => {
      const { server, h } = await setup(mode);
      const first = await h.service.handlers['session.signIn']({ server: server.url, ...DEMO, rememberMe: false });
      expect(first.status).toBe('choose-license');
      if (first.status !== 'choose-license') return;
      expect(first.licenses).toHaveLength(2);
      expect(first.rememberedLicenseId).toBeNull();
      expect(h.service.identity()).toBeNull();

      const chosen = first.licenses[1];
      const changed = h.next('session.changed', (v) => v.state === 'signed-in');
      const view = await h.service.handlers['session.chooseLicense']({ licenseId: chosen.id });
      expect(await changed).toEqual(view);
      expect(view).toMatchObject({ state: 'signed-in', email: DEMO.email, userName: 'Demo User', licenseId: chosen.id, licenseType: chosen.license_type, locale: 'en_US' });
      expect(view.sessionId).toBeTruthy();
      expect(view.facilities.length).toBeGreaterThan(0);
      expect(view.facilities[0]).toMatchObject({ id: expect.any(String), code: expect.any(String), name: expect.any(String) });
      expect(h.service.identity()).toEqual({ server: server.url, email: DEMO.email, licenseId: chosen.id });
      expect(h.service.baseUrl()).toBe(server.url);

      const info = await h.service.handlers['session.info']({});
      expect(info).toMatchObject({ userEmail: DEMO.email, licenseId: chosen.id, sn: view.sessionId });

      // The Bearer token opens /v1/api/pub.
      const facilities = await withAccessToken(h.service, (accessToken) => openJsonStream({ baseUrl: server.url, path: '/v1/api/pub/lists/facilities/query', method: 'GET', accessToken }));
      expect(facilities.status).toBe(200);
      expect(facilities.status === 200 && Array.isArray(await readJson(facilities.body))).toBe(true);

      // Next time the remembered license is used without asking.
      await h.service.handlers['session.signOut']({});
      const again = await h.service.handlers['session.signIn']({ server: server.url, ...DEMO, rememberMe: false });
      expect(again.status).toBe('signed-in');
      expect(again.status === 'signed-in' && again.session.licenseId).toBe(chosen.id);
      // ...and it is a default, not a lock: asked for, the picker comes, the remembered one marked
      await h.service.handlers['session.signOut']({});
      const asked = await h.service.handlers['session.signIn']({ server: server.url, ...DEMO, rememberMe: false, chooseLicense: true });
      expect(asked).toMatchObject({ status: 'choose-license', rememberedLicenseId: chosen.id });
      const other = asked.status === 'choose-license' ? asked.licenses.find((l) => l.id !== chosen.id)! : null;
      expect(await h.service.handlers['session.chooseLicense']({ licenseId: other!.id })).toMatchObject({ state: 'signed-in', licenseId: other!.id });
      await h.service.handlers['session.signOut']({});
      const back = await h.service.handlers['session.signIn']({ server: server.url, ...DEMO, rememberMe: false, chooseLicense: true });
      expect(back).toMatchObject({ status: 'choose-license', rememberedLicenseId: other!.id });
      await h.service.handlers['session.chooseLicense']({ licenseId: chosen.id });

      // Nothing secret reached events or files.
      const token = await h.service.accessToken();
      const published = JSON.stringify(h.seen);
      expect(published).not.toContain(DEMO.password);
      expect(published).not.toContain(token);
      for (const file of readdirSync(h.dataDir)) {
        const text = readFileSync(path.join(h.dataDir, file), 'utf8');
        expect(text).not.toContain(DEMO.password);
        expect(text).not.toContain(token);
      }
    });

    it('sign-out ends the session on the server and forgets it locally', async () => {
      const { server, h } = await setup(mode);
      await signInDemo(h, server.url);
      const token = await h.service.accessToken();
      const signedOut = h.next('session.changed', (v) => v.state === 'signed-out');
      const view = await h.service.handlers['session.signOut']({});
      expect(view.state).toBe('signed-out');
      await signedOut;
      expect(h.service.identity()).toBeNull();
      expect(await codeOf(h.service.accessToken())).toBe('not_signed_in');
      expect(await codeOf(h.service.handlers['session.info']({}))).toBe('not_signed_in');
      // The old token is dead on the server.
      expect(await codeOf(openJsonStream({ baseUrl: server.url, path: '/v1/api/pub/lists/facilities/query', method: 'GET', accessToken: token }))).toBe('unauthorized');
    });
  });
}

describe('sign-in outcomes', () => {
  it('a single license is opened without asking; wrong password, disabled user and disabled license are typed', async () => {
    const { server, h } = await setup('cookie');
    const solo = await h.service.handlers['session.signIn']({ server: server.url, email: 'solo@example.com', password: 'demo1234', rememberMe: false });
    expect(solo.status).toBe('signed-in');
    expect(solo.status === 'signed-in' && solo.session.locale).toBe('es_ES');
    const signIn = async (email: string, password = 'demo1234') => h.service.handlers['session.signIn']({ server: server.url, email, password, rememberMe: false });
    expect(await codeOf(signIn('demo@example.com', 'wrong'))).toBe('wrong_credentials');
    expect(await codeOf(signIn('nobody@example.com'))).toBe('wrong_credentials');
    expect(await codeOf(signIn('disabled@example.com'))).toBe('user_disabled');
    expect(await codeOf(signIn('lapsed@example.com'))).toBe('license_disabled');
    // Failed sign-ins left the signed-in session alone.
    expect(h.service.view()).toMatchObject({ state: 'signed-in', email: 'solo@example.com' });
    expect(await codeOf(h.service.handlers['session.chooseLicense']({ licenseId: 'nope' }))).toBe('not_signed_in');
  });

  it('validate, user by e-mail, ping, listing the open sessions, ending another session by id', async () => {
    const { server, h } = await setup('cookie');
    await signInDemo(h, server.url);
    expect(await h.service.handlers['session.validate'](DEMO)).toEqual({ valid: true });
    expect(await h.service.handlers['session.validate']({ ...DEMO, password: 'nope' })).toEqual({ valid: false });
    const user = await h.service.handlers['session.userByEmail']({ email: 'solo@example.com', includeDisabled: false });
    expect(user).toMatchObject({ email: 'solo@example.com', name: 'Sofía Ortega' });
    const disabled = await h.service.handlers['session.userByEmail']({ email: 'disabled@example.com', includeDisabled: true });
    expect(disabled).toMatchObject({ email: 'disabled@example.com', enabled: false });
    expect(await codeOf(h.service.handlers['session.userByEmail']({ email: 'disabled@example.com', includeDisabled: false }))).toBe('not_found');
    const ping = await h.service.handlers['session.ping']({});
    expect(ping.reachable).toBe(true);

    // A second session of the same user (another workstation), ended from here by its id.
    const other = createAuthApi({ baseUrl: server.url, retry: FAST_RETRY });
    const licenses = await other.licenses(DEMO);
    const opened = await other.openSession({ ...DEMO, licenseId: licenses[0].id, locale: 'en_US' });
    const otherInfo = await other.sessionInfo();
    const listed = await h.service.handlers['session.list']({});
    expect(listed[0]).toMatchObject({ sn: h.service.view().sessionId, current: true });
    expect(listed.find((x) => x.sn === otherInfo.sn)).toMatchObject({ current: false, userEmail: DEMO.email, createdAt: expect.any(String) });
    const ended = await h.service.handlers['session.endSession']({ sessionId: otherInfo.sn });
    expect((await h.service.handlers['session.list']({})).map((x) => x.sn)).not.toContain(otherInfo.sn);
    expect(ended.sn).toBe(otherInfo.sn);
    expect(await codeOf(other.sessionInfo())).toBe('unauthorized');
    expect(await codeOf(openJsonStream({ baseUrl: server.url, path: '/v1/api/pub/lists/facilities/query', method: 'GET', accessToken: opened.accessToken }))).toBe('unauthorized');
    expect(h.service.view().state).toBe('signed-in');
  });

  it("'demo' starts the in-process demo warehouse and signs in there", async () => {
    const server = await startDemoServer({ port: 0 });
    cleanup.push(() => server.close());
    let started = 0;
    const h = harness({ startDemoServer: async () => (started++, { url: server.url }) });
    cleanup.push(() => h.close());
    const result = await h.service.handlers['session.signIn']({ server: 'demo', email: 'solo@example.com', password: 'demo1234', rememberMe: false });
    expect(started).toBe(1);
    expect(result.status === 'signed-in' && result.session.server).toBe('demo');
    expect(h.service.baseUrl()).toBe(server.url);
    expect(h.service.identity()?.server).toBe('demo');
  });
});
