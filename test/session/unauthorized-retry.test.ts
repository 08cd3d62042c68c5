// A 401 from the server leads to one refresh and one retry: for a Bearer call to /v1/api/pub (through
// withAccessToken, the retry every request of a sync round goes through) and for a cookie call to /v1/auth/pub. The demo server's tokens live two seconds here, and the test
// waits for the server to reject them by polling it, not by sleeping.
import { afterEach, describe, expect, it } from 'vitest';
import type { AisleError } from '../../electron/contract/errors.ts';
import { withAccessToken } from '../../electron/core/api/authorized.ts';
import { openJsonStream } from '../../electron/core/api/json-stream-request.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { readJson } from '../api/local-server.ts';
import { harness } from './harness.ts';
import { until } from './manual-clock.ts';

const SOLO = { email: 'solo@example.com', password: 'demo1234' };
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});
const codeOf = (p: unknown) => Promise.resolve(p).then(() => 'ok', (e: AisleError) => e.code);

for (const mode of ['cookie', 'header', 'redirect'] as const) {
  describe(`401 → refresh → retry (${mode})`, () => {
    it('for a Bearer list call and for a cookie auth call', async () => {
      const server = await startDemoServer({ port: 0, tokenDelivery: mode, accessTtlSeconds: 2 });
      cleanup.push(() => server.close());
      // Two sessions opened together expire together: one wait serves both calls.
      const [bearer, cookie] = [harness(), harness()];
      cleanup.push(() => bearer.close(), () => cookie.close());
      for (const h of [bearer, cookie]) await h.service.handlers['session.signIn']({ server: server.url, ...SOLO, rememberMe: false });
      const stale = await bearer.service.accessToken();
      const staleCookie = await cookie.service.accessToken();
      for (const token of [stale, staleCookie]) {
        await until(async () => (await codeOf(openJsonStream({ baseUrl: server.url, path: '/v1/api/pub/lists/hazmat/query', method: 'GET', accessToken: token }))) === 'unauthorized', 'token expiry');
      }

      let calls = 0;
      const response = await withAccessToken(bearer.service, (accessToken) => {
        calls++;
        return openJsonStream({ baseUrl: server.url, path: '/v1/api/pub/lists/hazmat/query', method: 'GET', accessToken });
      });
      expect(calls).toBe(2);
      expect(response.status === 200 && Array.isArray(await readJson(response.body))).toBe(true);
      expect(await bearer.service.accessToken()).not.toBe(stale);

      expect((await cookie.service.handlers['session.info']({})).userEmail).toBe(SOLO.email);
      expect(await cookie.service.accessToken()).not.toBe(staleCookie);
      expect(cookie.service.view().state).toBe('signed-in');
    });
  });
}
