// An offline session keeps trying to go online on every check that finds the server answering,
// even when the first attempt fails and connectivity never changes state.
import { afterEach, describe, expect, it } from 'vitest';
import type { Connectivity } from '../../electron/contract/types.ts';
import { fakeJwt, json, localServer, type LocalServer } from '../api/local-server.ts';
import { harness } from './harness.ts';
import { until } from './manual-clock.ts';

let server: LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('going online', () => {
  it('retries opening the session after a server error, on the next successful ping', async () => {
    const script = { down: false, sessionFailures: 0 };
    server = await localServer((req, res) => {
      const url = req.url ?? '';
      const expiresAt = new Date(Date.now() + 900_000).toISOString();
      if (script.down && !url.includes('/ping')) return void req.socket.destroy();
      if (url.includes('/ping')) return json(res, 200, { status: 'UP' });
      if (url.includes('/user/licenses')) return json(res, 200, [{ id: 'lic-1', enabled: true }]);
      if (url.includes('/user/session')) {
        if (script.sessionFailures-- > 0) return json(res, 503, { message: 'warming up' });
        return json(res, 200, { refreshToken: 'r', expiresAt }, { 'Set-Cookie': `access_token=${fakeJwt()}; Path=/` });
      }
      if (url.includes('/jwt/list')) return json(res, 200, { id: 'u', email: 'a@example.com', name: 'Ann' });
      return json(res, 200, { userEmail: 'a@example.com', licenseId: 'lic-1', sn: `sn-${Math.random()}`, expiresAt });
    });
    const h = harness();
    try {
      const signIn = async () => h.service.handlers['session.signIn']({ server: server!.url, email: 'a@example.com', password: 'pw', rememberMe: false });
      await signIn();
      await h.service.handlers['session.signOut']({});
      script.down = true;
      const result = await signIn();
      expect(result.status === 'signed-in' && result.session.state).toBe('offline');
      // Pings answer, but opening the session fails once.
      script.down = false;
      script.sessionFailures = 1;
      await until(() => (h.service.handlers['connectivity.get']({}) as Connectivity).state === 'online' && server!.requests.some((r) => r.url.includes('/user/session')), 'first attempt');
      await until(() => h.clock.pending().length > 0, 'next check planned');
      expect(h.service.view().state).toBe('offline');
      const online = h.next('session.changed', (v) => v.state === 'signed-in');
      h.clock.fireNext();
      expect((await online).userName).toBe('Ann');
      // Connectivity said "online" all along since the offline sign-in: no change event drove the retry.
      expect(h.seen['connectivity.changed']?.map((c) => c.state)).toEqual(['online', 'unknown', 'online']);
    } finally {
      await h.close();
    }
  });
});
