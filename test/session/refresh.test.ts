// Staying signed in: refresh before expiry, one refresh and retry on 401, refused refresh → expired
// (mirror identity kept), refresh-token reuse rejected by the server.
import { afterEach, describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { openJsonStream } from '../../electron/core/api/json-stream-request.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { readJson } from '../api/local-server.ts';
import { FAST_RETRY, harness } from './harness.ts';

const SOLO = { email: 'solo@example.com', password: 'demo1234' };
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
const codeOf = (p: unknown) => Promise.resolve(p).then(() => 'ok', (e: AisleError) => e.code);

async function setup(tokenDelivery: 'cookie' | 'header' | 'redirect', accessTtlSeconds = 900) {
  const server = await startDemoServer({ port: 0, tokenDelivery, accessTtlSeconds });
  cleanup.push(() => server.close());
  const h = harness();
  cleanup.push(() => h.close());
  await h.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: false });
  return { server, h };
}

for (const mode of ['cookie', 'header', 'redirect'] as const) {
  describe(`refresh (${mode})`, () => {
    it('refreshes before expiresAt with the rotated refresh token, again and again', async () => {
      const { server, h } = await setup(mode);
      const first = await h.service.accessToken();
      const expiresAt = Date.parse(h.service.view().expiresAt!);
      const due = h.clock.pending()[0];
      // Scheduled a little before expiry, never after it.
      expect(due).toBeLessThan(expiresAt - h.clock.now());
      expect(due).toBeGreaterThan(expiresAt - h.clock.now() - 61_000);

      const tokens = [first];
      for (let round = 0; round < 2; round++) {
        const refreshed = h.next('session.changed', (v) => v.state === 'signed-in');
        h.clock.fireNext();
        await refreshed;
        tokens.push(await h.service.accessToken());
      }
      expect(new Set(tokens).size).toBe(3);
      // Each rotated refresh was accepted (a reused one would have ended the session), and the cookie follows.
      expect((await h.service.handlers['session.info']({})).sn).toBe(h.service.view().sessionId);
      const list = await openJsonStream({ baseUrl: server.url, path: '/v1/api/pub/lists/facilities/query', method: 'GET', accessToken: tokens[2] });
      expect(list.status).toBe(200);
      expect(list.status === 200 && Array.isArray(await readJson(list.body))).toBe(true);
    });
  });
}

describe('refused refresh', () => {
  it('the server ending the session moves it to expired; the identity (and mirror) stay', async () => {
    const { server, h } = await setup('cookie');
    const identity = h.service.identity();
    const sn = h.service.view().sessionId!;
    // The user ends this session from another workstation.
    const other = createAuthApi({ baseUrl: server.url, retry: FAST_RETRY });
    const [license] = await other.licenses(SOLO);
    await other.openSession({ ...SOLO, licenseId: license.id, locale: 'es_ES' });
    await other.endSessionById(sn);

    const expired = h.next('session.changed', (v) => v.state === 'expired');
    const refused = h.next('connectivity.changed', (c) => c.state === 'refused');
    h.clock.fireNext();
    const view = await expired;
    expect(view).toMatchObject({ state: 'expired', email: SOLO.email, licenseId: identity!.licenseId });
    expect(h.service.identity()).toEqual(identity);
    expect(await codeOf(h.service.accessToken())).toBe('session_expired');
    expect(await codeOf(h.service.refreshAfterUnauthorized('x'))).toBe('session_expired');
    await refused;
    // Signing in again brings it back.
    const again = await h.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: false });
    expect(again.status === 'signed-in' && again.session.state).toBe('signed-in');
  });

  for (const tokenDelivery of ['cookie', 'header', 'redirect'] as const) {
    it(`the server rejects a reused refresh token and ends the session family (${tokenDelivery})`, async () => {
      const server = await startDemoServer({ port: 0, tokenDelivery });
      cleanup.push(() => server.close());
      const api = createAuthApi({ baseUrl: server.url, retry: FAST_RETRY });
      const [license] = await api.licenses(SOLO);
      const opened = await api.openSession({ ...SOLO, licenseId: license.id, locale: 'es_ES' });
      const second = await api.refreshSession({ ...SOLO, refreshToken: opened.refreshToken!, locale: 'es_ES' });
      expect(await codeOf(api.refreshSession({ ...SOLO, refreshToken: opened.refreshToken!, locale: 'es_ES' }))).toBe('unauthorized');
      expect(await codeOf(api.refreshSession({ ...SOLO, refreshToken: second.refreshToken!, locale: 'es_ES' }))).toBe('unauthorized');
      expect(await codeOf(openJsonStream({ baseUrl: server.url, path: '/v1/api/pub/lists/hazmat/query', method: 'GET', accessToken: second.accessToken }))).toBe('unauthorized');
    });
  }
});
