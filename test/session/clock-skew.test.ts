// A workstation clock that disagrees with the server's: the refresh is planned by the token's
// remaining life (expiresAt minus the server's Date), not by comparing the two clocks.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeJwt, json, localServer, type LocalServer } from '../api/local-server.ts';
import { harness } from './harness.ts';

let server: LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('clock skew', () => {
  for (const skewMinutes of [-90, 90]) {
    it(`server clock ${skewMinutes > 0 ? 'ahead' : 'behind'} by ${Math.abs(skewMinutes)} min: refresh still falls a minute before expiry`, async () => {
      const serverNow = () => Date.now() + skewMinutes * 60_000;
      server = await localServer((req, res) => {
        res.setHeader('Date', new Date(serverNow()).toUTCString());
        const url = req.url ?? '';
        const expiresAt = new Date(Math.floor(serverNow() / 1000) * 1000 + 900_000).toISOString();
        if (url.includes('/user/licenses')) return json(res, 200, [{ id: 'lic-1', enabled: true }]);
        if (url.includes('/user/session')) return json(res, 200, { refreshToken: 'r', expiresAt }, { 'Set-Cookie': `access_token=${fakeJwt()}; Path=/` });
        if (url.includes('/jwt/list')) return json(res, 200, { id: 'u', email: 'a@example.com' });
        return json(res, 200, { userEmail: 'a@example.com', licenseId: 'lic-1', sn: 's', expiresAt });
      });
      const h = harness();
      try {
        await h.service.handlers['session.signIn']({ server: server.url, email: 'a@example.com', password: 'pw', rememberMe: false });
        const left = Date.parse(h.service.view().expiresAt!) - h.clock.now();
        expect(left).toBeGreaterThan(895_000);
        expect(left).toBeLessThanOrEqual(901_000);
        const due = h.clock.pending()[0];
        expect(due).toBeGreaterThan(left - 61_000);
        expect(due).toBeLessThan(left);
      } finally {
        await h.close();
      }
    });
  }
});
